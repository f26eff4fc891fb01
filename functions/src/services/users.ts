/**
 * Accounts and profiles: sign-up/sign-in/Google/sign-out, profile edits (by the owner, or an
 * admin's username/email/role edit), and the denormalized copies a username change must rewrite.
 */
import {
  USERNAME_MESSAGES,
  USER_LIMITS,
  charLength,
  matchesSearch,
  queryTokens,
  userSearchTerms,
  usernameKey,
  usernameFromName,
  usernameProblem,
  usernameVariant,
  type SignUpBody,
} from '@notenest/shared';
import {
  FieldValue,
  type DocumentData,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { auth, db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { updateAll } from './batch.js';
import { pageOf, type Page, type PageRequest } from './pages.js';
import { userView, type UserView } from './views.js';

export const USER_MESSAGES = {
  emailInUse: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  notFound: 'User not found',
  lastAdmin: 'You are the only admin: make another user an admin before deleting this account',
} as const;

const claimRef = (username: string) => db().doc(`usernames/${usernameKey(username)}`);

/** Whether `username` (any case) is free, or already `uid`'s. */
async function usernameFree(tx: Transaction | null, username: string, uid: string | null) {
  const ref = claimRef(username);
  const snap = tx ? await tx.get(ref) : await ref.get();
  return !snap.exists || snap.get('uid') === uid;
}

/**
 * Claims `username` for `uid` in `tx` (usernames/{lower case}: names are unique whatever their
 * case). Reads first: call before `tx`'s other writes. Throws 409 when someone else has the name.
 */
async function claimUsername(tx: Transaction, uid: string, username: string): Promise<() => void> {
  if (!(await usernameFree(tx, username, uid))) throw new HttpError(409, USERNAME_MESSAGES.taken);
  return () => tx.set(claimRef(username), { uid });
}

/** Releases `uid`'s claim of `username` (account deletion). */
export async function releaseUsername(uid: string, username: unknown): Promise<void> {
  if (typeof username !== 'string' || username === '') return;
  await db().runTransaction(async (tx) => {
    const snap = await tx.get(claimRef(username));
    if (snap.exists && snap.get('uid') === uid) tx.delete(snap.ref);
  });
}

/** Firebase Auth errors a client caused, as 4xx; anything else stays an internal error. */
export function authError(err: unknown): never {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'auth/email-already-exists') throw new HttpError(409, USER_MESSAGES.emailInUse);
  if (code === 'auth/invalid-email') throw new HttpError(400, 'Please enter a valid email address');
  if (code === 'auth/invalid-password')
    throw new HttpError(400, 'Password must be at least 6 characters');
  if (code === 'auth/user-not-found') throw new HttpError(404, USER_MESSAGES.notFound);
  throw err;
}

export async function getProfile(uid: string): Promise<DocumentData | null> {
  return (await db().doc(`users/${uid}`).get()).data() ?? null;
}

/** Admins, counted on the profiles' role mirror (one aggregation read). */
export async function adminCount(): Promise<number> {
  const agg = await db().collection('users').where('role', '==', 'admin').count().get();
  return agg.data().count;
}

export async function profileView(uid: string): Promise<UserView> {
  const d = await getProfile(uid);
  if (!d) throw new HttpError(404, USER_MESSAGES.notFound);
  return userView(uid, d);
}

export async function signUp({ username, email, password }: SignUpBody) {
  // Before the account exists, so a taken name costs the user nothing.
  if (!(await usernameFree(null, username, null)))
    throw new HttpError(409, USERNAME_MESSAGES.taken);
  const user = await auth().createUser({ email, password, displayName: username }).catch(authError);
  try {
    const ref = db().doc(`users/${user.uid}`);
    await db().runTransaction(async (tx) => {
      const claim = await claimUsername(tx, user.uid, username);
      claim();
      tx.create(ref, {
        username,
        email,
        avatar: null,
        role: 'user',
        createdAt: FieldValue.serverTimestamp(),
        notesCount: 0,
      });
    });
  } catch (err) {
    // Without its profile the account would be half made: undo it so the email is free again.
    await auth()
      .deleteUser(user.uid)
      .catch(() => undefined);
    throw err;
  }
  return user.uid;
}

/**
 * A free username for an account that has none yet: `wanted` when free, else `wanted` with a
 * number (Google sign-in: display names are not unique).
 */
async function freeUsernameLike(tx: Transaction, wanted: string, uid: string): Promise<string> {
  for (let i = 1; i <= 20; i++) {
    const name = i === 1 ? wanted : usernameVariant(wanted, i === 20 ? uid.slice(0, 8) : i);
    if (await usernameFree(tx, name, uid)) return name;
  }
  throw new HttpError(409, USERNAME_MESSAGES.taken);
}

/**
 * The profile of a signed-in account, created from the Auth record when missing (an account made
 * with the web SDK whose profile write failed, or a first Google sign-in).
 */
export async function ensureProfile(
  uid: string,
  hints: { name?: string | null; email?: string | null; photo?: string | null } = {},
): Promise<UserView> {
  const ref = db().doc(`users/${uid}`);
  const existing = await ref.get();
  if (existing.exists) return userView(uid, existing.data()!);
  const record = await auth().getUser(uid).catch(authError);
  const email = (record.email ?? hints.email ?? '').toLowerCase();
  let username = usernameFromName(hints.name ?? record.displayName ?? email.split('@')[0] ?? '');
  username = [...username].slice(0, USER_LIMITS.username.max).join('');
  if (charLength(username) < USER_LIMITS.username.min) username = `user-${uid.slice(0, 6)}`;
  const photo = hints.photo ?? record.photoURL ?? null;
  const avatar =
    typeof photo === 'string' && /^https?:\/\/\S+$/i.test(photo) && photo.length <= 2048
      ? photo
      : null;
  const role = record.customClaims?.['role'] === 'admin' ? 'admin' : 'user';
  if (usernameProblem(username)) username = `user-${uid.slice(0, 6)}`;
  await db().runTransaction(async (tx) => {
    // Created concurrently (two tabs signing in): the other write wins, which is fine.
    if ((await tx.get(ref)).exists) return;
    const name = await freeUsernameLike(tx, username, uid);
    (await claimUsername(tx, uid, name))();
    tx.create(ref, {
      username: name,
      email,
      avatar,
      role,
      createdAt: FieldValue.serverTimestamp(),
      notesCount: 0,
    });
  });
  return userView(uid, (await ref.get()).data()!);
}

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

/** Rewrites the copies of a username: notes.uploaderName and comments.username. */
export async function syncUsername(uid: string, username: string): Promise<void> {
  const [notes, comments] = await Promise.all([
    db().collection('notes').where('uploaderId', '==', uid).select().get(),
    db().collectionGroup('comments').where('authorId', '==', uid).select().get(),
  ]);
  await updateAll(
    notes.docs.map((d) => d.ref),
    { uploaderName: username },
  );
  await updateAll(
    comments.docs.map((d) => d.ref),
    { username },
  );
}

export interface ProfileChanges {
  username?: string;
  email?: string;
  password?: string;
  avatar?: string | null;
  role?: 'user' | 'admin';
}

/**
 * Holds `username` for `uid` beside the name they have (a rename's first step). Resolves to true
 * when this call made the claim, false when it was already theirs (a change of case only, "alice"
 * -> "Alice", keeps its claim); 409 when someone else has it.
 */
async function holdUsername(uid: string, username: string): Promise<boolean> {
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(claimRef(username));
    if (snap.exists && snap.get('uid') !== uid) throw new HttpError(409, USERNAME_MESSAGES.taken);
    if (snap.exists) return false;
    tx.create(snap.ref, { uid });
    return true;
  });
}

