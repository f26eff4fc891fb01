/**
 * What the note page shows, mapped from Firestore documents (docs/data-model.md), and the pure
 * rules of the page: which files get a preview, which message a failure shows (spec section 8).
 * Comments are their own feature (features/comments). Pure, so it is unit-tested without an SDK.
 */
import { BATCHES, NOTE_FILE_TYPES, noteFileTypeFor, type Batch } from '@notenest/shared';
import {
  readNoteBasics,
  text,
  type NoteBasics,
  type NoteData,
} from '../../../shared/notes/note-fields';

export interface NoteDetail extends NoteBasics {
  id: string;
  batch: Batch | null;
  fileType: string | null;
  uploaderId: string | null;
  approved: boolean;
  /** Taken out of public view by readers' reports until an admin acts (issue 30). */
  underReview: boolean;
}

export function toNoteDetail(id: string, data: NoteData): NoteDetail {
  const batch = data['batch'];
  return {
    id,
    ...readNoteBasics(data),
    batch: (BATCHES as readonly unknown[]).includes(batch) ? (batch as Batch) : null,
    fileType: text(data['fileType']),
    uploaderId: text(data['uploaderId']),
    approved: data['approved'] === true,
    underReview: data['underReview'] === true,
  };
}

export type PreviewKind = 'pdf' | 'docx' | 'text';

const PREVIEW_KINDS: Readonly<Record<string, PreviewKind>> = {
  [NOTE_FILE_TYPES.pdf]: 'pdf',
  [NOTE_FILE_TYPES.docx]: 'docx',
  [NOTE_FILE_TYPES.txt]: 'text',
};

/** Which in-page preview a file gets: PDF, DOCX and TXT (by stored type, else by name). */
export function previewKindOf(
  note: Pick<NoteDetail, 'fileType' | 'fileName' | 'fileUrl'>,
): PreviewKind | null {
  if (!note.fileUrl) return null;
  const type = note.fileType ?? noteFileTypeFor(note.fileName ?? '');
  return type ? (PREVIEW_KINDS[type] ?? null) : null;
}

/** The spec's failure texts (section 8): a facade answer's own message, else its fallbacks. */
export const ACTION_MESSAGES = {
  archive: {
    success: 'Note archived successfully',
    failed: 'Failed to archive the note',
    exception: 'Something went wrong while archiving',
  },
  deleteNote: {
    failed: 'Failed to delete the note',
    exception: 'Something went wrong while deleting the note',
  },
} as const;

export const DELETE_NOTE_CONFIRMATION =
  'Are you sure you want to delete this note? Its comments and likes go with it.';

/**
 * A note page's document title: the note's, then the site's. The same in the page the server
 * renders (app/prerender.tsx notePageHtml) and while the app shows the note.
 */
export function noteDocumentTitle(title: string): string {
  return `${title} – NoteNest`;
}
