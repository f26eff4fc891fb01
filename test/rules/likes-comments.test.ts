/**
 * notes/{noteId}/likes/{uid} (one like per user, likesCount kept exact with getAfter/existsAfter)
 * and notes/{noteId}/comments/{commentId}: the {actor} x {operation} grid and the attacks
 * (a second like, unliking without a like, jumping counters, commenting as someone else).
 */
import { afterAll, beforeAll } from 'vitest';
import { FieldValue, startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  dbOf,
  fresh,
  matrix,
  newComment,
  pairs,
  seedLimit,
  seedNote,
  seedProfiles,
  serverTime,
  spendNow,
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

// ---- likes -----------------------------------------------------------------------------------

interface LikeWorld extends World {
  noteId: string;
}

/**
 * `owner` is the liker (the like document's id). The note belongs to bob (`other`), approved,
 * with `liked` deciding whether owner's like exists (likesCount 1) or not (likesCount 0).
 */
async function likeWorld(liked: boolean, approved = true): Promise<LikeWorld> {
  const owner = fresh('alice');
  await seedProfiles(h, owner);
  const noteId = await seedNote(h, OTHER, { approved, likesCount: liked ? 1 : 0 }, (id) =>
    liked ? { [`notes/${id}/likes/${owner}`]: { createdAt: serverTime(), uid: owner } } : {},
  );
  return { owner, noteId };
}

/**
 * `actor` writes the like document of `likerId` and moves likesCount by `delta`, in one batch; a
 * like (set) also spends a unit of the actor's like limit on the note (`spend`: what it is spent
 * on, or null for none), as the web app does.
 */
function likeBatch(
  actor: Actor,
  w: LikeWorld,
  op: 'set' | 'delete',
  delta: number | null,
  likerId = w.owner,
  likeData: Record<string, unknown> = { createdAt: serverTime(), uid: likerId },
  spend: string | null = op === 'set' ? w.noteId : null,
) {
  const db = dbOf(h, actor, w);
  const b = db.batch();
  const like = db.doc(`notes/${w.noteId}/likes/${likerId}`);
  const uid = uidOf(actor, w);
  if (spend !== null && uid) b.set(db.doc(`users/${uid}/limits/like`), spendNow(spend));
  if (op === 'set') b.set(like, likeData);
  else b.delete(like);
  if (delta !== null)
    b.update(db.doc(`notes/${w.noteId}`), { likesCount: FieldValue.increment(delta) });
  return b.commit();
}
const like = (a: Actor, w: LikeWorld) => likeBatch(a, w, 'set', +1);
const unlike = (a: Actor, w: LikeWorld) => likeBatch(a, w, 'delete', -1);

matrix("notes/{noteId}/likes/{uid}: `owner` is the liker; the note is bob's", {
  setup: (op) => likeWorld(op !== 'create'),
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`notes/${w.noteId}/likes/${w.owner}`).get(),
    list: (a, w) => dbOf(h, a, w).collection(`notes/${w.noteId}/likes`).get(),
    // Everyone tries to like on the owner's behalf (the like id is the owner's uid).
    create: (a, w) => like(a, w),
    update: (a, w) =>
      dbOf(h, a, w).doc(`notes/${w.noteId}/likes/${w.owner}`).update({ createdAt: serverTime() }),
    delete: (a, w) => unlike(a, w),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'allow'],
    list: ['deny', 'deny', 'deny', 'allow'],
    create: ['deny', 'allow', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'allow', 'deny', 'deny'],
  },
});

/** Each actor likes with their own uid: who may like at all. */
matrix('notes/{noteId}/likes/{uid}: liking as oneself', {
  setup: () => likeWorld(false),
  ops: { 'like own id': (a, w) => likeBatch(a, w, 'set', +1, uidOf(a, w) ?? 'nobody') },
  expect: { 'like own id': ['deny', 'allow', 'allow', 'allow'] },
});

