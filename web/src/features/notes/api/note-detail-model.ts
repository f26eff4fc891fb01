/**
 * What the note page shows, mapped from Firestore documents (docs/data-model.md), and the pure
 * rules of the page: who sees which comment buttons, which files get a preview, which message a
 * failure shows (spec section 8). Pure, so it is unit-tested without an SDK.
 */
import { BATCHES, NOTE_FILE_TYPES, noteFileTypeFor, type Batch } from '@notenest/shared';
import { errorMessage } from '../../../shared/errors/app-error';
import { readNoteBasics, text, type NoteBasics } from '../../../shared/notes/note-fields';
import { toDate } from '../../../shared/utils/dates';

export interface NoteDetail extends NoteBasics {
  id: string;
  batch: Batch | null;
  fileType: string | null;
  uploaderId: string | null;
  approved: boolean;
}

export interface NoteComment {
  id: string;
  text: string;
  authorId: string | null;
  username: string | null;
  commentedAt: Date | null;
  editedAt: Date | null;
}

/** The one who is looking: enough to decide which buttons a comment shows. */
export interface Viewer {
  uid: string;
  role: 'user' | 'admin';
}

export const ANONYMOUS_USER = 'Anonymous User';

export function toNoteDetail(id: string, data: Record<string, unknown>): NoteDetail {
  const batch = data['batch'];
  return {
    id,
    ...readNoteBasics(data),
    batch: (BATCHES as readonly unknown[]).includes(batch) ? (batch as Batch) : null,
    fileType: text(data['fileType']),
    uploaderId: text(data['uploaderId']),
    approved: data['approved'] === true,
  };
}

export function toNoteComment(id: string, data: Record<string, unknown>): NoteComment {
  return {
    id,
    text: typeof data['text'] === 'string' ? data['text'] : '',
    authorId: text(data['authorId']),
    username: text(data['username']),
    commentedAt: toDate(data['commentedAt']),
    editedAt: toDate(data['editedAt']),
  };
}

/** The spec's author label: the username, "Anonymous User" when missing. */
export function commentAuthor(comment: Pick<NoteComment, 'username'>): string {
  return comment.username ?? ANONYMOUS_USER;
}

/** The letter in the comment's avatar: the author label's first character, upper-cased. */
export function commentInitial(comment: Pick<NoteComment, 'username'>): string {
  const first = Array.from(commentAuthor(comment).trim())[0];
  return first ? first.toLocaleUpperCase('en-US') : '?';
}

/** firestore.rules: only the author edits a comment. */
export function canEditComment(comment: Pick<NoteComment, 'authorId'>, viewer: Viewer): boolean {
  return comment.authorId !== null && comment.authorId === viewer.uid;
}

/** firestore.rules: the author or an admin (moderation) deletes a comment. */
export function canDeleteComment(comment: Pick<NoteComment, 'authorId'>, viewer: Viewer): boolean {
  return canEditComment(comment, viewer) || viewer.role === 'admin';
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
  update: {
    failed: 'Failed to update comment',
    exception: 'Something went wrong while updating comment',
  },
  delete: {
    failed: 'Failed to delete comment',
    exception: 'Something went wrong while deleting comment',
  },
  add: {
    failed: 'Failed to add comment',
    exception: 'Something went wrong while adding comment',
  },
  deleteNote: {
    failed: 'Failed to delete the note',
    exception: 'Something went wrong while deleting the note',
  },
} as const;

export const DELETE_NOTE_CONFIRMATION =
  'Are you sure you want to delete this note? Its comments and likes go with it.';

export const DELETE_COMMENT_CONFIRMATION = 'Are you sure you want to delete this comment?';

/**
 * A failed facade call: the server's message when it answered with one, the action's "Failed to
 * ..." text when it answered without, and its "Something went wrong ..." text when no answer
 * came at all (network failure, no session).
 */
export function failureMessage(
  error: unknown,
  texts: { failed: string; exception: string },
): string {
  return errorMessage(error, {
    fallback: texts.failed,
    exception: texts.exception,
    ownMessages: false,
  });
}
