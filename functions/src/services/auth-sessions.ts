/**
 * Sessions the facade hands out: password sign-in, and a fresh session for a caller whose own
 * change revoked theirs, both through Auth's REST endpoint (the Admin SDK cannot sign in).
 */
import { auth } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { USER_MESSAGES } from './users.js';

/** The Auth REST endpoint for password sign-in: the emulator's when it is configured. */
function identityToolkitUrl(method: string): string {
  const emulator = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  const key = process.env['NOTENEST_WEB_API_KEY'] ?? (emulator ? 'fake-api-key' : '');
  if (!key)
    throw new Error('NOTENEST_WEB_API_KEY is not set: password sign-in needs the web API key');
  const base = emulator
    ? `http://${emulator.replace(/^https?:\/\//, '')}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/accounts:${method}?key=${encodeURIComponent(key)}`;
}

export interface Session {
  uid: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** Posts to an Identity Toolkit (Auth REST) endpoint; its JSON answer, and whether it was ok. */
async function identityToolkit(method: string, body: object) {
  const res = await fetch(identityToolkitUrl(method), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const answer = (await res.json().catch(() => ({}))) as {
    localId?: string;
    idToken?: string;
    refreshToken?: string;
    expiresIn?: string;
    error?: { message?: string };
  };
  return { res, answer };
}

/**
 * A new session of `uid` (an ID token and its refresh token), for a caller whose own change of
 * password or email just revoked their sessions (Auth does so on either change): the facade's
 * answer carries it, so the API's own update keeps its caller signed in. A custom token exchanged
 * at Auth's REST endpoint. In production the function's service account signs the custom token
 * (it needs the "Service Account Token Creator" role on itself, iam.serviceAccounts.signBlob).
 */
export async function freshSession(uid: string): Promise<Session> {
  const token = await auth().createCustomToken(uid);
  const { res, answer } = await identityToolkit('signInWithCustomToken', { token });
  if (!res.ok || !answer.idToken)
    throw new Error(`custom token sign-in answered ${res.status}: ${answer.error?.message ?? ''}`);
  return {
    uid,
    idToken: answer.idToken,
    refreshToken: answer.refreshToken ?? '',
    expiresIn: Number(answer.expiresIn ?? 3600),
  };
}

export async function passwordSignIn(email: string, password: string): Promise<Session> {
  const { res, answer: body } = await identityToolkit('signInWithPassword', { email, password });
  if (!res.ok || !body.idToken || !body.localId) {
    const reason = body.error?.message ?? '';
    if (/USER_DISABLED/.test(reason)) throw new HttpError(403, 'This account has been disabled');
    if (/TOO_MANY_ATTEMPTS/.test(reason))
      throw new HttpError(429, 'Too many attempts. Please try again later');
    if (res.status >= 400 && res.status < 500)
      throw new HttpError(401, USER_MESSAGES.badCredentials);
    throw new Error(`sign-in endpoint answered ${res.status}: ${reason}`);
  }
  return {
    uid: body.localId,
    idToken: body.idToken,
    refreshToken: body.refreshToken ?? '',
    expiresIn: Number(body.expiresIn ?? 3600),
  };
}
