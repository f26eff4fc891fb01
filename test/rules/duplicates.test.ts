/**
 * Duplicate uploads' documents (functions' services/duplicates.ts): fileHashes/{sha256} may be
 * got by a signed-in uploader (the form refuses a copy before uploading), never listed or
 * written by a client; nearHashes/{noteId} is functions' only; the markers on a note
 * (duplicateOf, duplicateOfTitle, similarTo) are the server's: no client writes or removes them,
 * and an admin cannot approve a note marked duplicateOf from the client.
 */
import { afterAll, beforeAll } from 'vitest';
import { FieldValue, startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  dbOf,
  fresh,
  pairs,
  seed,
  seedNote,
  seedProfiles,
  serverTime,
  approval,
  type Actor,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness();
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

const hex = (c: string) => c.repeat(64);

/** A fresh owner with a note (pending unless told) and the hash of its file. */
async function world(patch: Record<string, unknown> = { approved: false }) {
  const owner = fresh('alice');
  await seedProfiles(h, owner);
  const noteId = await seedNote(h, owner, patch);
  const sha = fresh('h')
    .replace(/[^a-f0-9]/g, 'a')
    .padEnd(64, 'b')
    .slice(0, 64);
  await seed(h, {
    [`fileHashes/${sha}`]: { noteId, uploaderId: owner, createdAt: new Date() },
    [`nearHashes/${noteId}`]: { noteId, bands: ['0_00000000'], minhash: [1, 2, 3] },
  });
  return { owner, noteId, sha };
}
type W = Awaited<ReturnType<typeof world>>;
const db = (a: Actor, w: W) => dbOf(h, a, w);
const hashDoc = (a: Actor, w: W) => db(a, w).doc(`fileHashes/${w.sha}`);
const note = (a: Actor, w: W) => db(a, w).doc(`notes/${w.noteId}`);
const edit = (patch: Record<string, unknown> = {}) => ({
  title: 'Operating Systems Unit 3 (revised)',
  updatedAt: serverTime(),
  approved: false,
  ...patch,
});
const marked = { approved: false, duplicateOf: 'original1', duplicateOfTitle: 'OS Unit 3' };
const similar = { approved: false, similarTo: { noteId: 'n1', title: 'OS Unit 3', score: 0.95 } };

pairs('fileHashes/{sha256}: a get by hash, nothing else', [
  {
    name: 'a signed-in student gets a hash they hold; signed out they do not',
    allow: async () => hashDoc('other', await world()).get(),
    deny: async () => hashDoc('anon', await world()).get(),
  },
  {
    name: 'a get by hash, not a list of every hash',
    allow: async () => hashDoc('other', await world()).get(),
    deny: async () =>
      db('other', await world())
        .collection('fileHashes')
        .get(),
  },
  {
    name: 'a get of a hash not shared yet (the form asks before every upload)',
    allow: async () =>
      db('owner', await world())
        .doc(`fileHashes/${hex('c')}`)
        .get(),
    deny: async () =>
      db('anon', await world())
        .doc(`fileHashes/${hex('c')}`)
        .get(),
  },
  {
    name: 'the uploader reads their hash but cannot write it',
    allow: async () => hashDoc('owner', await world()).get(),
    deny: async () => {
      const w = await world();
      return db('owner', w)
        .doc(`fileHashes/${hex('d')}`)
        .set({ noteId: w.noteId, uploaderId: w.owner, createdAt: serverTime() });
    },
  },
  {
    name: 'nobody takes over a hash (the first writer wins, in functions)',
    allow: async () => hashDoc('admin', await world()).get(),
    deny: async () => hashDoc('admin', await world()).update({ noteId: 'mine' }),
  },
  {
    name: 'nor deletes one',
    allow: async () => hashDoc('owner', await world()).get(),
    deny: async () => hashDoc('owner', await world()).delete(),
  },
]);

pairs('nearHashes/{noteId}: functions only', [
  {
    name: 'even an admin cannot read a signature (the hash of a file, yes)',
    allow: async () => hashDoc('admin', await world()).get(),
    deny: async () => {
      const w = await world();
      return db('admin', w).doc(`nearHashes/${w.noteId}`).get();
    },
  },
  {
    name: 'nor the note owner write one',
    allow: async () => hashDoc('owner', await world()).get(),
    deny: async () => {
      const w = await world();
      return db('owner', w)
        .doc(`nearHashes/${w.noteId}`)
        .set({ noteId: w.noteId, bands: [], minhash: [] });
    },
  },
]);

pairs("notes: the duplicate markers are the server's", [
  {
    name: 'the uploader cannot mark their note a copy',
    allow: async () => note('owner', await world()).update(edit()),
    deny: async () => note('owner', await world()).update(edit({ duplicateOf: 'x' })),
  },
  {
    name: 'nor remove the mark (to get it approved)',
    allow: async () => note('owner', await world(marked)).update(edit()),
    deny: async () =>
      note('owner', await world(marked)).update(edit({ duplicateOf: FieldValue.delete() })),
  },
  {
    name: 'nor change its title',
    allow: async () => note('owner', await world(marked)).update(edit()),
    deny: async () => note('owner', await world(marked)).update(edit({ duplicateOfTitle: 'x' })),
  },
  {
    name: 'nor set or remove a similar flag',
    allow: async () => note('owner', await world(similar)).update(edit()),
    deny: async () =>
      note('owner', await world(similar)).update(edit({ similarTo: FieldValue.delete() })),
  },
  {
    name: 'an admin approves a pending note, not one marked a copy',
    allow: async () => note('admin', await world()).update(approval()),
    deny: async () => note('admin', await world(marked)).update(approval()),
  },
  {
    name: 'an admin keeps a marked copy pending but cannot unmark it',
    allow: async () =>
      note('admin', await world({ ...marked, approved: true })).update({ approved: false }),
    deny: async () =>
      note('admin', await world(marked)).update({ duplicateOf: FieldValue.delete() }),
  },
  {
    name: 'a flagged (similar) note may still be approved: never refused automatically',
    allow: async () => note('admin', await world(similar)).update(approval()),
    deny: async () => note('other', await world(similar)).update(approval()),
  },
]);
