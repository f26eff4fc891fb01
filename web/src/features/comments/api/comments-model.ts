/**
 * Comments as every screen shows them (the note page and Browse's inline view), mapped from
 * notes/{id}/comments documents (docs/data-model.md), and their pure rules: the author's label,
 * who sees which buttons (as firestore.rules and the facade decide), the spec's texts. Pure, so
 * it is unit-tested without an SDK.
 */
import type { Comment } from '@notenest/shared';
import { text } from '../../../shared/notes/note-fields';
import { toDate } from '../../../shared/utils/dates';

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

/** `data`: a comment document as it arrives (the shared schema's fields, unchecked). */
export function toNoteComment(
  id: string,
  data: Partial<Record<keyof Comment, unknown>>,
): NoteComment {
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

/** Browse's pseudo author label (spec: "User_" and the comment id's first 4 characters). */
export function pseudoAuthorLabel(commentId: string): string {
  return `User_${commentId.slice(0, 4)}`;
}

/** Comments listed, newest first (the heading's count comes from the note past that). */
export const COMMENTS_SHOWN = 200;

export const COMMENT_PLACEHOLDER = 'Share your thoughts on these notes...';
export const NO_COMMENTS_TEXT = 'No comments yet. Be the first to comment!';
export const DELETE_COMMENT_CONFIRMATION = 'Are you sure you want to delete this comment?';

/** The spec's failure texts (section 8): a facade answer's own message, else these. */
export const COMMENT_MESSAGES = {
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
} as const;