/** A compensation step: failing, it is logged, and the error that called for it is what counts. */
async function undo(what: string, step: () => Promise<unknown>): Promise<void> {
  await step().catch((err: unknown) => console.error(`users: could not undo ${what}`, err));
}

/**
 * Applies profile changes everywhere they live: Auth (email, password, display name, role claim),
 * the profile, and the username's copies. The role claim and the profile's mirror change together.
 *
 * No one transaction spans the username claims, Auth and the profile, so a change goes in steps,
 * each failure undoing the steps before it; whatever fails, the names and the profile are as they
 * were (issue 29: a taken email used to leave the old name released and the new one claimed):
 * 1. the new name is claimed and the old one kept (taken: 409, nothing has changed);
 * 2. Auth changes (a taken email: 409, and the new claim is released again);
 * 3. the role, then one transaction that writes the profile and releases the old name (failing:
 *    Auth's email and display name are put back and the new claim released; a new password
 *    stays, as Auth cannot give back the old one).
 */
export async function applyProfileChanges(uid: string, changes: ProfileChanges): Promise<UserView> {
  const ref = db().doc(`users/${uid}`);
  const before = (await ref.get()).data();
  if (!before) throw new HttpError(404, USER_MESSAGES.notFound);
  const wanted =
    changes.username !== undefined && changes.username !== before['username']
      ? changes.username
      : undefined;

  const authUpdate: { email?: string; password?: string; displayName?: string } = {};
  if (changes.email !== undefined && changes.email !== before['email'])
    authUpdate.email = changes.email;
  if (changes.password !== undefined) authUpdate.password = changes.password;
  if (wanted !== undefined) authUpdate.displayName = wanted;

  // 1. Hold the new name.
  const claimed = wanted !== undefined && (await holdUsername(uid, wanted));
  const releaseClaim = () =>
    claimed ? undo(`the claim of ${wanted}`, () => releaseUsername(uid, wanted)) : undefined;

  // 2. Auth.
  if (Object.keys(authUpdate).length)
    await auth()
      .updateUser(uid, authUpdate)
      .catch(async (err: unknown) => {
        await releaseClaim();
        return authError(err);
      });

  // 3. The role and the profile.
  const update: Record<string, unknown> = {};
  if (authUpdate.email !== undefined) update['email'] = authUpdate.email;
  if (wanted !== undefined) update['username'] = wanted;
  if (changes.avatar !== undefined) update['avatar'] = changes.avatar;
  if (changes.role !== undefined) update['role'] = changes.role;
  try {
    if (changes.role !== undefined && changes.role !== before['role']) {
      const demoting = changes.role !== 'admin';
      // A demotion takes effect at once: the profile's role first (firestore.rules and
      // storage.rules require it beside the claim), then the claim, then every session is revoked
      // (the API verifies tokens with checkRevoked, so the old ID token stops working now rather
      // than when it expires).
      if (demoting) await ref.update({ role: 'user' });
      const record = await auth().getUser(uid).catch(authError);
      const claims = { ...(record.customClaims ?? {}) };
      if (changes.role === 'admin') claims['role'] = 'admin';
      else delete claims['role'];
      await auth().setCustomUserClaims(uid, claims);
      if (demoting) await auth().revokeRefreshTokens(uid);
    }
    if (Object.keys(update).length)
      await db().runTransaction(async (tx) => {
        // The name the profile has now (another rename may have landed since `before`).
        const current = (await tx.get(ref)).get('username') as unknown;
        const old =
          wanted !== undefined &&
          typeof current === 'string' &&
          usernameKey(current) !== usernameKey(wanted)
            ? await tx.get(claimRef(current))
            : null;
        tx.update(ref, update);
        if (old?.exists && old.get('uid') === uid) tx.delete(old.ref);
      });
  } catch (err) {
    const revert: { email?: string; displayName?: string } = {};
    if (authUpdate.email !== undefined) revert.email = before['email'] as string;
    if (authUpdate.displayName !== undefined) revert.displayName = before['username'] as string;
    if (Object.keys(revert).length)
      await undo('the Auth change', () => auth().updateUser(uid, revert));
    await releaseClaim();
    throw err;
  }
  if (wanted !== undefined) await syncUsername(uid, wanted);
  return userView(uid, (await ref.get()).data()!);
}

/**
 * The admin Users list, newest first, a page at a time; with a search, the profiles whose
 * username or email has a word starting with each searched word (users.searchTerms, kept by the
 * profile trigger).
 */
export async function usersPage(search: string, page: PageRequest): Promise<Page<UserView>> {
  const tokens = queryTokens(search);
  let query: Query = db().collection('users');
  if (tokens.length > 0) query = query.where('searchTerms', 'array-contains', tokens[0]);
  return pageOf('users', query.orderBy('createdAt', 'desc'), page, userView, (d) =>
    matchesSearch(d['searchTerms'] as string[] | undefined, tokens),
  );
}

/** Writes a profile's searchTerms from its username and email, when they differ (trigger). */
export async function indexUser(uid: string): Promise<boolean> {
  const ref = db().doc(`users/${uid}`);
  return db().runTransaction(async (tx) => {
    const d = (await tx.get(ref)).data();
    if (!d) return false;
    const terms = userSearchTerms(d['username'], d['email']);
    const now = d['searchTerms'];
    if (Array.isArray(now) && now.length === terms.length && now.every((t, i) => t === terms[i]))
      return false;
    tx.update(ref, { searchTerms: terms });
    return true;
  });
}
