/**
 * In-app notifications (issue 30 item 2) on the run's stack: an approval and a comment by
 * someone else notify the uploader (the triggers), a rejection with a reason reaches the
 * uploader's notification and My Uploads' record (the admin route), and the daily cleanup
 * deletes expired ones (its handler, called directly as the schedule would).
 */
import {
  getFirestore,
  Timestamp,
  type DocumentData,
  type Firestore,
} from 'firebase-admin/firestore';
import { NOTIFICATION_TTL_MS } from '@notenest/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from '../firebase.js';
import { deleteExpiredNotifications } from '../services/notifications.js';
import { createApprovedNote, makeCast, noteForm, type Cast } from '../testing/api-fixtures.js';
import { eventually } from '../testing/stack.js';

const TAG = 'api-notifications';
let cast: Cast;
let db: Firestore;

beforeAll(async () => {
  cast = await makeCast(TAG, {
    alice: 'Nia Notified',
    bob: 'Ned Notifier',
    admin: 'Admin Notifier',
  });
  db = getFirestore(adminApp());
});

/** `uid`'s notifications about `noteId`, oldest first. */
async function notificationsOf(uid: string, noteId: string) {
  const q = await db.collection(`users/${uid}/notifications`).where('noteId', '==', noteId).get();
  return q.docs
    .map((d): DocumentData => ({ id: d.id, ...d.data() }))
    .sort(
      (a, b) => (a['createdAt'] as Timestamp).toMillis() - (b['createdAt'] as Timestamp).toMillis(),
    );
}

