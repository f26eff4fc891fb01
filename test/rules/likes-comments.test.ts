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

/** `actor` writes the like document of `likerId` and moves likesCount by `delta`, in one batch. */
function likeBatch(
  actor: Actor,
  w: LikeWorld,
  op: 'set' | 'delete',
  delta: number | null,
  likerId = w.owner,
  likeData: Record<string, unknown> = { createdAt: serverTime(), uid: likerId },
) {
  const db = dbOf(h, actor, w);
  const b = db.batch();
  const like = db.doc(`notes/${w.noteId}/likes/${likerId}`);
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
]);

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
    // Everyone tries to write the owner's comment (authorId and username the owner's).
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
    create: ['deny', 'allow', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'allow', 'deny', 'allow'],
  },
});

const comment = async (patch: Record<string, unknown> = {}, approved = true) => {
  const w = await commentWorld({ approved, exists: false });
  return commentRef('owner', w).set(newComment(w.owner, patch));
};
const ownerEdits = async (patch: Record<string, unknown>) =>
  commentRef('owner', await commentWorld()).update(patch);

pairs('comments: attacks', [
  {
    name: 'authorId someone else (commenting as someone else)',
    allow: () => comment(),
    deny: () => comment({ authorId: OTHER }),
  },
  {
    name: "username not the author's profile username",
    allow: () => comment(),
    deny: () => comment({ username: OTHER }),
  },
  {
    name: 'signed in vs signed out',
    allow: () => comment(),
    deny: async () => {
      const w = await commentWorld({ exists: false });
      return commentRef('anon', w).set(newComment(w.owner));
    },
  },
  {
    name: "on an approved note vs someone else's pending note",
    allow: () => comment({}, true),
    deny: () => comment({}, false),
  },
  {
    name: 'text 1000 vs 1001 characters',
    allow: () => comment({ text: 'x'.repeat(1000) }),
    deny: () => comment({ text: 'x'.repeat(1001) }),
  },
  {
    name: 'text whitespace only',
    allow: () => comment({ text: ' a ' }),
    deny: () => comment({ text: ' \n\t ' }),
  },
  { name: 'text empty', allow: () => comment({ text: 'a' }), deny: () => comment({ text: '' }) },
  { name: 'text a number', allow: () => comment({ text: '5' }), deny: () => comment({ text: 5 }) },
  { name: 'an extra field', allow: () => comment(), deny: () => comment({ likes: 100 }) },
  {
    name: 'editedAt on create',
    allow: () => comment(),
    deny: () => comment({ editedAt: serverTime() }),
  },
  {
    name: 'commentedAt a client time',
    allow: () => comment({ commentedAt: serverTime() }),
    deny: () => comment({ commentedAt: new Date('2020-01-01') }),
  },
  {
    name: 'edit: text vs authorId',
    allow: () => ownerEdits(editText()),
    deny: () => ownerEdits(editText({ authorId: OTHER })),
  },
  {
    name: 'edit: text vs username',
    allow: () => ownerEdits(editText()),
    deny: () => ownerEdits(editText({ username: 'Someone Else' })),
  },
  {
    name: 'edit: editedAt stamped vs missing',
    allow: () => ownerEdits(editText()),
    deny: () => ownerEdits({ text: 'Edited without a stamp' }),
  },
  {
    name: 'edit: commentedAt rewritten',
    allow: () => ownerEdits(editText()),
    deny: () => ownerEdits(editText({ commentedAt: serverTime() })),
  },
  {
    name: 'edit: text whitespace only',
    allow: () => ownerEdits(editText({ text: 'ok' })),
    deny: () => ownerEdits(editText({ text: '   ' })),
  },
  {
    name: 'delete: admin by the role claim vs an admin: true claim',
    allow: async () => commentRef('admin', await commentWorld()).delete(),
    deny: async () => commentRef('other', await commentWorld(), { admin: true }).delete(),
  },
  {
    name: 'commentsCount +1 by the commenter (functions recount it)',
    allow: () => comment(),
    deny: async () => {
      const w = await commentWorld({ exists: false });
      return dbOf(h, 'owner', w)
        .doc(`notes/${w.noteId}`)
        .update({ commentsCount: FieldValue.increment(1) });
    },
  },
]);
