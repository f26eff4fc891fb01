/**
 * The follow fan-out (issue 32, services/follows.ts) on the run's stack: approving a note in a
 * course with 1,200 followers notifies each exactly once through the real chain (the note
 * trigger enqueues, the Cloud Tasks emulator runs the followFanout tasks, page by page), also when
 * a page's task runs again; the uploader and a follower who turned these notifications off get
 * nothing, and a student following both the note's course and its subject gets one.
 */
import {
  FOLLOW_FANOUT_PAGE,
  followKey,
  profileFixture,
  userSearchTerms,
  type FollowKind,
} from '@notenest/shared';
import {
  FieldValue,
  getFirestore,
  type BulkWriter,
  type Firestore,
  type Timestamp,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withTriggersPaused } from '../../../scripts/lib/stack.mjs';
import { adminApp } from '../firebase.js';
import { fanOutPage, startFollowFanout, taskId, type FanoutTask } from '../services/follows.js';
import { approve, makeCast, noteForm, type Cast } from '../testing/api-fixtures.js';
import { eventually } from '../testing/stack.js';

const FOLLOWERS = 1200;
const RUN = Math.random().toString(36).slice(2, 8);
const COURSE = `Fanout Course ${RUN}`;
const SUBJECT = `Fanout Subject ${RUN}`;
/** The synthetic followers (profiles only, no Auth account: the fan-out reads profiles). */
const uids = Array.from({ length: FOLLOWERS }, (_, i) => `fan${RUN}${String(i).padStart(4, '0')}`);
/** Turned follow notifications off. */
const MUTED = uids[0]!;
/** Follows the course and the subject of the note. */
const BOTH = uids[1]!;
/**
 * Follow the course only after its note was approved: what a re-run of the chain notifies, and
 * so shows it ran. They sort first and last by document path, i.e. on the first and last page.
 */
const LATE = [`0late${RUN}`, `zzlate${RUN}`];

let cast: Cast;
let db: Firestore;
let host: string;

/**
 * Writes the synthetic followers (or removes them) with the stack's triggers paused: each profile
 * write starts the profile trigger, 1,200 runs that queued ahead of the note trigger under test
 * (the fan-out waited ~20 s behind them) and, after the file, ahead of the next file's. Their
 * profiles carry what that trigger would write (searchTerms), and nothing here is about it.
 * Pausing waits for the triggers already queued and drops the events that arrive meanwhile, so
 * the events that matter are waited for first (castIndexed, notesCounted).
 */
async function pausedWrites(write: (w: BulkWriter) => void | Promise<void>) {
  await withTriggersPaused(host, async () => {
    const w = db.bulkWriter();
    await write(w);
    await w.close();
  });
}

/** The cast's profile triggers have run (they write the profiles' searchTerms). */
const castIndexed = () =>
  eventually(
    () =>
      Promise.all([cast.alice, cast.bob, cast.admin].map((a) => db.doc(`users/${a.uid}`).get())),
    (profiles) => profiles.every((p) => Array.isArray(p.get('searchTerms'))),
    { what: "the cast's profiles indexed by their trigger" },
  );

/** The note trigger has run for each of Alice's notes (it recounts her notes). */
async function notesCounted() {
  const notes = (
    await db.collection('notes').where('uploaderId', '==', cast.alice.uid).count().get()
  ).data().count;
  await eventually(
    async () => (await db.doc(`users/${cast.alice.uid}`).get()).get('notesCount') as unknown,
    (n) => n === notes,
    { what: `Alice's notesCount ${notes}` },
  );
}

/** A follow as the web app writes it (api/follows.ts), straight to Firestore. */
function follow(w: BulkWriter, uid: string, kind: FollowKind, name: string) {
  void w.set(db.doc(`users/${uid}/follows/${followKey(kind, name)}`), {
    kind,
    name,
    createdAt: FieldValue.serverTimestamp(),
  });
}

/** A synthetic student's profile, following `followCount` things. */
function profile(w: BulkWriter, uid: string, patch: Record<string, unknown> = {}) {
  void w.set(db.doc(`users/${uid}`), {
    ...profileFixture(uid, FieldValue.serverTimestamp(), {
      followCount: 1,
      lastFollowKey: followKey('course', COURSE),
      ...patch,
    }),
    // As the profile trigger writes them, so that it has nothing to write back.
    searchTerms: userSearchTerms(uid, `${uid.toLowerCase()}@example.com`),
  });
}

