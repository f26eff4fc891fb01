/**
 * The facade's comment routes (routes/comments.ts) on the run's stack: add, edit and delete with
 * their owners and an admin, exact counts under concurrent adds, and the comment rate limit
 * (issue 17).
 */
import { getFirestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from '../firebase.js';
import { createApprovedNote, makeCast, type Cast } from '../testing/api-fixtures.js';
import { createAccount, eventually } from '../testing/stack.js';

const TAG = 'api-comments';
let cast: Cast;
let call: Cast['call'];
let alice: Cast['alice'];
let bob: Cast['bob'];
let admin: Cast['admin'];
/** An approved note of Alice's that these tests comment on. */
let noteId: string;

beforeAll(async () => {
  cast = await makeCast(TAG, {
    alice: 'Cara Comments',
    bob: 'Cole Comments',
    admin: 'Admin Comments',
  });
  ({ call, alice, bob, admin } = cast);
  noteId = await createApprovedNote(cast, { title: 'Comment Fixture Notes' });
});

describe('comments', () => {
  it('comments: add, edit by the author only, delete by the author or an admin, exact count', async () => {
    expect((await call('POST', `/notes/${noteId}/comment`, { json: { text: 'hi' } })).status).toBe(
      401,
    );
    expect(
      (await call('POST', `/notes/${noteId}/comment`, { token: bob.token, json: { text: '   ' } }))
        .body.message,
    ).toBe('Comment text is required');
    expect(
      (
        await call('POST', `/notes/${noteId}/comment`, {
          token: bob.token,
          json: { text: 'x'.repeat(1001) },
        })
      ).status,
    ).toBe(400);
    const a = await call('POST', `/notes/${noteId}/comment`, {
      token: bob.token,
      json: { text: ' Great notes ' },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      success: true,
      commentsCount: 1,
      comment: { text: 'Great notes', username: 'Cole Comments', authorId: bob.uid },
    });
    const cid = a.body.comment._id;
    const b = await call('POST', `/api/notes/${noteId}/comment`, {
      token: alice.token,
      json: { text: 'Thanks' },
    });
    expect(b.body.commentsCount).toBe(2);
    expect(
      (
        await call('PUT', `/notes/comments/${noteId}/${cid}`, {
          token: alice.token,
          json: { text: 'edited' },
        })
      ).status,
    ).toBe(403);
    const edit = await call('PUT', `/api/notes/comments/${noteId}/${cid}`, {
      token: bob.token,
      json: { text: 'Great notes!' },
    });
    expect(edit.body).toMatchObject({
      success: true,
      message: 'Comment updated successfully',
      comment: { text: 'Great notes!' },
    });
    expect(edit.body.comment.editedAt).toBeTruthy();
    expect(
      (
        await call('DELETE', `/notes/comments/${noteId}/${b.body.comment._id}`, {
          token: bob.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('DELETE', `/notes/comments/${noteId}/nope`, { token: bob.token })).status,
    ).toBe(404);
    const del = await call('DELETE', `/notes/comments/${noteId}/${b.body.comment._id}`, {
      token: admin.token,
    });
    expect(del.body).toEqual({
      success: true,
      message: 'Comment deleted successfully',
      commentsCount: 1,
    });
    const page = await eventually(
      () => call('GET', `/uploading/get/${noteId}`),
      (p) => p.body.note.commentsCount === 1,
      { what: 'the stored commentsCount 1' },
    );
    expect(page.body.note.comments.map((c: { text: string }) => c.text)).toEqual(['Great notes!']);
  });

  it('comments added at the same time are all counted (recounts do not overwrite each other)', async () => {
    const before = (
      await eventually(
        () => call('GET', `/uploading/get/${noteId}`),
        (p) => p.body.note.commentsCount === p.body.note.comments.length,
      )
    ).body.note.commentsCount;
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `/notes/${noteId}/comment`, {
          token: i % 2 ? alice.token : bob.token,
          json: { text: `at once ${i}` },
        }),
      ),
    );
    expect(added.map((r) => r.status)).toEqual(Array(8).fill(201));
    const note = (
      await eventually(
        () => call('GET', `/uploading/get/${noteId}`),
        (p) => p.body.note.commentsCount === before + 8,
        { what: `commentsCount ${before + 8}` },
      )
    ).body.note;
    expect(note.comments).toHaveLength(before + 8);
  });
});

describe('comment rate limit', () => {
  const db = () => getFirestore(adminApp());

  it('the 11th comment within a minute is refused with a clear message; the window ends', async () => {
    const acc = await createAccount(cast.stack, TAG, 'Chatty Cat');
    const comment = (i: number) =>
      call('POST', `/api/notes/${noteId}/comment`, {
        token: acc.token,
        json: { text: `comment ${i}` },
      });
    for (let i = 1; i <= 10; i++) expect((await comment(i)).status).toBe(201);
    expect(await comment(11)).toEqual({
      status: 429,
      body: {
        success: false,
        message: "You're commenting too fast. Please wait a minute and try again.",
      },
    });
    const mine = await db()
      .collection(`notes/${noteId}/comments`)
      .where('authorId', '==', acc.uid)
      .get();
    expect(mine.size).toBe(10);
    // Once the window is over (moved back here rather than waited for), comments go through.
    const limit = db().doc(`users/${acc.uid}/limits/comment`);
    await limit.update({ windowStart: new Date(Date.now() - 61_000) });
    expect((await comment(12)).status).toBe(201);
    expect((await limit.get()).get('count')).toBe(1);
  });
});