pairs('likes: attacks', [
  {
    name: 'a second like (the like exists already)',
    allow: async () => like('owner', await likeWorld(false)),
    deny: async () => like('owner', await likeWorld(true)),
  },
  {
    name: 'unliking without a like',
    allow: async () => unlike('owner', await likeWorld(true)),
    deny: async () => unlike('owner', await likeWorld(false)),
  },
  {
    name: 'a like without moving likesCount',
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () => likeBatch('owner', await likeWorld(false), 'set', null),
  },
  {
    name: 'likesCount +1 vs +2 with one like',
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () => likeBatch('owner', await likeWorld(false), 'set', +2),
  },
  {
    name: 'likesCount -1 vs -2 when unliking',
    allow: async () => likeBatch('owner', await likeWorld(true), 'delete', -1),
    deny: async () => likeBatch('owner', await likeWorld(true), 'delete', -2),
  },
  {
    name: 'likesCount +1 with vs without creating a like',
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () => {
      const w = await likeWorld(false);
      return dbOf(h, 'owner', w)
        .doc(`notes/${w.noteId}`)
        .update({ likesCount: FieldValue.increment(1) });
    },
  },
  {
    name: 'likesCount -1 with vs without deleting the like',
    allow: async () => likeBatch('owner', await likeWorld(true), 'delete', -1),
    deny: async () => {
      const w = await likeWorld(true);
      return dbOf(h, 'owner', w)
        .doc(`notes/${w.noteId}`)
        .update({ likesCount: FieldValue.increment(-1) });
    },
  },
  {
    name: 'an unlike that keeps the like document (delete vs set)',
    allow: async () => likeBatch('owner', await likeWorld(true), 'delete', -1),
    deny: async () => likeBatch('owner', await likeWorld(true), 'set', -1),
  },
  {
    name: "likesCount +1 with someone else's like created",
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () => likeBatch('owner', await likeWorld(false), 'set', +1, OTHER),
  },
  {
    name: 'like document with an extra field',
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () => {
      const w = await likeWorld(false);
      return likeBatch('owner', w, 'set', +1, undefined, {
        createdAt: serverTime(),
        uid: w.owner,
        weight: 10,
      });
    },
  },
  {
    name: 'like document without its uid field',
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () =>
      likeBatch('owner', await likeWorld(false), 'set', +1, undefined, { createdAt: serverTime() }),
  },
  {
    name: "like document whose uid field is someone else's",
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () =>
      likeBatch('owner', await likeWorld(false), 'set', +1, undefined, {
        createdAt: serverTime(),
        uid: OTHER,
      }),
  },
  {
    name: 'like createdAt a client time',
    allow: async () => likeBatch('owner', await likeWorld(false), 'set', +1),
    deny: async () => {
      const w = await likeWorld(false);
      return likeBatch('owner', w, 'set', +1, undefined, { createdAt: new Date(), uid: w.owner });
    },
  },
  {
    name: "liking an approved vs someone else's pending note",
    allow: async () => like('owner', await likeWorld(false, true)),
    deny: async () => like('owner', await likeWorld(false, false)),
  },
  {
    name: 'a like with vs without a unit of the like limit spent now',
    allow: async () => like('owner', await likeWorld(false)),
    deny: async () => {
      const w = await likeWorld(false);
      // The last unit was spent on this very note, but in an earlier request.
      await seedLimit(h, w.owner, 'like', { key: w.noteId });
      return likeBatch('owner', w, 'set', +1, w.owner, undefined, null);
    },
  },
  {
    name: 'a unit spent on this note vs on another note',
    allow: async () => like('owner', await likeWorld(false)),
    deny: async () => {
      const w = await likeWorld(false);
      return likeBatch('owner', w, 'set', +1, w.owner, undefined, fresh('note'));
    },
  },
  {
    name: 'the 30th vs the 31st like within a minute',
    allow: async () => {
      const w = await likeWorld(false);
      await seedLimit(h, w.owner, 'like', { count: 29, ageMs: 10_000 });
      return likeNext(w, 30);
    },
    deny: async () => {
      const w = await likeWorld(false);
      await seedLimit(h, w.owner, 'like', { count: 30, ageMs: 10_000 });
      return likeNext(w, 31);
    },
  },
  {
    name: 'two likes in one batch: one unit each vs one unit for both',
    allow: async () => like('owner', await likeWorld(false)),
    deny: async () => {
      const w = await likeWorld(false);
      const second = await seedNote(h, OTHER);
      const db = dbOf(h, 'owner', w);
      const b = db.batch();
      b.set(db.doc(`users/${w.owner}/limits/like`), spendNow(w.noteId));
      for (const id of [w.noteId, second]) {
        b.set(db.doc(`notes/${id}/likes/${w.owner}`), { createdAt: serverTime(), uid: w.owner });
        b.update(db.doc(`notes/${id}`), { likesCount: FieldValue.increment(1) });
      }
      return b.commit();
    },
  },
]);

