/**
 * Comments through the facade: the same checks firestore.rules make for direct writes (text 1-1000
 * characters, not only whitespace; author edits; author or admin deletes). The stored
 * commentsCount follows from the comment trigger (triggers/notes.ts); the answers carry the
 * count as it is once the write is done.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import type { Caller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { readableNote } from './notes.js';
import { spendLimit } from './rate-limits.js';
import { commentView } from './views.js';

export const COMMENT_ERRORS = {
  notFound: 'Comment not found',
  edit: 'You can only edit your own comments',
  delete: 'You can only delete your own comments',
} as const;

/** The number of comments of a note now (an aggregation: one read per 1,000 comments). */
async function countComments(noteId: string): Promise<number> {
  const agg = await db().collection(`notes/${noteId}/comments`).count().get();
  return agg.data().count;
}

export async function addComment(caller: Caller, noteId: string, text: string) {
  await readableNote(caller, noteId);
  const profileRef = db().doc(`users/${caller.uid}`);
  const ref = db().collection(`notes/${noteId}/comments`).doc();
  // Comments are written here only (firestore.rules refuse them from clients), so this is where
  // they are bounded per user per minute.
  await db().runTransaction(async (tx) => {
    const spend = await spendLimit(tx, caller.uid, 'comment', `${noteId}/${ref.id}`);
    const profile = (await tx.get(profileRef)).data();
    spend();
    tx.create(ref, {
      text,
      authorId: caller.uid,
      username: (profile?.['username'] as string | undefined) ?? 'Anonymous User',
      commentedAt: FieldValue.serverTimestamp(),
    });
  });
  const commentsCount = await countComments(noteId);
  return { comment: commentView(ref.id, (await ref.get()).data()!), commentsCount };
}

async function existingComment(caller: Caller, noteId: string, commentId: string) {
  await readableNote(caller, noteId);
  const ref = db().doc(`notes/${noteId}/comments/${commentId}`);
  const snap = await ref.get();
  if (!snap.exists) throw new HttpError(404, COMMENT_ERRORS.notFound);
  return { ref, data: snap.data()! };
}

export async function editComment(caller: Caller, noteId: string, commentId: string, text: string) {
  const { ref, data } = await existingComment(caller, noteId, commentId);
  if (data['authorId'] !== caller.uid) throw new HttpError(403, COMMENT_ERRORS.edit);
  await ref.update({ text, editedAt: FieldValue.serverTimestamp() });
  return commentView(ref.id, (await ref.get()).data()!);
}

export async function deleteComment(caller: Caller, noteId: string, commentId: string) {
  const { ref, data } = await existingComment(caller, noteId, commentId);
  if (data['authorId'] !== caller.uid && !caller.admin)
    throw new HttpError(403, COMMENT_ERRORS.delete);
  await ref.delete();
  return countComments(noteId);
}
