/**
 * In-app notifications, `users/{uid}/notifications/{id}` (docs/data-model.md "Notifications"):
 * written only here, by functions (the rules refuse every client write but the owner's `read`).
 * Callers pass a deterministic id per event, because triggers are retried (at least once
 * delivery): the same event writes the same document, never a second one.
 */
import {
  COMMENT_NOTIFICATION_WINDOW_MS,
  NOTIFICATION_TTL_MS,
  type NotificationInput,
} from '@notenest/shared';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { deleteAll } from './batch.js';

/** gRPC ALREADY_EXISTS: `create` of a document that is there. */
const ALREADY_EXISTS = 6;

/** The document for `n`, created now; undefined optional fields are left out (strict schema). */
function notificationData(n: NotificationInput, now: Timestamp): DocumentData {
  return {
    type: n.type,
    noteId: n.noteId,
    noteTitle: n.noteTitle,
    ...(n.reason ? { reason: n.reason } : {}),
    ...(n.actorName ? { actorName: n.actorName } : {}),
    ...(n.followKind ? { followKind: n.followKind } : {}),
    ...(n.followName ? { followName: n.followName } : {}),
    createdAt: now,
    read: false,
    expireAt: Timestamp.fromMillis(now.toMillis() + NOTIFICATION_TTL_MS),
  };
}

/**
 * Notifies `uid` once per `id`: a retried event finds the document there and changes nothing
 * (in particular it does not turn a notification the user has read back to unread).
 */
export async function notify(uid: string, id: string, n: NotificationInput): Promise<void> {
  try {
    await db().doc(`users/${uid}/notifications/${id}`).create(notificationData(n, Timestamp.now()));
  } catch (e) {
    if ((e as { code?: unknown }).code !== ALREADY_EXISTS) throw e;
  }
}

/**
 * Notifies each of `uids` once per `id`, as `notify` does, for many users at once (the follow
 * fan-out: up to FOLLOW_FANOUT_PAGE): one BulkWriter, each create on its own, so a user already
 * notified (a retry, or a follow of both the note's course and its subject) keeps theirs and the
 * others still get one.
 */
export async function notifyEach(uids: readonly string[], id: string, n: NotificationInput) {
  const data = notificationData(n, Timestamp.now());
  const writer = db().bulkWriter();
  // Retried by the writer up to its limit, except a document that is there (nothing to do).
  writer.onWriteError((e) => e.code !== ALREADY_EXISTS && e.failedAttempts < 5);
  const failed: unknown[] = [];
  for (const uid of uids)
    writer.create(db().doc(`users/${uid}/notifications/${id}`), data).catch((e: unknown) => {
      if ((e as { code?: unknown }).code !== ALREADY_EXISTS) failed.push(e);
    });
  await writer.close();
  if (failed.length) throw failed[0];
}

/**
 * Notifies `uid` of a comment `commenterId` made at `atMs` on `n.noteId`, at most once an hour
 * per commenter and note (COMMENT_NOTIFICATION_WINDOW_MS), however many comments they post: the
 * pair's one document (`comment-<noteId>-<commenterId>`) is written afresh (unread, dated by the
 * comment) only for a comment made an hour or more after the one it holds. A window from the
 * comment, not clock hours: two comments a second apart around 10:00 made two notifications
 * when the id held the hour (seen in a test run at 09:00). In a transaction, so comments whose
 * triggers run at once make one; a retried trigger, or an older comment's late one, finds the
 * document and changes nothing (nor turns it back to unread).
 */
export async function notifyOfComment(
  uid: string,
  commenterId: string,
  atMs: number,
  n: NotificationInput,
): Promise<void> {
  const ref = db().doc(`users/${uid}/notifications/comment-${n.noteId}-${commenterId}`);
  await db().runTransaction(async (tx) => {
    const since = (await tx.get(ref)).get('createdAt') as unknown;
    if (since instanceof Timestamp && atMs < since.toMillis() + COMMENT_NOTIFICATION_WINDOW_MS)
      return;
    tx.set(ref, notificationData(n, Timestamp.fromMillis(atMs)));
  });
}

/** Keeps what the uploader reads of a rejected (deleted) note on My Uploads. */
export async function recordRejection(
  uid: string,
  noteId: string,
  r: { title: string; reason?: string },
): Promise<void> {
  const now = Timestamp.now();
  await db()
    .doc(`users/${uid}/rejections/${noteId}`)
    .set({
      title: r.title,
      ...(r.reason ? { reason: r.reason } : {}),
      rejectedAt: now,
      expireAt: Timestamp.fromMillis(now.toMillis() + NOTIFICATION_TTL_MS),
    });
}

/** Deletes per query page: a day's expired documents may be many. */
const SWEEP_PAGE = 400;

/**
 * Deletes the notifications and rejection records whose `expireAt` has passed, a page at a time.
 * The TTL policy (firestore.indexes.json) does this in production too, within a day or so of
 * expiry; the emulator applies no TTL, and this sweep bounds the delay everywhere.
 */
export async function deleteExpiredNotifications(now = Timestamp.now()): Promise<number> {
  let deleted = 0;
  for (const group of ['notifications', 'rejections']) {
    for (;;) {
      const page = await db()
        .collectionGroup(group)
        .where('expireAt', '<', now)
        .limit(SWEEP_PAGE)
        .get();
      if (page.empty) break;
      await deleteAll(page.docs.map((d) => d.ref));
      deleted += page.size;
      if (page.size < SWEEP_PAGE) break;
    }
  }
  return deleted;
}

/**
 * An admin rejected a pending note (Reject on Pending Approvals deletes it, spec): its uploader
 * gets a 'noteRejected' notification and a record for My Uploads, both with the reason when one
 * was given. `note`: the note as it was before the delete. An admin rejecting their own note is
 * told nothing.
 */
export async function tellRejected(
  noteId: string,
  note: DocumentData,
  reason: string | undefined,
  adminUid: string,
): Promise<void> {
  const uid = note['uploaderId'];
  if (typeof uid !== 'string' || uid === '' || uid === adminUid) return;
  const title = String(note['title'] ?? '');
  await Promise.all([
    recordRejection(uid, noteId, { title, reason }),
    notify(uid, `rejected-${noteId}`, { type: 'noteRejected', noteId, noteTitle: title, reason }),
  ]);
}