/** Alice's pending note with a file URL (no file to read); resolves to its id. */
async function pendingNote(title: string): Promise<string> {
  const r = await cast.call('POST', '/api/uploading/create', {
    token: cast.alice.token,
    form: noteForm({
      title,
      subjectName: 'Notification Studies',
      fileUrl: 'https://example.com/n.pdf',
      fileName: 'n.pdf',
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.note._id as string;
}

describe('notifications', () => {
  it('approval: the uploader is told once, unread, expiring in 90 days', async () => {
    const noteId = await createApprovedNote(cast, { title: 'Approved for notifications' });
    const [n, ...more] = await eventually(
      () => notificationsOf(cast.alice.uid, noteId),
      (list) => list.length > 0,
      { what: "alice's approval notification" },
    );
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      type: 'noteApproved',
      noteId,
      noteTitle: 'Approved for notifications',
      read: false,
    });
    const created = (n!['createdAt'] as Timestamp).toMillis();
    expect((n!['expireAt'] as Timestamp).toMillis() - created).toBe(NOTIFICATION_TTL_MS);
    // The admin who approved gets nothing about it.
    expect(await notificationsOf(cast.admin.uid, noteId)).toEqual([]);
  });

  it('rejection: the reason reaches the notification and the My Uploads record', async () => {
    const noteId = await pendingNote('Rejected with a reason');
    const tooLong = await cast.call('DELETE', `/api/admin/notes/${noteId}`, {
      token: cast.admin.token,
      json: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Reason must be at most 500 characters');
    expect((await db.doc(`notes/${noteId}`).get()).exists).toBe(true);

    const r = await cast.call('DELETE', `/api/admin/notes/${noteId}`, {
      token: cast.admin.token,
      json: { reason: '  Wrong subject: this is Thermodynamics  ' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await db.doc(`notes/${noteId}`).get()).exists).toBe(false);
    const [n, ...more] = await notificationsOf(cast.alice.uid, noteId);
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      id: `rejected-${noteId}`,
      type: 'noteRejected',
      noteTitle: 'Rejected with a reason',
      reason: 'Wrong subject: this is Thermodynamics',
      read: false,
    });
    const record = (await db.doc(`users/${cast.alice.uid}/rejections/${noteId}`).get()).data();
    expect(record).toMatchObject({
      title: 'Rejected with a reason',
      reason: 'Wrong subject: this is Thermodynamics',
    });
  });

  it('rejection without a reason still tells the uploader; deleting an approved note does not', async () => {
    const pending = await pendingNote('Rejected silently before');
    const r = await cast.call('DELETE', `/api/admin/notes/${pending}`, { token: cast.admin.token });
    expect(r.status).toBe(200);
    const [n] = await notificationsOf(cast.alice.uid, pending);
    expect(n).toMatchObject({ type: 'noteRejected', noteTitle: 'Rejected silently before' });
    expect(n).not.toHaveProperty('reason');

    // An approved note's removal is not a rejection (Remove, not Reject).
    const approved = await createApprovedNote(cast, { title: 'Removed after approval' });
    await eventually(
      () => notificationsOf(cast.alice.uid, approved),
      (list) => list.length === 1,
      { what: 'the approval notification' },
    );
    expect(
      (await cast.call('DELETE', `/api/admin/notes/${approved}`, { token: cast.admin.token }))
        .status,
    ).toBe(200);
    expect((await notificationsOf(cast.alice.uid, approved)).map((x) => x['type'])).toEqual([
      'noteApproved',
    ]);
    expect((await db.doc(`users/${cast.alice.uid}/rejections/${approved}`).get()).exists).toBe(
      false,
    );
  });

  it("a comment by someone else notifies the uploader, once an hour per commenter; the uploader's own does not", async () => {
    const noteId = await createApprovedNote(cast, { title: 'Commented for notifications' });
    const comment = (token: string, text: string) =>
      cast.call('POST', `/api/notes/${noteId}/comment`, { token, json: { text } });
    expect((await comment(cast.bob.token, 'Great summary')).status).toBe(201);
    const notes = await eventually(
      () => notificationsOf(cast.alice.uid, noteId),
      (list) => list.some((n) => n['type'] === 'comment'),
      { what: "alice's comment notification" },
    );
    expect(notes.filter((n) => n['type'] === 'comment')).toEqual([
      expect.objectContaining({
        type: 'comment',
        noteTitle: 'Commented for notifications',
        actorName: 'Ned Notifier',
        read: false,
      }),
    ]);

    // Alice's own comment, then bob's second one. The trigger writes a comment's notification
    // before the note's count, so a count that includes a comment means its notification (if
    // any) is written: each count is waited for before the notifications are read again.
    const commentsCount = (n: number) =>
      eventually(
        async () => (await db.doc(`notes/${noteId}`).get()).get('commentsCount') as number,
        (c) => c === n,
        { what: `commentsCount ${n}` },
      );
    await commentsCount(1);
    expect((await comment(cast.alice.token, 'Thanks!')).status).toBe(201);
    await commentsCount(2);
    expect((await comment(cast.bob.token, 'One more thing')).status).toBe(201);
    await commentsCount(3);
    const after = await notificationsOf(cast.alice.uid, noteId);
    expect(after.filter((n) => n['type'] === 'comment')).toHaveLength(1);
    expect(await notificationsOf(cast.bob.uid, noteId)).toEqual([]);
  });

  it('a comment notification is once an hour from its first comment, not once a clock hour', async () => {
    const noteId = await createApprovedNote(cast, { title: 'Commented around the hour' }, cast.bob);
    const uid = cast.bob.uid;
    const author = 'hour-boundary-commenter';
    const hour = 60 * 60 * 1000;
    // Half a second before a clock hour, then a second later: one notification.
    const t = Math.ceil(Date.now() / hour) * hour - 500;
    let n = 0;
    const commentAt = async (ms: number) => {
      await db.collection(`notes/${noteId}/comments`).add({
        authorId: author,
        username: 'Hugo Hour',
        text: `at ${ms}`,
        commentedAt: Timestamp.fromMillis(ms),
      });
      const count = ++n;
      await eventually(
        async () => (await db.doc(`notes/${noteId}`).get()).get('commentsCount') as number,
        (c) => c === count,
        { what: `commentsCount ${count}` },
      );
    };
    const fromAuthor = async () =>
      (await notificationsOf(uid, noteId)).filter((x) => x['actorName'] === 'Hugo Hour');
    await commentAt(t);
    await commentAt(t + 1000);
    const [first, ...more] = await fromAuthor();
    expect(more).toEqual([]);
    expect((first!['createdAt'] as Timestamp).toMillis()).toBe(t);
    // Read, then a comment two hours on: the same notification, new and unread again.
    await db.doc(`users/${uid}/notifications/${String(first!['id'])}`).update({ read: true });
    await commentAt(t + 2 * hour);
    const [again, ...others] = await fromAuthor();
    expect(others).toEqual([]);
    expect(again).toMatchObject({ read: false });
    expect((again!['createdAt'] as Timestamp).toMillis()).toBe(t + 2 * hour);
  });

  it('the daily cleanup deletes expired notifications and rejection records and keeps the rest', async () => {
    const uid = cast.bob.uid;
    const now = Date.now();
    const at = (ms: number) => Timestamp.fromMillis(ms);
    const base = { type: 'comment', noteId: 'gone', noteTitle: 'Old news', read: true };
    await Promise.all([
      db.doc(`users/${uid}/notifications/expired`).set({
        ...base,
        createdAt: at(now - NOTIFICATION_TTL_MS - 1000),
        expireAt: at(now - 1000),
      }),
      db
        .doc(`users/${uid}/notifications/fresh`)
        .set({ ...base, createdAt: at(now), expireAt: at(now + NOTIFICATION_TTL_MS) }),
      db.doc(`users/${uid}/rejections/gone`).set({
        title: 'Old news',
        rejectedAt: at(now - NOTIFICATION_TTL_MS - 1000),
        expireAt: at(now - 1000),
      }),
    ]);
    expect(await deleteExpiredNotifications()).toBeGreaterThanOrEqual(2);
    expect((await db.doc(`users/${uid}/notifications/expired`).get()).exists).toBe(false);
    expect((await db.doc(`users/${uid}/rejections/gone`).get()).exists).toBe(false);
    expect((await db.doc(`users/${uid}/notifications/fresh`).get()).exists).toBe(true);
  });
});