beforeAll(async () => {
  cast = await makeCast('follows', {
    alice: 'Fay Follower',
    bob: 'Finn Follower',
    admin: 'Admin Fanout',
  });
  db = getFirestore(adminApp());
  // The test process enqueues too (a retried approval): on the stack's Cloud Tasks emulator,
  // which the functions' runtime finds by this variable and the test finds through the hub.
  ({ host } = inject('emulatorStack'));
  const hub = (await (await fetch(`http://${host}:4400/emulators`)).json()) as {
    tasks: { host: string; port: number };
  };
  process.env['CLOUD_TASKS_EMULATOR_HOST'] = `${hub.tasks.host}:${hub.tasks.port}`;
  await castIndexed();
  await pausedWrites((w) => {
    for (const uid of uids) {
      profile(w, uid, {
        ...(uid === MUTED ? { notifyFollows: false } : {}),
        ...(uid === BOTH ? { followCount: 2 } : {}),
      });
      follow(w, uid, 'course', COURSE);
    }
    follow(w, BOTH, 'subject', SUBJECT);
    // The uploader follows their own course; a real student follows it too.
    follow(w, cast.alice.uid, 'course', COURSE);
    follow(w, cast.bob.uid, 'course', COURSE);
  });
});

afterAll(async () => {
  // 1,200 profiles with their follows and notifications would slow every later walk of the
  // database (data-model.stack.test.ts) for nothing.
  if (!db || !cast) return;
  await notesCounted();
  // Their follows and notifications found with one query each (a listing per student took
  // 2,400 calls one after another).
  const gone = new Set([...uids, ...LATE]);
  const theirs = async (sub: string) =>
    (await db.collectionGroup(sub).select().get()).docs.filter((d) => {
      const user = d.ref.parent.parent;
      return user?.parent.id === 'users' && gone.has(user.id);
    });
  const [follows, notifications] = await Promise.all([theirs('follows'), theirs('notifications')]);
  await pausedWrites((w) => {
    for (const d of [...follows, ...notifications]) void w.delete(d.ref);
    for (const uid of gone) void w.delete(db.doc(`users/${uid}`));
  });
});

/** The query of the followedNote notifications about `noteId`. */
const followQuery = (noteId: string) =>
  db
    .collectionGroup('notifications')
    .where('noteId', '==', noteId)
    .where('type', '==', 'followedNote');

/** The followedNote notifications about `noteId`, by the uid that received each. */
async function followNotifications(noteId: string) {
  const q = await followQuery(noteId).get();
  return q.docs.map((d) => ({ uid: d.ref.parent.parent!.id, id: d.id, data: d.data() }));
}

