/**
 * users/{uid} and users/{uid}/saved/{noteId}: the {actor} x {operation} grid and the attacks
 * (promoting oneself to admin, counters, extra fields, types, sizes, someone else's saved notes).
 */
import { afterAll, beforeAll } from 'vitest';
import { startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  dbOf,
  fresh,
  matrix,
  newProfile,
  pairs,
  seed,
  seedNote,
  seedProfiles,
  serverTime,
  uidOf,
  type Actor,
  type World,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness();
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

/** A fresh owner; with a profile unless the cell creates it. */
async function owner(withProfile = true): Promise<World> {
  const w = { owner: fresh('alice') };
  if (withProfile) await seedProfiles(h, w.owner);
  return w;
}

matrix('users/{uid}: the owner of the profile is `owner`', {
  setup: (op) => owner(op !== 'create'),
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}`).get(),
    list: (a, w) => dbOf(h, a, w).collection('users').get(),
    // Everyone tries to create the owner's profile (as the owner would write it, claiming the
    // username in the same batch).
    create: (a, w) => signUp(a, w, newProfile(w.owner)),
    update: (a, w) =>
      dbOf(h, a, w).doc(`users/${w.owner}`).update({ avatar: 'https://cdn.example.com/a.png' }),
    delete: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'allow'],
    list: ['deny', 'deny', 'deny', 'allow'],
    create: ['deny', 'allow', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

/** Each actor creates their own profile (the profile owner is the actor): who may have one. */
matrix("users/{uid}: creating one's own profile", {
  setup: async () => ({ owner: fresh('alice') }),
  ops: {
    'create own': (a, w) => {
      const uid = uidOf(a, w) ?? 'nobody';
      return signUp(a, { owner: uid }, newProfile(uid, { username: fresh('name') }));
    },
  },
  // other and admin already have profiles: set() over an existing profile is an update of
  // role/createdAt/notesCount, which is refused.
  expect: { 'create own': ['deny', 'allow', 'deny', 'deny'] },
});

/**
 * `actor` writes the profile of `w.owner` and claims its username (usernames/{`key`, by default
 * the name in lower case}) in one batch, as sign-up does; `key: null` claims nothing.
 */
function signUp(
  actor: Actor,
  w: World,
  profile: Record<string, unknown>,
  opts: { claims?: object; key?: string | null } = {},
) {
  const db = dbOf(h, actor, w, opts.claims);
  const b = db.batch();
  b.set(db.doc(`users/${w.owner}`), profile);
  const name = profile['username'];
  const key =
    opts.key !== undefined ? opts.key : typeof name === 'string' ? name.toLowerCase() : null;
  if (key !== null) b.set(db.doc(`usernames/${key}`), { uid: uidOf(actor, w) });
  return b.commit();
}
const create = (w: World, patch: Record<string, unknown>, claims: object = {}) =>
  signUp('owner', w, newProfile(w.owner, patch), { claims });
const update = async (patch: Record<string, unknown>) => {
  const w = await owner();
  return dbOf(h, 'owner', w).doc(`users/${w.owner}`).update(patch);
};

pairs('users/{uid}: attacks on create', [
  {
    name: "role 'admin' instead of 'user' (promoting oneself)",
    allow: async () => create(await owner(false), { role: 'user' }),
    deny: async () => create(await owner(false), { role: 'admin' }),
  },
  {
    name: 'notesCount 5 instead of 0',
    allow: async () => create(await owner(false), { notesCount: 0 }),
    deny: async () => create(await owner(false), { notesCount: 5 }),
  },
  {
    name: 'an extra field',
    allow: async () => create(await owner(false), {}),
    deny: async () => create(await owner(false), { isAdmin: true }),
  },
  {
    name: 'a missing field (no avatar)',
    allow: async () => create(await owner(false), { avatar: null }),
    deny: async () => {
      const w = await owner(false);
      const { avatar: _, ...rest } = newProfile(w.owner);
      return signUp('owner', w, rest);
    },
  },
  {
    name: 'username 40 vs 41 characters',
    allow: async () => create(await owner(false), { username: 'u'.repeat(40) }),
    deny: async () => create(await owner(false), { username: 'u'.repeat(41) }),
  },
  {
    name: 'username 2 vs 1 character',
    allow: async () => create(await owner(false), { username: 'ab' }),
    deny: async () => create(await owner(false), { username: 'a' }),
  },
  {
    name: 'username a number instead of a string',
    allow: async () => create(await owner(false), { username: '42' }),
    deny: async () => create(await owner(false), { username: 42 }),
  },
  {
    name: "email is not the token's email",
    allow: async () => {
      const w = await owner(false);
      return create(w, { email: `${w.owner}@example.edu` });
    },
    deny: async () => create(await owner(false), { email: 'victim@example.edu' }),
  },
  {
    name: 'email 254 vs 255 characters (token without email)',
    allow: async () => create(await owner(false), { email: 'e'.repeat(254) }, { email: undefined }),
    deny: async () => create(await owner(false), { email: 'e'.repeat(255) }, { email: undefined }),
  },
  {
    name: 'avatar an https URL vs a javascript: URL',
    allow: async () => create(await owner(false), { avatar: 'https://cdn.example.com/a.png' }),
    deny: async () => create(await owner(false), { avatar: 'javascript:alert(1)' }),
  },
  {
    name: 'createdAt a client time instead of server time',
    allow: async () => create(await owner(false), { createdAt: serverTime() }),
    deny: async () => create(await owner(false), { createdAt: new Date('2020-01-01') }),
  },
  {
    name: 'username claimed in the same batch vs not claimed',
    allow: async () => create(await owner(false), {}),
    deny: async () => {
      const w = await owner(false);
      return signUp('owner', w, newProfile(w.owner), { key: null });
    },
  },
  {
    name: 'a free username vs one taken by someone else in another case',
    allow: async () => create(await owner(false), { username: `Free ${fresh('n')}` }),
    deny: async () => {
      const name = `Taken ${fresh('n')}`;
      await seed(h, { [`usernames/${name.toLowerCase()}`]: { uid: OTHER } });
      return create(await owner(false), { username: name.toUpperCase() });
    },
  },
  {
    name: 'the claim keyed by the name in lower case vs as typed',
    allow: async () => create(await owner(false), { username: `Mixed ${fresh('n')}` }),
    deny: async () => {
      const w = await owner(false);
      const username = `Mixed ${fresh('n')}`;
      return signUp('owner', w, newProfile(w.owner, { username }), { key: username });
    },
  },
  {
    name: 'username trimmed vs with a leading space',
    allow: async () => create(await owner(false), { username: `Trim ${fresh('n')}` }),
    deny: async () => create(await owner(false), { username: ` Trim ${fresh('n')}` }),
  },
  {
    name: 'username spaces only (blank)',
    allow: async () => create(await owner(false), { username: `a ${fresh('n')}` }),
    deny: async () => create(await owner(false), { username: '    ' }),
  },
  {
    name: "username without vs with a '/'",
    allow: async () => create(await owner(false), { username: `a-b ${fresh('n')}` }),
    deny: async () => {
      const w = await owner(false);
      const n = fresh('n');
      return signUp('owner', w, newProfile(w.owner, { username: `a/b ${n}` }), { key: `a_b ${n}` });
    },
  },
  // Issue 29: a name with an invisible character displays exactly like one without it.
  ...[
    ['a zero-width space (Cf)', '\u200B'],
    ['a zero-width joiner (Cf)', '\u200D'],
    ['a right-to-left override (Cf)', '\u202E'],
    ['a byte order mark (Cf)', '\uFEFF'],
    ['a soft hyphen (Cf)', '\u00AD'],
    ['a control character (Cc)', '\u0007'],
    ['a line separator (Zl)', '\u2028'],
    ['two line breaks (Cc; the check spans lines)', '\n \n'],
  ].map(([what, hidden]) => ({
    name: `username without vs with ${what}`,
    allow: async () => create(await owner(false), { username: `ali ce ${fresh('n')}` }),
    deny: async () => create(await owner(false), { username: `ali${hidden}ce ${fresh('n')}` }),
  })),
]);

pairs('usernames/{key}: claims', [
  {
    name: 'a claim with its profile vs a claim alone (squatting a name)',
    allow: async () => create(await owner(false), {}),
    deny: async () => {
      const w = await owner(false);
      return dbOf(h, 'owner', w)
        .doc(`usernames/${fresh('squat')}`)
        .set({ uid: w.owner });
    },
  },
  {
    name: 'a claim for oneself vs for someone else',
    allow: async () => create(await owner(false), {}),
    deny: async () => {
      const w = await owner(false);
      const db = dbOf(h, 'owner', w);
      const b = db.batch();
      b.set(db.doc(`users/${w.owner}`), newProfile(w.owner));
      b.set(db.doc(`usernames/${w.owner.toLowerCase()}`), { uid: OTHER });
      return b.commit();
    },
  },
  {
    name: 'a second claim by a user who has a profile (renames go through the facade)',
    allow: async () => create(await owner(false), {}),
    deny: async () => {
      const w = await owner(true);
      return dbOf(h, 'owner', w)
        .doc(`usernames/${fresh('second')}`)
        .set({ uid: w.owner });
    },
  },
  {
    name: "releasing one's claim: never by a client (the facade renames)",
    allow: async () =>
      dbOf(h, 'anon', await owner(true))
        .doc(`usernames/${OTHER}`)
        .get(),
    deny: async () => {
      const w = await owner(true);
      return dbOf(h, 'owner', w).doc(`usernames/${w.owner.toLowerCase()}`).delete();
    },
  },
]);

pairs('users/{uid}: attacks on update', [
  {
    name: "role 'admin' instead of an avatar (promoting oneself)",
    allow: () => update({ avatar: 'https://cdn.example.com/a.png' }),
    deny: () => update({ role: 'admin' }),
  },
  {
    name: 'notesCount set by the client',
    allow: () => update({ avatar: 'https://cdn.example.com/b.png' }),
    deny: () => update({ notesCount: 100 }),
  },
  {
    name: 'username changed by the client (unique names: the facade renames)',
    allow: () => update({ avatar: null }),
    deny: () => update({ username: 'New Name' }),
  },
  {
    name: "email set to the token's verified email vs its unverified one",
    allow: () => updateEmail(true, (w) => `${w.owner}@example.edu`),
    deny: () => updateEmail(false, (w) => `${w.owner}@example.edu`),
  },
  {
    name: "email set to the token's verified email vs another address",
    allow: () => updateEmail(true, (w) => `${w.owner}@example.edu`),
    deny: () => updateEmail(true, () => 'new@example.edu'),
  },
  {
    name: 'an extra field',
    allow: () => update({ avatar: null }),
    deny: () => update({ avatar: null, admin: true }),
  },
  {
    name: 'avatar an https URL vs a javascript: URL',
    allow: () => update({ avatar: 'https://cdn.example.com/c.png' }),
    deny: () => update({ avatar: 'javascript:alert(1)' }),
  },
  {
    name: 'createdAt rewritten',
    allow: () => update({ avatar: null }),
    deny: () => update({ createdAt: serverTime() }),
  },
]);

/**
 * After a verified email change, the owner copies the address their token carries to the
 * profile (stored: an older address).
 */
async function updateEmail(verified: boolean, email: (w: World) => string) {
  const w = await owner();
  await seed(h, { [`users/${w.owner}`]: newProfile(w.owner, { email: 'old@example.edu' }) });
  return dbOf(h, 'owner', w, { email_verified: verified })
    .doc(`users/${w.owner}`)
    .update({ email: email(w) });
}

/** A user whose token claims admin, with `role` in their profile, reads someone's profile. */
async function readWithAdminClaim(role: 'admin' | 'user') {
  const w = await owner();
  const uid = fresh(role === 'admin' ? 'still' : 'demoted');
  await seed(h, { [`users/${uid}`]: newProfile(uid, { role }) });
  return h.env
    .authenticatedContext(uid, { email: `${uid}@example.edu`, role: 'admin' })
    .firestore()
    .doc(`users/${w.owner}`)
    .get();
}

pairs('users/{uid}: the admin claim is the only admin', [
  {
    // A demoted admin's ID token keeps its claim for up to an hour; the profile's role (written
    // by the facade with the claim) says user at once, and the rules read both.
    name: "claim admin with profile role 'admin' vs with profile role 'user' (demoted, old token)",
    allow: () => readWithAdminClaim('admin'),
    deny: () => readWithAdminClaim('user'),
  },
  {
    name: "profile role 'admin' without the token claim cannot read others",
    allow: async () => {
      const w = await owner();
      return dbOf(h, 'admin', w).doc(`users/${w.owner}`).get();
    },
    deny: async () => {
      const w = await owner();
      const mallory = fresh('mallory');
      await seed(h, { [`users/${mallory}`]: newProfile(mallory, { role: 'admin' }) });
      return dbOf(h, 'owner', { owner: mallory }).doc(`users/${w.owner}`).get();
    },
  },
  {
    name: "claim admin: true (not role: 'admin') lists no profiles",
    allow: async () =>
      dbOf(h, 'admin', await owner())
        .collection('users')
        .get(),
    deny: async () =>
      dbOf(h, 'other', await owner(), { admin: true })
        .collection('users')
        .get(),
  },
]);

// ---- users/{uid}/saved/{noteId} ----------------------------------------------------------

interface SavedWorld extends World {
  noteId: string;
}
matrix('users/{uid}/saved/{noteId}: the owner saved an approved note', {
  setup: async (op): Promise<SavedWorld> => {
    const w = await owner();
    const noteId = await seedNote(h, OTHER);
    if (op !== 'create')
      await seed(h, {
        [`users/${w.owner}/saved/${noteId}`]: { noteId, savedAt: serverTime() },
      });
    return { ...w, noteId };
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/saved/${w.noteId}`).get(),
    list: (a, w) => dbOf(h, a, w).collection(`users/${w.owner}/saved`).get(),
    create: (a, w) =>
      dbOf(h, a, w)
        .doc(`users/${w.owner}/saved/${w.noteId}`)
        .set({ noteId: w.noteId, savedAt: serverTime() }),
    update: (a, w) =>
      dbOf(h, a, w).doc(`users/${w.owner}/saved/${w.noteId}`).update({ savedAt: serverTime() }),
    delete: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/saved/${w.noteId}`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'deny'],
    list: ['deny', 'allow', 'deny', 'deny'],
    create: ['deny', 'allow', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'allow', 'deny', 'deny'],
  },
});

const save = async (patch: Record<string, unknown>, docId?: string) => {
  const w = await owner();
  const noteId = await seedNote(h, OTHER);
  return dbOf(h, 'owner', w)
    .doc(`users/${w.owner}/saved/${docId ?? noteId}`)
    .set({ noteId, savedAt: serverTime(), ...patch });
};

pairs('users/{uid}/saved/{noteId}: attacks', [
  {
    name: "reading someone else's saved notes (list)",
    allow: async () => {
      const w = await owner();
      return dbOf(h, 'owner', w).collection(`users/${w.owner}/saved`).get();
    },
    deny: async () => {
      const w = await owner();
      return dbOf(h, 'owner', w).collection(`users/${OTHER}/saved`).get();
    },
  },
  {
    name: 'noteId differs from the document id',
    allow: () => save({}),
    deny: () => save({}, fresh('elsewhere')),
  },
  {
    name: 'an extra field',
    allow: () => save({}),
    deny: () => save({ title: 'copied title' }),
  },
  {
    name: 'savedAt a client time',
    allow: () => save({ savedAt: serverTime() }),
    deny: () => save({ savedAt: new Date() }),
  },
]);
