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
    // Everyone tries to create the owner's profile (as the owner would write it).
    create: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}`).set(newProfile(w.owner)),
    update: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}`).update({ username: 'Alice A.' }),
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
      return dbOf(h, a, w).doc(`users/${uid}`).set(newProfile(uid));
    },
  },
  // other and admin already have profiles: set() over an existing profile is an update of
  // role/createdAt/notesCount, which is refused.
  expect: { 'create own': ['deny', 'allow', 'deny', 'deny'] },
});

const create = (w: World, patch: Record<string, unknown>, claims: object = {}) =>
  dbOf(h, 'owner', w, claims).doc(`users/${w.owner}`).set(newProfile(w.owner, patch));
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
      return dbOf(h, 'owner', w).doc(`users/${w.owner}`).set(rest);
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
]);

pairs('users/{uid}: attacks on update', [
  {
    name: "role 'admin' instead of a username (promoting oneself)",
    allow: () => update({ username: 'New Name' }),
    deny: () => update({ role: 'admin' }),
  },
  {
    name: 'notesCount set by the client',
    allow: () => update({ avatar: 'https://cdn.example.com/b.png' }),
    deny: () => update({ notesCount: 100 }),
  },
  {
    name: 'email changed by the client',
    allow: () => update({ username: 'Other Name' }),
    deny: () => update({ email: 'new@example.edu' }),
  },
  {
    name: 'an extra field',
    allow: () => update({ avatar: null }),
    deny: () => update({ avatar: null, admin: true }),
  },
  {
    name: 'username 41 characters',
    allow: () => update({ username: 'u'.repeat(40) }),
    deny: () => update({ username: 'u'.repeat(41) }),
  },
  {
    name: 'createdAt rewritten',
    allow: () => update({ username: 'Same Time' }),
    deny: () => update({ createdAt: serverTime() }),
  },
]);

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