/** Alice's note in the followed course, pending; resolves to its id. */
async function courseNote(title: string): Promise<string> {
  const r = await cast.call('POST', '/api/uploading/create', {
    token: cast.alice.token,
    form: noteForm({
      title,
      courseName: COURSE,
      subjectName: SUBJECT,
      fileUrl: 'https://example.com/fanout.pdf',
      fileName: 'fanout.pdf',
    }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.note._id as string;
}

/** Who should hear of a note in the course: every follower but the muted one and the uploader. */
const expected = () => [...uids.filter((u) => u !== MUTED), cast.bob.uid].sort();

describe('follow fan-out', () => {
  let noteId: string;

  it('approving a note in a course with 1,200 followers notifies each exactly once', async () => {
    noteId = await courseNote('Fanout: a new note for 1,200 followers');
    await approve(cast, noteId);
    const want = expected();
    // Polled by their count (reading 1,200 documents every 200 ms slowed the very writes it
    // waited for), then read once.
    await eventually(
      async () => (await followQuery(noteId).count().get()).data().count,
      (n) => n >= want.length,
      { what: `${want.length} followedNote notifications`, timeoutMs: 120_000 },
    );
    const got = await followNotifications(noteId);
    // Exactly the followers, each once (ids are per note: a second one would be a second uid).
    expect(got.map((n) => n.uid).sort()).toEqual(want);
    expect(got.every((n) => n.id === `follow_${noteId}`)).toBe(true);
    const bob = got.find((n) => n.uid === cast.bob.uid)!.data;
    expect(bob).toMatchObject({
      type: 'followedNote',
      noteId,
      noteTitle: 'Fanout: a new note for 1,200 followers',
      followKind: 'course',
      followName: COURSE,
      read: false,
    });
    // The uploader and the muted follower: nothing, now that every other one has arrived.
    for (const uid of [cast.alice.uid, MUTED]) {
      const own = await db.doc(`users/${uid}/notifications/follow_${noteId}`).get();
      expect(own.exists, uid).toBe(false);
    }
  }, 180_000);

  it('a page that runs again, or is enqueued twice, notifies nobody twice', async () => {
    expect(noteId).toBeDefined();
    // A follower has read theirs: a retry must not make it unread (nor write a second one).
    await db.doc(`users/${cast.bob.uid}/notifications/follow_${noteId}`).update({ read: true });
    const before = await followNotifications(noteId);

    // The course's chain again from its first page, each page run twice, as a retried task or a
    // duplicate enqueue would (the handler itself; the queue would refuse the duplicate id).
    const queued: FanoutTask[] = [];
    const enqueue = async (t: FanoutTask) => void queued.push(t);
    let task: FanoutTask | undefined = { noteId, kind: 'course', after: null, run: 'retry' };
    let pages = 0;
    while (task) {
      const seen = await fanOutPage(task, enqueue);
      expect(await fanOutPage(task, enqueue)).toBe(seen);
      pages++;
      task = queued.shift();
      // The retry enqueued the same next page again: drop the duplicate, as the queue does.
      if (task) expect(queued.shift()).toEqual(task);
    }
    // 1,200 synthetic followers + alice + bob: 1,202 follows of the course (LATE: not yet).
    expect(pages).toBe(Math.ceil((FOLLOWERS + 2) / FOLLOW_FANOUT_PAGE));

    // The whole approval again through the queue, as a retried trigger would (its event's tasks
    // enqueued twice: the queue refuses the second, which is no error), now that two more
    // students follow the course: their notifications show that the re-run chain has run.
    const w = db.bulkWriter();
    for (const uid of LATE) {
      profile(w, uid);
      follow(w, uid, 'course', COURSE);
    }
    await w.close();
    await startFollowFanout(noteId, 'a-retried-event');
    await startFollowFanout(noteId, 'a-retried-event');
    // Polled by the late followers' own notifications, then all read once.
    await eventually(
      () =>
        Promise.all(
          LATE.map(
            async (uid) =>
              (await db.doc(`users/${uid}/notifications/follow_${noteId}`).get()).exists,
          ),
        ),
      (seen) => seen.every(Boolean),
      { what: 'the late followers notified by the re-run', timeoutMs: 120_000 },
    );
    const after = await followNotifications(noteId);
    expect(after.length).toBe(before.length + LATE.length);
    expect(after.map((n) => n.uid).sort()).toEqual([...expected(), ...LATE].sort());
    const bob = after.find((n) => n.uid === cast.bob.uid)!.data;
    expect(bob['read']).toBe(true);
    const createdAt = (l: typeof before) =>
      Object.fromEntries(
        l
          .filter((n) => !LATE.includes(n.uid))
          .map((n) => [n.uid, (n.data['createdAt'] as Timestamp).toMillis()]),
      );
    expect(createdAt(after)).toEqual(createdAt(before));
  }, 180_000);

  it('an approval enqueues a chain for each kind someone follows, and only those', async () => {
    // Written with the triggers paused: approving it through the API would notify the course's
    // 1,202 followers all over again, and this is about what the trigger's call enqueues.
    const id = `unfollowed${RUN}`;
    const note = (approved: boolean) => ({
      approved,
      title: 'Fanout: its course and subject are followed, its college is not',
      courseName: COURSE,
      subjectName: SUBJECT,
      collegeName: `Nobody's College ${RUN}`,
    });
    const enqueued: FanoutTask[] = [];
    const enqueue = async (t: FanoutTask) => void enqueued.push(t);
    try {
      await pausedWrites((w) => void w.set(db.doc(`notes/${id}`), note(true)));
      await startFollowFanout(id, 'one-approval', enqueue);
      expect(enqueued.map((t) => t.kind).sort()).toEqual(['course', 'subject']);
      expect(enqueued.every((t) => t.noteId === id && t.after === null)).toBe(true);
      // One approval, one run: a retried trigger (same event) enqueues the very same tasks,
      // which the queue refuses.
      expect(new Set(enqueued.map((t) => t.run)).size).toBe(1);
      const first = enqueued.splice(0).map(taskId).sort();
      await startFollowFanout(id, 'one-approval', enqueue);
      expect(enqueued.splice(0).map(taskId).sort()).toEqual(first);
      // The same note not (or no longer) approved: nothing at all.
      await pausedWrites((w) => void w.set(db.doc(`notes/${id}`), note(false)));
      await startFollowFanout(id, 'one-approval', enqueue);
      expect(enqueued).toEqual([]);
    } finally {
      await pausedWrites((w) => void w.delete(db.doc(`notes/${id}`)));
    }
  });

  it('a note no longer approved when its task runs notifies nobody', async () => {
    const pending = await courseNote('Fanout: still pending');
    const enqueue = async () => {
      throw new Error('no next page for a pending note');
    };
    expect(
      await fanOutPage({ noteId: pending, kind: 'course', after: null, run: 'p' }, enqueue),
    ).toBe(0);
    expect(await followNotifications(pending)).toEqual([]);
  });
});
