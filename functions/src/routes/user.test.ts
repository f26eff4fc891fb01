/**
 * The facade's user routes (routes/user.ts) on the run's stack: profile updates (owner only,
 * multipart avatar, password), renames that follow into notes and comments, and usernames that
 * are trimmed and unique whatever their case (issue 17).
 */
import { getFirestore } from 'firebase-admin/firestore';
import { getAuth } from 'firebase-admin/auth';
import { adminApp, bucketName } from '../firebase.js';
import { createAccount, signIn } from '../testing/stack.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedNote, makeCast, type Cast } from '../testing/api-fixtures.js';

const TAG = 'api-user';
let cast: Cast;
let call: Cast['call'];
let alice: Cast['alice'];
let bob: Cast['bob'];

beforeAll(async () => {
  cast = await makeCast(TAG, { alice: 'Uma User', bob: 'Ulf User', admin: 'Admin User' });
  ({ call, alice, bob } = cast);
});

describe('profile', () => {
  it('needs the owner', async () => {
    expect(
      (await call('POST', `/api/user/update/${alice.uid}`, { json: { username: 'Hacker' } }))
        .status,
    ).toBe(401);
    expect(
      await call('POST', `/api/user/update/${alice.uid}`, {
        token: bob.token,
        json: { username: 'Hacker' },
      }),
    ).toEqual({
      status: 403,
      body: { success: false, message: 'You can only update your own profile' },
    });
    expect(
      (await call('POST', '/api/user/update/bad$id', { token: bob.token, json: {} })).status,
    ).toBe(400);
  });

  it('multipart avatar: stored under avatars/{uid}/ with a token URL; non-images refused', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    form.set('username', 'Uma User');
    const r = await call('POST', `/api/user/update/${alice.uid}`, { token: alice.token, form });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      _id: alice.uid,
    });
    expect(r.body.avatar).toMatch(
      new RegExp(`/v0/b/${bucketName()}/o/avatars%2F${alice.uid}%2F.*token=`),
    );
    const img = await fetch(r.body.avatar);
    expect(Buffer.from(await img.arrayBuffer()).equals(png)).toBe(true);

    const bad = new FormData();
    bad.set('avatar', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'x.svg');
    const refused = await call('POST', `/api/user/update/${alice.uid}`, {
      token: alice.token,
      form: bad,
    });
    expect(refused.status).toBe(400);
  });

  it('password change works on the next sign-in', async () => {
    const acc = await createAccount(cast.stack, TAG, 'Pat Pw');
    const r = await call('POST', `/api/user/update/${acc.uid}`, {
      token: acc.token,
      json: { password: 'newpass99' },
    });
    expect(r.status).toBe(200);
    const again = await signIn(cast.stack.authHost, acc.email, 'newpass99');
    expect(again).toMatchObject({ uid: acc.uid });
    // A password change revokes the sessions from before it (Auth's validSince, to the second):
    // the next call goes with the new sign-in's token.
    expect(
      (
        await call('POST', `/api/user/update/${acc.uid}`, {
          token: again.token,
          json: { email: alice.email },
        })
      ).status,
    ).toBe(409);
  });
});

describe('usernames', () => {
  const db = () => getFirestore(adminApp());

  it('username change rewrites uploaderName and comment usernames', async () => {
    const noteId = await createApprovedNote(cast, { title: 'Renamed Uploader Notes' });
    const said = await call('POST', `/api/notes/${noteId}/comment`, {
      token: bob.token,
      json: { text: 'Nice' },
    });
    expect(said.status).toBe(201);
    const r = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'Ulf Renamed' },
    });
    expect(r.body).toMatchObject({ success: true, username: 'Ulf Renamed' });
    const page = await call('GET', `/uploading/get/${noteId}`);
    expect(page.body.note.comments[0].username).toBe('Ulf Renamed');
    await call('POST', `/api/user/update/${alice.uid}`, {
      token: alice.token,
      json: { username: 'Uma R' },
    });
    expect((await call('GET', `/uploading/get/${noteId}`)).body.note.uploaderName).toBe('Uma R');
  });

  it('usernames are trimmed, never blank, and unique whatever their case', async () => {
    const blank = await call('POST', '/api/auth/signup', {
      json: { username: '    ', email: 'blank.name@example.test', password: 'secret123' },
    });
    expect(blank).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'Username is required',
        errors: ['body.username: Username is required'],
      },
    });
    // "Uma Rao" is Alice's: taken in any case, and no account is made.
    await call('POST', `/api/user/update/${alice.uid}`, {
      token: alice.token,
      json: { username: 'Uma Rao' },
    });
    const taken = await call('POST', '/api/auth/signup', {
      json: { username: '  UMA rao ', email: 'copycat@example.test', password: 'secret123' },
    });
    expect(taken).toEqual({
      status: 409,
      body: { success: false, message: 'This username is already taken' },
    });
    await expect(getAuth(adminApp()).getUserByEmail('copycat@example.test')).rejects.toThrow();
    // A rename to someone else's name is refused and changes nothing.
    const bobBefore = (await db().doc(`users/${bob.uid}`).get()).get('username') as string;
    const steal = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'uma rao' },
    });
    expect(steal).toEqual({
      status: 409,
      body: { success: false, message: 'This username is already taken' },
    });
    expect((await db().doc(`users/${bob.uid}`).get()).get('username')).toBe(bobBefore);
    // A rename frees the old name; a change of case keeps the claim.
    const renamed = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: ' Ulf S ' },
    });
    expect(renamed.body).toMatchObject({ success: true, username: 'Ulf S' });
    expect((await db().doc('usernames/ulf s').get()).get('uid')).toBe(bob.uid);
    expect((await db().doc(`usernames/${bobBefore.toLowerCase()}`).get()).exists).toBe(false);
    const recased = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'ULF S' },
    });
    expect(recased.body).toMatchObject({ success: true, username: 'ULF S' });
    expect((await db().doc('usernames/ulf s').get()).get('uid')).toBe(bob.uid);
  });
});
