/**
 * users/{uid}/follows/{key} and the profile's followCount, lastFollowKey and notifyFollows
 * (issue 32, docs/data-model.md "Follows"): only the owner reads, follows and unfollows; at most
 * 30 follows (MAX_FOLLOWS); the key is followKey(kind, name) exactly; followCount moves only with
 * the follow it counts; notifyFollows is the owner's boolean.
 */
import { afterAll, beforeAll } from 'vitest';
import { followKey, MAX_FOLLOWS } from '@notenest/shared';
import { startRulesHarness, type Db, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  dbOf,
  fresh,
  matrix,
  pairs,
  seedProfiles,
  serverTime,
  type Actor,
  type World,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness();
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

const COURSE = 'B.Tech CSE';
const KEY = followKey('course', COURSE);

/**
 * An owner following `count` things (their follows seeded and followCount = count; absent when
 * 0, as a profile from before follows), plus `follows` by name.
 */
async function owner(count = 0, follows: string[] = []): Promise<World> {
  const w = { owner: fresh('alice') };
  await seedProfiles(h, w.owner);
  const docs: Record<string, Record<string, unknown>> = {};
  const names = [
    ...follows,
    ...Array.from({ length: count - follows.length }, (_, i) => `Seed ${i}`),
  ];
  for (const name of names)
    docs[`users/${w.owner}/follows/${followKey('subject', name)}`] = follow('subject', name);
  if (count > 0) docs[`users/${w.owner}`] = { followCount: count };
  if (Object.keys(docs).length) {
    // merge: the profile keeps its other fields.
    const b = h.admin.batch();
    for (const [path, data] of Object.entries(docs))
      b.set(h.admin.doc(path), data, { merge: true });
    await b.commit();
  }
  return w;
}

function follow(kind: string, name: string, patch: Record<string, unknown> = {}) {
  return { kind, name, createdAt: serverTime(), ...patch };
}

interface FollowOpts {
  /** The follow's id (default: followKey(kind, name)). */
  key?: string;
  /** The follow's document (default: as the web app writes it). */
  data?: Record<string, unknown>;
  /** The profile's change (default: followCount + 1 and lastFollowKey = key); null: none. */
  profile?: Record<string, unknown> | null;
  /** The count the profile had (default 0). */
  count?: number;
}

/** A follow as web/src/features/follows/api/follows.ts writes it: one batch with the count. */
function followAs(db: Db, uid: string, kind: string, name: string, o: FollowOpts = {}) {
  const key = o.key ?? followKey(kind as 'course', name);
  const b = db.batch();
  b.set(db.doc(`users/${uid}/follows/${key}`), o.data ?? follow(kind, name));
  const profile =
    o.profile === undefined ? { followCount: (o.count ?? 0) + 1, lastFollowKey: key } : o.profile;
  if (profile) b.update(db.doc(`users/${uid}`), profile);
  return b.commit();
}

/** An unfollow: the delete with followCount - 1 and lastFollowKey = key. */
function unfollowAs(db: Db, uid: string, key: string, count: number, profile?: object | null) {
  const b = db.batch();
  b.delete(db.doc(`users/${uid}/follows/${key}`));
  const change = profile === undefined ? { followCount: count - 1, lastFollowKey: key } : profile;
  if (change) b.update(db.doc(`users/${uid}`), change);
  return b.commit();
}

const as = (a: Actor, w: World) => dbOf(h, a, w);
const own = (w: World) => dbOf(h, 'owner', w);

/** The allowed twins most attacks differ from. A first follow: */
async function followsCourse() {
  const w = await owner();
  return followAs(own(w), w.owner, 'course', COURSE);
}
/** A third follow: */
async function followsThird() {
  const w = await owner(2);
  return followAs(own(w), w.owner, 'course', COURSE, { count: 2 });
}
/** An unfollow of one of two: */
async function unfollowsPhysics() {
  const w = await owner(2, ['Physics']);
  return unfollowAs(own(w), w.owner, followKey('subject', 'Physics'), 2);
}

matrix('users/{uid}/follows/{key}: `owner` follows', {
  setup: async (op) => (op === 'create' ? owner() : owner(1, [COURSE])),
  ops: {
    get: (a, w) =>
      as(a, w)
        .doc(`users/${w.owner}/follows/${followKey('subject', COURSE)}`)
        .get(),
    list: (a, w) => as(a, w).collection(`users/${w.owner}/follows`).get(),
    create: (a, w) => followAs(as(a, w), w.owner, 'course', COURSE),
    update: (a, w) =>
      as(a, w)
        .doc(`users/${w.owner}/follows/${followKey('subject', COURSE)}`)
        .update({ name: 'Other' }),
    delete: (a, w) => unfollowAs(as(a, w), w.owner, followKey('subject', COURSE), 1),
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

pairs('users/{uid}/follows/{key}: at most 30', [
  {
    name: `the ${MAX_FOLLOWS}th follow / the ${MAX_FOLLOWS + 1}st`,
    allow: async () => {
      const w = await owner(MAX_FOLLOWS - 1);
      return followAs(own(w), w.owner, 'course', COURSE, { count: MAX_FOLLOWS - 1 });
    },
    deny: async () => {
      const w = await owner(MAX_FOLLOWS);
      return followAs(own(w), w.owner, 'course', COURSE, { count: MAX_FOLLOWS });
    },
  },
  {
    name: 'a follow counted / a follow not counted (no followCount + 1)',
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'course', COURSE, { profile: null });
    },
  },
  {
    name: 'followCount + 1 / + 2 with one follow',
    allow: async () => {
      const w = await owner(3);
      return followAs(own(w), w.owner, 'course', COURSE, { count: 3 });
    },
    deny: async () => {
      const w = await owner(3);
      return followAs(own(w), w.owner, 'course', COURSE, {
        profile: { followCount: 5, lastFollowKey: KEY },
      });
    },
  },
  {
    name: 'followCount + 1 with the follow / without it',
    allow: followsThird,
    deny: async () => {
      const w = await owner(2);
      return own(w).doc(`users/${w.owner}`).update({ followCount: 3, lastFollowKey: KEY });
    },
  },
  {
    name: 'one follow for + 1 / two follows for + 1',
    allow: followsThird,
    deny: async () => {
      const w = await owner(2);
      const db = own(w);
      const b = db.batch();
      b.set(db.doc(`users/${w.owner}/follows/${KEY}`), follow('course', COURSE));
      b.set(db.doc(`users/${w.owner}/follows/${followKey('subject', 'Physics')}`), {
        ...follow('subject', 'Physics'),
      });
      b.update(db.doc(`users/${w.owner}`), { followCount: 3, lastFollowKey: KEY });
      return b.commit();
    },
  },
  {
    name: 'followCount + 1 naming the new follow / naming one that exists already',
    allow: async () => {
      const w = await owner(2, ['Physics']);
      return followAs(own(w), w.owner, 'course', COURSE, { count: 2 });
    },
    deny: async () => {
      const w = await owner(2, ['Physics']);
      return followAs(own(w), w.owner, 'course', COURSE, {
        profile: { followCount: 3, lastFollowKey: followKey('subject', 'Physics') },
      });
    },
  },
  {
    name: 'an unfollow with followCount - 1 / without it',
    allow: unfollowsPhysics,
    deny: async () => {
      const w = await owner(2, ['Physics']);
      return unfollowAs(own(w), w.owner, followKey('subject', 'Physics'), 2, null);
    },
  },
  {
    name: 'followCount - 1 with the unfollow / without it (room for a 31st)',
    allow: async () => {
      const w = await owner(MAX_FOLLOWS, ['Physics']);
      return unfollowAs(own(w), w.owner, followKey('subject', 'Physics'), MAX_FOLLOWS);
    },
    deny: async () => {
      const w = await owner(MAX_FOLLOWS, ['Physics']);
      return own(w)
        .doc(`users/${w.owner}`)
        .update({ followCount: MAX_FOLLOWS - 1, lastFollowKey: followKey('subject', 'Physics') });
    },
  },
  {
    name: 'unfollowing what is followed / what is not (a - 1 for nothing)',
    allow: unfollowsPhysics,
    deny: async () => {
      const w = await owner(2, ['Physics']);
      return unfollowAs(own(w), w.owner, followKey('subject', 'Chemistry'), 2);
    },
  },
]);

pairs('users/{uid}/follows/{key}: the key is followKey(kind, name)', [
  {
    name: "the key of the follow's name / of another name",
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'course', COURSE, {
        key: followKey('course', 'B.Tech ECE'),
      });
    },
  },
  {
    name: 'the key of its kind / of another kind',
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'course', COURSE, { key: followKey('subject', COURSE) });
    },
  },
  {
    name: "'.' escaped as followKey does / left as it is",
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'course', COURSE, { key: 'course_B.Tech%20CSE' });
    },
  },
  {
    name: 'escapes where the name has its characters / moved',
    allow: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'subject', 'Data Structures');
    },
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'subject', 'Data Structures', {
        key: 'subject_DataStructures%20',
      });
    },
  },
  {
    name: 'a name beyond ASCII, its UTF-8 escaped / one byte off',
    allow: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'college', 'Université de Genève 😀 & Co.');
    },
    deny: async () => {
      const w = await owner();
      const name = 'Université de Genève 😀 & Co.';
      return followAs(own(w), w.owner, 'college', name, {
        // é is C3 A9; C3 A8 is è.
        key: followKey('college', name).replace('%C3%A9', '%C3%A8'),
      });
    },
  },
  {
    name: 'escapes in upper case, as encodeURIComponent writes them / in lower case',
    allow: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'subject', 'Maths: 1/2');
    },
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'subject', 'Maths: 1/2', {
        key: followKey('subject', 'Maths: 1/2').toLowerCase().replace('subject_m', 'subject_M'),
      });
    },
  },
  {
    name: 'a known kind / an unknown one',
    allow: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'college', 'Anna University');
    },
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'semester', 'Anna University', {
        key: 'semester_Anna%20University',
      });
    },
  },
  {
    name: 'the three fields / an extra field',
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'course', COURSE, {
        data: follow('course', COURSE, { notify: true }),
      });
    },
  },
  {
    name: 'createdAt the server time / a client time',
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'course', COURSE, {
        data: follow('course', COURSE, { createdAt: new Date() }),
      });
    },
  },
  {
    name: 'a name of 2 characters / of 1 (no note has one)',
    allow: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'subject', 'AI');
    },
    deny: async () => {
      const w = await owner();
      return followAs(own(w), w.owner, 'subject', 'A');
    },
  },
]);