/** The owner likes, spending unit number `n` of the current window (the window kept). */
function likeNext(w: LikeWorld, n: number) {
  const db = dbOf(h, 'owner', w);
  const b = db.batch();
  b.update(db.doc(`users/${w.owner}/limits/like`), {
    count: n,
    at: serverTime(),
    key: w.noteId,
  });
  b.set(db.doc(`notes/${w.noteId}/likes/${w.owner}`), { createdAt: serverTime(), uid: w.owner });
  b.update(db.doc(`notes/${w.noteId}`), { likesCount: FieldValue.increment(1) });
  return b.commit();
}

// ---- users/{uid}/limits/{action}: rate limits -------------------------------------------------

/** The owner writes their limits/{action} after `prior` (count, window age), or as a first unit. */
async function spend(
  action: string,
  next: Record<string, unknown>,
  prior?: { count: number; ageMs: number },
  actor: Actor = 'owner',
) {
  const owner = fresh('alice');
  await seedProfiles(h, owner);
  if (prior) await seedLimit(h, owner, action, prior);
  return dbOf(h, actor, { owner })
    .doc(`users/${owner}/limits/${action}`)
    .set({ at: serverTime(), key: 'k', ...next });
}

matrix('users/{uid}/limits/{action}: `owner` is the user', {
  setup: async () => {
    const owner = fresh('alice');
    await seedProfiles(h, owner);
    await seedLimit(h, owner, 'like', { count: 3, ageMs: 5_000 });
    return { owner };
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/limits/like`).get(),
    list: (a, w) => dbOf(h, a, w).collection(`users/${w.owner}/limits`).get(),
    // Everyone tries to spend the owner's next unit.
    update: (a, w) =>
      dbOf(h, a, w)
        .doc(`users/${w.owner}/limits/like`)
        .update({ count: 4, at: serverTime(), key: 'n1' }),
    delete: (a, w) => dbOf(h, a, w).doc(`users/${w.owner}/limits/like`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'deny'],
    list: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

pairs('users/{uid}/limits/{action}: a window cannot be cheated', [
  {
    name: 'a first unit: count 1 vs count 0',
    allow: () => spend('like', { windowStart: serverTime(), count: 1 }),
    deny: () => spend('like', { windowStart: serverTime(), count: 0 }),
  },
  {
    name: 'a first unit: window starting now vs in the past',
    allow: () => spend('upload', { windowStart: serverTime(), count: 1 }),
    deny: () => spend('upload', { windowStart: new Date(Date.now() - 120_000), count: 1 }),
  },
  {
    name: 'the 5th vs the 6th upload within a minute',
    allow: () => spendKept('upload', 5, { count: 4, ageMs: 5_000 }),
    deny: () => spendKept('upload', 6, { count: 5, ageMs: 5_000 }),
  },
  {
    name: 'count +1 vs +0 within the window',
    allow: () => spendKept('like', 4, { count: 3, ageMs: 5_000 }),
    deny: () => spendKept('like', 3, { count: 3, ageMs: 5_000 }),
  },
  {
    name: 'a new window once the old one is over vs while it lasts',
    allow: () =>
      spend('like', { windowStart: serverTime(), count: 1 }, { count: 30, ageMs: 61_000 }),
    deny: () =>
      spend('like', { windowStart: serverTime(), count: 1 }, { count: 30, ageMs: 30_000 }),
  },
  {
    name: 'a like or upload limit vs the comment limit (functions spend that one)',
    allow: () => spend('like', { windowStart: serverTime(), count: 1 }),
    deny: () => spend('comment', { windowStart: serverTime(), count: 1 }),
  },
  {
    name: 'stamped at server time vs a client time',
    allow: () => spend('like', { windowStart: serverTime(), count: 1 }),
    deny: () => spend('like', { windowStart: serverTime(), count: 1, at: new Date() }),
  },
  {
    name: 'an extra field',
    allow: () => spend('like', { windowStart: serverTime(), count: 1 }),
    deny: () => spend('like', { windowStart: serverTime(), count: 1, limit: 1000 }),
  },
]);

/** Spends unit `count` of a window that `prior` started (windowStart unchanged). */
async function spendKept(action: string, count: number, prior: { count: number; ageMs: number }) {
  const owner = fresh('alice');
  await seedProfiles(h, owner);
  await seedLimit(h, owner, action, prior);
  return dbOf(h, 'owner', { owner })
    .doc(`users/${owner}/limits/${action}`)
    .update({ count, at: serverTime(), key: 'k' });
}

// ---- comments --------------------------------------------------------------------------------

interface CommentWorld extends World {
  noteId: string;
  commentId: string;
}

/** `owner` wrote the comment; the note is bob's (approved unless told). */
async function commentWorld(opts: { approved?: boolean; exists?: boolean } = {}) {
  const owner = fresh('alice');
  await seedProfiles(h, owner);
  const commentId = fresh('c');
  const noteId = await seedNote(h, OTHER, { approved: opts.approved ?? true }, (id) =>
    opts.exists === false ? {} : { [`notes/${id}/comments/${commentId}`]: newComment(owner) },
  );
  return { owner, noteId, commentId };
}
const commentRef = (a: Actor, w: CommentWorld, claims: object = {}) =>
  dbOf(h, a, w, claims).doc(`notes/${w.noteId}/comments/${w.commentId}`);
const comments = (a: Actor, w: CommentWorld) =>
  dbOf(h, a, w).collection(`notes/${w.noteId}/comments`);
const editText = (patch: Record<string, unknown> = {}) => ({
  text: 'Edited: even clearer now.',
  editedAt: serverTime(),
  ...patch,
});

matrix("notes/{noteId}/comments/{id}: `owner` wrote the comment on bob's note", {
  setup: (op) =>
    commentWorld({ approved: !op.includes('pending'), exists: !op.startsWith('create') }),
  ops: {
    'get on approved': (a, w) => commentRef(a, w).get(),
    'get on pending': (a, w) => commentRef(a, w).get(),
    'list on approved': (a, w) => comments(a, w).get(),
    'list on pending': (a, w) => comments(a, w).get(),
    // Everyone tries to write the owner's comment (authorId and username the owner's): comments
    // are written through the facade only, which bounds them per user per minute.
    create: (a, w) => commentRef(a, w).set(newComment(w.owner)),
    update: (a, w) => commentRef(a, w).update(editText()),
    delete: (a, w) => commentRef(a, w).delete(),
  },
  expect: {
    //                   anon     owner    other    admin
    // (on a pending note, `other` is bob, the note's uploader)
    'get on approved': ['allow', 'allow', 'allow', 'allow'],
    'get on pending': ['deny', 'deny', 'allow', 'allow'],
    'list on approved': ['allow', 'allow', 'allow', 'allow'],
    'list on pending': ['deny', 'deny', 'allow', 'allow'],
    create: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'allow', 'deny', 'allow'],
  },
});

pairs('comments: attacks', [
  {
    name: 'delete: admin by the role claim vs an admin: true claim',
    allow: async () => commentRef('admin', await commentWorld()).delete(),
    deny: async () => commentRef('other', await commentWorld(), { admin: true }).delete(),
  },
  {
    name: "delete: one's own comment vs someone else's",
    allow: async () => commentRef('owner', await commentWorld()).delete(),
    deny: async () => commentRef('other', await commentWorld()).delete(),
  },
  {
    name: 'commentsCount +1 by the commenter (functions recount it)',
    allow: async () => commentRef('owner', await commentWorld()).delete(),
    deny: async () => {
      const w = await commentWorld({ exists: false });
      return dbOf(h, 'owner', w)
        .doc(`notes/${w.noteId}`)
        .update({ commentsCount: FieldValue.increment(1) });
    },
  },
]);
