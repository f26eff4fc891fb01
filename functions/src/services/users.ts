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
 * case) and releases `previous` when it was theirs. Reads first: call before `tx`'s other writes.
 * Throws 409 when someone else has the name.
 */
async function claimUsername(
  tx: Transaction,
  uid: string,
  username: string,
  previous?: string,
): Promise<() => void> {
  if (!(await usernameFree(tx, username, uid))) throw new HttpError(409, USERNAME_MESSAGES.taken);
  const old =
    previous !== undefined && usernameKey(previous) !== usernameKey(username)
      ? await tx.get(claimRef(previous))
      : null;
  return () => {
    tx.set(claimRef(username), { uid });
    if (old?.exists && old.get('uid') === uid) tx.delete(old.ref);
  };
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
  let username = (hints.name ?? record.displayName ?? email.split('@')[0] ?? '').trim();
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

export async function passwordSignIn(
  email: string,
  password: string,
): Promise<{ uid: string; idToken: string; refreshToken: string; expiresIn: number }> {
  const res = await fetch(identityToolkitUrl('signInWithPassword'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json().catch(() => ({}))) as {
    localId?: string;
    idToken?: string;
    refreshToken?: string;
    expiresIn?: string;
    error?: { message?: string };
  };
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
 * Applies profile changes everywhere they live: Auth (email, password, display name, role claim),
 * the profile, and the username's copies. The role claim and the profile's mirror change together.
 */
export async function applyProfileChanges(uid: string, changes: ProfileChanges): Promise<UserView> {
  const ref = db().doc(`users/${uid}`);
  const before = (await ref.get()).data();
  if (!before) throw new HttpError(404, USER_MESSAGES.notFound);

  // A new username is claimed first, so a taken name changes nothing at all. A change of case
  // only ("alice" -> "Alice") keeps the same claim.
  if (changes.username !== undefined && changes.username !== before['username']) {
    const wanted = changes.username;
    await db().runTransaction(async (tx) => {
      const current = (await tx.get(ref)).get('username') as string | undefined;
      (await claimUsername(tx, uid, wanted, current))();
    });
  }

  const authUpdate: { email?: string; password?: string; displayName?: string } = {};
  if (changes.email !== undefined && changes.email !== before['email'])
    authUpdate.email = changes.email;
  if (changes.password !== undefined) authUpdate.password = changes.password;
  if (changes.username !== undefined && changes.username !== before['username'])
    authUpdate.displayName = changes.username;
  if (Object.keys(authUpdate).length) await auth().updateUser(uid, authUpdate).catch(authError);

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

  const update: Record<string, unknown> = {};
  if (authUpdate.email !== undefined) update['email'] = authUpdate.email;
  if (authUpdate.displayName !== undefined) update['username'] = authUpdate.displayName;
  if (changes.avatar !== undefined) update['avatar'] = changes.avatar;
  if (changes.role !== undefined) update['role'] = changes.role;
  if (Object.keys(update).length) await ref.update(update);
  if (authUpdate.displayName !== undefined) await syncUsername(uid, authUpdate.displayName);
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
