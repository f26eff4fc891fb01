/**
 * The facade's auth routes (routes/auth.ts) through Hosting's rewrite on the run's stack:
 * sign-up, sign-in, Google sign-in from a verified token, sign-out.
 */
import { getAuth } from 'firebase-admin/auth';
import { adminApp } from '../firebase.js';
import { signIn } from '../testing/stack.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCast, type Cast } from '../testing/api-fixtures.js';

const TAG = 'api-auth';
let cast: Cast;
let call: Cast['call'];
let alice: Cast['alice'];

beforeAll(async () => {
  cast = await makeCast(TAG, { alice: 'Alice Rao', bob: 'Bob Sen', admin: 'Admin Auth' });
  ({ call, alice } = cast);
});

describe('auth', () => {
  it('signup validates and refuses a taken email', async () => {
    expect(
      await call('POST', '/api/auth/signup', {
        json: { username: 'x', email: 'a@b.co', password: 'secret1' },
      }),
    ).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'Username must be 2 to 40 characters',
        errors: ['body.username: Username must be 2 to 40 characters'],
      },
    });
    const bad = await call('POST', '/auth/signup', {
      json: { username: 'Xy', email: 'nope', password: 'secret1' },
    });
    expect(bad.status).toBe(400);
    const short = await call('POST', '/auth/signup', {
      json: { username: 'Xy', email: 'x@y.co', password: '123' },
    });
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const dup = await call('POST', '/api/auth/signup', {
      json: { username: 'Again', email: alice.email, password: 'secret123' },
    });
    expect(dup).toEqual({
      status: 409,
      body: { success: false, message: 'An account with this email already exists' },
    });
  });

  it('signup creates the profile; signin answers the user with role and a working token', async () => {
    const r = await call('POST', '/api/auth/signin', {
      json: { email: alice.email, password: alice.password },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      _id: alice.uid,
      id: alice.uid,
      username: 'Alice Rao',
      email: alice.email,
      role: 'user',
      avatar: null,
      notesCount: 0,
    });
    expect(typeof r.body.createdAt).toBe('string');
    const me = await call('GET', `/api/notes/archived/${alice.uid}`, { token: r.body.token });
    expect(me).toEqual({ status: 200, body: [] });
  });

  it('signin refuses wrong passwords and bad input', async () => {
    expect(
      await call('POST', '/api/auth/signin', {
        json: { email: alice.email, password: 'wrong-pass' },
      }),
    ).toEqual({
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    });
    expect((await call('POST', '/api/auth/signin', { json: { email: alice.email } })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/auth/signin', { json: [] })).status).toBe(400);
  });

  it('google upserts a profile from a verified token only', async () => {
    expect(
      (await call('POST', '/api/auth/google', { json: { name: 'G', email: 'g@x.co' } })).status,
    ).toBe(401);
    expect((await call('POST', '/api/auth/google', { token: 'garbage', json: {} })).status).toBe(
      401,
    );
    const user = await getAuth(adminApp()).createUser({
      email: `gina.${TAG}@example.test`,
      password: 'secret123',
    });
    const { token } = await signIn(cast.stack.authHost, `gina.${TAG}@example.test`, 'secret123');
    const r = await call('POST', '/api/auth/google', {
      token,
      json: {
        name: 'Gina Google',
        email: `gina.${TAG}@example.test`,
        photo: 'https://example.com/g.png',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      _id: user.uid,
      username: 'Gina Google',
      avatar: 'https://example.com/g.png',
      role: 'user',
    });
    const again = await call('POST', '/api/auth/google', { token, json: { name: 'Other' } });
    expect(again.body.username).toBe('Gina Google');
  });

  it('signout answers success with or without a token and revokes refresh tokens', async () => {
    expect(await call('GET', '/api/auth/signout')).toEqual({
      status: 200,
      body: { success: true, message: 'User has been signed out' },
    });
    const user = await getAuth(adminApp()).createUser({
      email: `out.${TAG}@example.test`,
      password: 'secret123',
    });
    const { token } = await signIn(cast.stack.authHost, `out.${TAG}@example.test`, 'secret123');
    expect((await call('GET', '/api/auth/signout', { token })).body.success).toBe(true);
    const record = await getAuth(adminApp()).getUser(user.uid);
    expect(record.tokensValidAfterTime).toBeTruthy();
  });
});
