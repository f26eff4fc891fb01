import { NOTE_MESSAGES } from '@notenest/shared';
import { lazy, Suspense } from 'react';
import { Alert } from '../../../shared/ui/alert';
import { LoadingState } from '../../../shared/ui/loading-state';
import { useNearViewport } from '../../../shared/utils/use-near-viewport';
import { previewKindOf, type NoteDetail } from '../api/note-detail-model';
import { PdfPlaceholder } from './pdf-placeholder';

// The readers (PDF.js, mammoth) and the file loads (TanStack Query) come only when the preview
// nears the viewport: nothing of them is in the note page's first load (bundle budget).
const PdfPreview = lazy(() => import('./pdf-preview'));
const DocxPreview = lazy(() => import('./docx-preview'));
const TextPreview = lazy(() => import('./text-preview'));

/**
 * The in-page preview, on every device: PDFs drawn page by page with PDF.js (phones show no PDF
 * in an iframe), DOCX as HTML, TXT as text. Word 97 files have none. A file the server refused
 * (its bytes are not its type) is said so, and never fetched.
 */
export function NotePreview({ note }: { note: NoteDetail }) {
  const kind = previewKindOf(note);
  const [box, near] = useNearViewport<HTMLDivElement>();
  const label = `Preview of ${note.fileName ?? note.title}`;
  const url = note.fileUrl;
  return (
    <section aria-labelledby="note-preview-heading" className="nn-panel nn-note-preview">
      <h2 id="note-preview-heading" className="nn-heading nn-note-section__title">
        Preview
      </h2>
      <div
        ref={box}
        className={kind && url && !note.fileRefused ? 'nn-note-preview__box--sized' : undefined}
      >
        {note.fileRefused ? (
          <Alert data-testid="file-refused">
            {NOTE_MESSAGES.fileContent}. The file is not shown or served.
          </Alert>
        ) : kind && url ? (
          near ? (
            <Suspense
              fallback={
                kind === 'pdf' ? <PdfPlaceholder /> : <LoadingState label="Loading preview..." />
              }
            >
              {kind === 'pdf' && <PdfPreview url={url} title={label} />}
              {kind === 'docx' && <DocxPreview url={url} title={label} />}
              {kind === 'text' && <TextPreview url={url} />}
            </Suspense>
          ) : (
            // Its place is kept until then too (see PdfPlaceholder).
            kind === 'pdf' && <div className="nn-note-preview__placeholder" aria-hidden="true" />
          )
        ) : (
          <p className="nn-muted">
            A preview is available for PDF, DOCX and TXT files. Use View Notes or Download to open
            this file.
          </p>
        )}
      </div>
    </section>
  );
}