pairs('users/{uid}/follows/{key}: who reads and writes', [
  {
    name: "following in one's own profile / in someone else's",
    allow: followsCourse,
    deny: async () => {
      const w = await owner();
      return followAs(own(w), OTHER, 'course', COURSE);
    },
  },
  {
    name: "listing one's own follows / everyone's followers of a course (collection group)",
    allow: async () => {
      const w = await owner(1, [COURSE]);
      return own(w).collection(`users/${w.owner}/follows`).where('name', '==', COURSE).get();
    },
    deny: async () => {
      const w = await owner(1, [COURSE]);
      return own(w).collectionGroup('follows').where('name', '==', COURSE).get();
    },
  },
]);

pairs('users/{uid}: notifyFollows', [
  {
    name: 'the owner turns it off / someone else does',
    allow: async () => {
      const w = await owner();
      return own(w).doc(`users/${w.owner}`).update({ notifyFollows: false });
    },
    deny: async () => {
      const w = await owner();
      return dbOf(h, 'other', w).doc(`users/${w.owner}`).update({ notifyFollows: false });
    },
  },
  {
    name: 'a boolean / a string',
    allow: async () => {
      const w = await owner();
      return own(w).doc(`users/${w.owner}`).update({ notifyFollows: true });
    },
    deny: async () => {
      const w = await owner();
      return own(w).doc(`users/${w.owner}`).update({ notifyFollows: 'no' });
    },
  },
  {
    name: 'notifyFollows alone / with followCount (a count change needs its follow)',
    allow: async () => {
      const w = await owner(2);
      return own(w).doc(`users/${w.owner}`).update({ notifyFollows: false });
    },
    deny: async () => {
      const w = await owner(2);
      return own(w).doc(`users/${w.owner}`).update({ notifyFollows: false, followCount: 0 });
    },
  },
]);
