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

  // Issue 29: the profile update checked the caller only after reading the form, and a form cut
  // inside its file part threw an uncaught "Unexpected end of form" that ended the instance.
  it('a multipart body cut inside its file: 401 signed out, 400 signed in, and nothing crashes', async () => {
    const boundary = '----cut29';
    const cut = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nUma User\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.alloc(512, 1),
    ]);
    const post = (token?: string) =>
      fetch(cast.stack.url(`/api/user/update/${alice.uid}`), {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: cut,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    expect(await post()).toEqual({
      status: 401,
      body: { success: false, message: 'Please sign in to continue' },
    });
    expect(await post(alice.token)).toEqual({
      status: 400,
      body: { success: false, message: 'Malformed multipart body: Unexpected end of form' },
    });
    // The instance that read it still answers (it used to exit, failing what it was serving).
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect(
      (await call('POST', `/api/user/update/${alice.uid}`, { token: alice.token, json: {} }))
        .status,
    ).toBe(200);
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

// Issue 29: Auth revokes the sessions of an account whose password or email changes; the API's
// own update used to answer without a new one, signing its caller out.
describe('the session after a change of password or email', () => {
  it.each([
    ['password', (_acc: { email: string }) => ({ password: 'newpass99' })],
    ['email', (acc: { email: string }) => ({ email: `new.${acc.email}` })],
  ])('a %s change answers with a new session that works', async (what, change) => {
    const acc = await createAccount(cast.stack, TAG, `Ses ${what}`);
    const r = await call('POST', `/api/user/update/${acc.uid}`, {
      token: acc.token,
      json: change(acc),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      _id: acc.uid,
      token: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: expect.any(Number),
    });
    // The answer's session works for an authenticated call, now and after a refresh. (The old
    // token stops working too, unless it was issued in the very second of the change: Auth keeps
    // validSince to the second.)
    const again = await call('POST', `/api/user/update/${acc.uid}`, {
      token: r.body.token,
      json: { username: `Ses ${what} 2` },
    });
    expect(again.body).toMatchObject({ success: true, username: `Ses ${what} 2` });
    const refreshed = await fetch(
      `http://${cast.stack.authHost}/securetoken.googleapis.com/v1/token?key=k`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: r.body.refreshToken,
        }),
      },
    ).then((res) => res.json() as Promise<{ id_token: string }>);
    expect(
      (await call('POST', `/api/user/update/${acc.uid}`, { token: refreshed.id_token, json: {} }))
        .status,
    ).toBe(200);
  });

  it('other changes keep the session and answer no token', async () => {
    const r = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { avatar: null },
    });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeUndefined();
    expect(
      (await call('POST', `/api/user/update/${bob.uid}`, { token: bob.token, json: {} })).status,
    ).toBe(200);
  });
});

describe('usernames', () => {
  const db = () => getFirestore(adminApp());
  const signUp = (username: string, email: string) =>
    call('POST', '/api/auth/signup', { json: { username, email, password: 'secret123' } });

  // Issue 29: the new name was claimed and the old one released before Auth refused the email.
  it('a rename refused for its email (409) keeps the old name and leaves the new one free', async () => {
    const acc = await createAccount(cast.stack, TAG, 'Keep Name29');
    const r = await call('POST', `/api/user/update/${acc.uid}`, {
      token: acc.token,
      json: { username: 'Wanted Name29', email: alice.email },
    });
    expect(r).toEqual({
      status: 409,
      body: { success: false, message: 'An account with this email already exists' },
    });
    expect((await db().doc(`users/${acc.uid}`).get()).get('username')).toBe('Keep Name29');
    expect((await db().doc('usernames/keep name29').get()).get('uid')).toBe(acc.uid);
    expect((await db().doc('usernames/wanted name29').get()).exists).toBe(false);
    // Nobody else can take the old name; anyone can take the new one.
    expect((await signUp('keep NAME29', `keep29.${TAG}@example.test`)).status).toBe(409);
    expect((await signUp('Wanted Name29', `wanted29.${TAG}@example.test`)).status).toBe(201);
  });

  it('names that display like a taken one are refused: invisible characters, compatibility forms', async () => {
    await createAccount(cast.stack, TAG, 'zoe29');
    const invisible = await signUp('zo\u200Be29', `zwsp29.${TAG}@example.test`);
    expect(invisible).toEqual({
      status: 400,
      body: {
        success: false,
        message:
          'Username cannot contain invisible characters (zero-width, direction or control marks)',
        errors: [
          'body.username: Username cannot contain invisible characters (zero-width, direction or control marks)',
        ],
      },
    });
    // Fullwidth "ｚｏｅ２９" is "zoe29" once normalized (NFKC): taken.
    const fullwidth = await signUp('ｚｏｅ２９', `fullwidth29.${TAG}@example.test`);
    expect(fullwidth).toEqual({
      status: 409,
      body: { success: false, message: 'This username is already taken' },
    });
    await expect(
      getAuth(adminApp()).getUserByEmail(`fullwidth29.${TAG}@example.test`),
    ).rejects.toThrow();
    // A rename to it is the same name too.
    const rename = await call('POST', `/api/user/update/${bob.uid}`, {
      token: bob.token,
      json: { username: 'ＺＯＥ２９' },
    });
    expect(rename.status).toBe(409);
  });

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
