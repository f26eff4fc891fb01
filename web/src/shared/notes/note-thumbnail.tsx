import { fileExtension } from '@notenest/shared';
import './note-thumbnail.css';

/** The file type a note's file name says, for the thumbnail's placeholder ("PDF", "LINK"). */
export function fileLabel(fileName: string | null): string {
  return fileExtension(fileName ?? '').toUpperCase() || 'LINK';
}

/**
 * A note's first-page thumbnail (made by the server when the file lands), or its file type
 * while there is none. Always the same box, so a card never moves when the image arrives;
 * loaded lazily, decorative (the card's title names the note).
 */
export function NoteThumbnail({ url, fileName }: { url: string | null; fileName: string | null }) {
  return (
    <span className="nn-thumbnail" data-testid="note-thumbnail">
      {url ? (
        <img src={url} alt="" width={68} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className="nn-thumbnail__type" aria-hidden="true">
          {fileLabel(fileName)}
        </span>
      )}
    </span>
  );
}
