/**
 * The facade's like route (routes/likes.ts) on the run's stack: one like per reader, toggled, with
 * an exact count; and the rate limits that likes and uploads through the facade share with
 * direct writes (issue 17).
 */
import { getFirestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from '../firebase.js';
import { createApprovedNote, makeCast, noteForm, type Cast } from '../testing/api-fixtures.js';
import { createAccount } from '../testing/stack.js';

const TAG = 'api-likes';
let cast: Cast;
let call: Cast['call'];
let alice: Cast['alice'];
let bob: Cast['bob'];
/** An approved note of Alice's, liked by nobody before these tests. */
let noteId: string;

beforeAll(async () => {
  cast = await makeCast(TAG, { alice: 'Lia Likes', bob: 'Leo Likes', admin: 'Admin Likes' });
  ({ call, alice, bob } = cast);
  noteId = await createApprovedNote(cast, { title: 'Like Fixture Notes' });
});

describe('likes', () => {
  it('like toggles one like per user', async () => {
    expect((await call('PUT', `/notes/${noteId}/like`)).status).toBe(401);
    expect((await call('PUT', `/notes/${noteId}/like`, { token: bob.token })).body).toMatchObject({
      success: true,
      liked: true,
      likesCount: 1,
    });
    expect(
      (await call('PUT', `/api/notes/${noteId}/like`, { token: alice.token })).body,
    ).toMatchObject({ liked: true, likesCount: 2 });
    expect((await call('PUT', `/notes/${noteId}/like`, { token: bob.token })).body).toMatchObject({
      liked: false,
      likesCount: 1,
    });
    expect(
      (await call('GET', `/uploading/get/${noteId}`, { token: alice.token })).body.note,
    ).toMatchObject({ likesCount: 1, liked: true });
    expect((await call('PUT', '/notes/missing123456/like', { token: bob.token })).status).toBe(404);
  });
});

describe('like and upload rate limits', () => {
  const db = () => getFirestore(adminApp());

  it('likes and uploads through the facade spend the same budget as direct writes', async () => {
    const acc = await createAccount(cast.stack, TAG, 'Busy Bee');
    const spent = (action: string, count: number) =>
      db()
        .doc(`users/${acc.uid}/limits/${action}`)
        .set({ windowStart: new Date(), count, at: new Date(), key: 'earlier' });
    await spent('like', 29);
    expect((await call('PUT', `/notes/${noteId}/like`, { token: acc.token })).body).toMatchObject({
      liked: true,
    });
    // Unliking spends nothing; liking again is the 31st like of the minute.
    expect((await call('PUT', `/notes/${noteId}/like`, { token: acc.token })).body).toMatchObject({
      liked: false,
    });
    expect(await call('PUT', `/notes/${noteId}/like`, { token: acc.token })).toEqual({
      status: 429,
      body: {
        success: false,
        message: "You're liking too fast. Please wait a minute and try again.",
      },
    });
    await spent('upload', 5);
    const before = (await db().collection('notes').where('uploaderId', '==', acc.uid).get()).size;
    expect(
      await call('POST', '/uploading/create', {
        token: acc.token,
        form: noteForm({ fileUrl: 'https://example.com/r.pdf' }),
      }),
    ).toEqual({
      status: 429,
      body: {
        success: false,
        message: "You're uploading too fast. Please wait a minute and try again.",
      },
    });
    expect((await db().collection('notes').where('uploaderId', '==', acc.uid).get()).size).toBe(
      before,
    );
  });
});
