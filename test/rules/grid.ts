/**
 * The vocabulary of the rules grid: four actors, fixtures seeded with rules disabled, a
 * {actor} x {operation} matrix runner and allow/deny pairs.
 *
 * Actors: `anon` (signed out), `owner` (the user the target document belongs to: a fresh uid per
 * test, so tests never share state), `other` (another student, `bob`) and `admin` (`root`, with
 * the custom claim role == 'admin'). Every user has a profile (username = uid) unless a test asks
 * for an owner without one (creating a profile).
 */
import { describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { commentFixture, noteFixture, profileFixture } from '@notenest/shared';
import { FieldValue, type Bucket, type Db, type RulesHarness } from './harness.js';

export const ACTORS = ['anon', 'owner', 'other', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type Verdict = 'allow' | 'deny';
export const OTHER = 'bob';
export const ADMIN = 'root';

let seq = 0;
/** A fresh id for documents and users of one test. */
export const fresh = (prefix: string) =>
  `${prefix}${++seq}${Math.random().toString(36).slice(2, 6)}`;

export const emailOf = (uid: string) => `${uid}@example.edu`;

export interface World {
  owner: string;
}

const contexts = new Map<string, ReturnType<RulesHarness['env']['unauthenticatedContext']>>();

/** The rules-unit-testing context an actor's requests go through (one per user and claims). */
export function context(h: RulesHarness, actor: Actor, w: World, claims: object = {}) {
  const key = `${h.projectId}/${actor === 'owner' ? w.owner : actor}/${JSON.stringify(claims)}`;
  let c = contexts.get(key);
  if (!c) contexts.set(key, (c = newContext(h, actor, w, claims)));
  return c;
}

function newContext(h: RulesHarness, actor: Actor, w: World, claims: object) {
  switch (actor) {
    case 'anon':
      return h.env.unauthenticatedContext();
    case 'owner':
      return h.env.authenticatedContext(w.owner, { email: emailOf(w.owner), ...claims });
    case 'other':
      return h.env.authenticatedContext(OTHER, { email: emailOf(OTHER), ...claims });
    case 'admin':
      return h.env.authenticatedContext(ADMIN, { email: emailOf(ADMIN), role: 'admin', ...claims });
  }
}
export const dbOf = (h: RulesHarness, actor: Actor, w: World, claims: object = {}): Db =>
  context(h, actor, w, claims).firestore();
export const bucketOf = (h: RulesHarness, actor: Actor, w: World): Bucket =>
  context(h, actor, w).storage();

/** The uid an actor acts as (null when signed out). */
export const uidOf = (actor: Actor, w: World): string | null =>
  ({ anon: null, owner: w.owner, other: OTHER, admin: ADMIN })[actor];

// ---- fixtures ------------------------------------------------------------------------------

export const serverTime = () => FieldValue.serverTimestamp();

/** An admin's approval as a client writes it: approvedAt must be the server's time (rules). */
export const approval = () => ({ approved: true, approvedAt: serverTime() });

/** A profile as its owner creates it (the shared fixture, so it matches the data model). */
export function newProfile(uid: string, patch: Record<string, unknown> = {}) {
  return {
    ...profileFixture(uid, serverTime(), {
      email: emailOf(uid),
      // The admin actor's profile mirrors its claim, as the facade keeps them (firestore.rules
      // isAdmin() reads both).
      role: uid === ADMIN ? 'admin' : 'user',
    }),
    ...patch,
  };
}

/** A valid note as its uploader creates it (pending, zero counters, server times), with a file. */
export function newNote(uid: string, noteId: string, patch: Record<string, unknown> = {}) {
  return {
    ...noteFixture({ uid, username: uid }, serverTime(), {
      fileName: 'os-unit-3.pdf',
      filePath: `notes/${uid}/${noteId}/os-unit-3.pdf`,
      fileType: 'application/pdf',
      fileSize: 1234,
    }),
    ...patch,
  };
}

export function newComment(uid: string, patch: Record<string, unknown> = {}) {
  return { ...commentFixture({ uid, username: uid }, serverTime()), ...patch };
}

/** Seeds documents with rules disabled (serverTimestamp() sentinels become the commit time). */
export async function seed(h: RulesHarness, docs: Record<string, Record<string, unknown>>) {
  const b = h.admin.batch();
  for (const [path, data] of Object.entries(docs)) b.set(h.admin.doc(path), data);
  await b.commit();
}

/** Profiles with their username claims (usernames/{lower-case name}), as sign-up writes them. */
export async function seedProfiles(h: RulesHarness, ...uids: string[]) {
  await seed(
    h,
    Object.fromEntries(
      uids.flatMap((u) => [
        [`users/${u}`, newProfile(u)],
        [`usernames/${u.toLowerCase()}`, { uid: u }],
      ]),
    ),
  );
}

/** One unit of a rate limit spent now on `key`, as the client writes it (a new window). */
export function spendNow(key: string) {
  return { windowStart: serverTime(), count: 1, at: serverTime(), key };
}

/**
 * A user's limits/{action} document as if `count` units were spent, the window having started
 * `ageMs` ago and the last unit on `key`.
 */
export async function seedLimit(
  h: RulesHarness,
  uid: string,
  action: string,
  opts: { count?: number; ageMs?: number; key?: string } = {},
) {
  const start = new Date(Date.now() - (opts.ageMs ?? 0));
  await seed(h, {
    [`users/${uid}/limits/${action}`]: {
      windowStart: start,
      count: opts.count ?? 1,
      at: start,
      key: opts.key ?? 'earlier',
    },
  });
}

/** A note of `owner` (approved unless told), with optional extra documents. Returns its id. */
export async function seedNote(
  h: RulesHarness,
  owner: string,
  patch: Record<string, unknown> = {},
  extra: (id: string) => Record<string, Record<string, unknown>> = () => ({}),
): Promise<string> {
  const id = fresh('note');
  await seed(h, {
    [`notes/${id}`]: newNote(owner, id, { approved: true, ...patch }),
    ...extra(id),
  });
  return id;
}

// ---- runners -------------------------------------------------------------------------------

export type Op = 'get' | 'list' | 'create' | 'update' | 'delete';

/** Row per operation: the expected verdict for anon, owner, other, admin (in that order). */
export type Expectations = Partial<Record<string, [Verdict, Verdict, Verdict, Verdict]>>;

export interface MatrixSpec<W extends World> {
  /** Fresh fixtures for one cell; `op` lets a cell ask for a different starting state. */
  setup(op: string): Promise<W>;
  /** The request of each operation, aimed at the owner's document. */
  ops: Record<string, (actor: Actor, w: W) => Promise<unknown>>;
  expect: Expectations;
}

/** {anon, owner, other, admin} x operations, one test per cell. */
export function matrix<W extends World>(title: string, spec: MatrixSpec<W>) {
  describe(title, () => {
    for (const [op, verdicts] of Object.entries(spec.expect)) {
      ACTORS.forEach((actor, i) => {
        const verdict = verdicts![i]!;
        it(`${op.padEnd(7)} ${actor.padEnd(5)} -> ${verdict}`, async () => {
          const w = await spec.setup(op);
          const run = spec.ops[op];
          if (!run) throw new Error(`no operation ${op}`);
          await (verdict === 'allow' ? assertSucceeds : assertFails)(run(actor, w));
        });
      });
    }
  });
}

export interface Pair {
  /** What differs between the two requests. */
  name: string;
  allow: () => Promise<unknown>;
  deny: () => Promise<unknown>;
}

/** Attacks: each denied request beside an allowed twin that differs in one condition. */
export function pairs(title: string, list: Pair[]) {
  describe(title, () => {
    for (const p of list) {
      it(p.name, async () => {
        await assertSucceeds(p.allow()).catch((e: Error) => {
          throw new Error(`allowed side was denied: ${e.message}`);
        });
        await assertFails(p.deny()).catch((e: Error) => {
          throw new Error(`denied side: ${e.message}`);
        });
      });
    }
  });
}

/** The compat UploadTask is a thenable, not a Promise. */
export function put(
  ref: ReturnType<Bucket['ref']>,
  data: Uint8Array,
  md?: Parameters<ReturnType<Bucket['ref']>['put']>[1],
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    ref.put(data, md).then(resolve, reject);
  });
}
export const bytes = (n: number) => new Uint8Array(n).fill(65);
