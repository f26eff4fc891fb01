/**
 * The approval fan-out of follows (issue 32, docs/data-model.md "Follows"): when a note becomes
 * approved, everyone who follows its subject, course or college gets one 'followedNote'
 * notification. Followers are found with one collection-group query per kind (`follows` where
 * kind == k and name == the note's), a page of FOLLOW_FANOUT_PAGE per task of the `followFanout`
 * task queue (index.ts), the next page enqueued with a cursor: a course with 10,000 followers is
 * 20 short tasks, none near a timeout, each retried alone.
 *
 * Exactly once per note and follower: the notification's id is `follow_<noteId>` and is created,
 * never overwritten (notifyEach), so a retried task, a page enqueued twice, the trigger's retry
 * and a student following both the note's course and its subject all leave one. Task ids are
 * deterministic too (taskId), so the queue itself drops a duplicate enqueue.
 */
import { createHash } from 'node:crypto';
import { FOLLOW_FANOUT_PAGE, FOLLOW_KINDS, type FollowKind } from '@notenest/shared';
import { FieldPath, type DocumentData } from 'firebase-admin/firestore';
import { getFunctions } from 'firebase-admin/functions';
import { adminApp, db } from '../firebase.js';
import { notifyEach } from './notifications.js';

/** The task queue function (index.ts exports it under this name). */
export const FOLLOW_FANOUT_FUNCTION = 'followFanout';

/** One page of one kind's followers of one note. */
export interface FanoutTask {
  noteId: string;
  kind: FollowKind;
  /** The last follow of the previous page (its document path); null: the first page. */
  after: string | null;
  /** Which approval this chain serves (a hash of its event), so its task ids are its own. */
  run: string;
}

/** The note's field a kind's follows name. */
const FIELD: Record<FollowKind, string> = {
  subject: 'subjectName',
  course: 'courseName',
  college: 'collegeName',
};

/** The task's data, checked: the queue's payload is JSON from outside this module's types. */
export function toFanoutTask(data: unknown): FanoutTask | null {
  const t = data as Partial<FanoutTask> | null;
  if (!t || typeof t.noteId !== 'string' || t.noteId === '') return null;
  if (!FOLLOW_KINDS.includes(t.kind as FollowKind) || typeof t.run !== 'string') return null;
  if (t.after !== null && typeof t.after !== 'string') return null;
  return { noteId: t.noteId, kind: t.kind as FollowKind, after: t.after, run: t.run };
}

/**
 * A task's id: the same for the same page of the same approval, so enqueueing it again (the
 * trigger retried, a task retried after it enqueued its next page) is refused by the queue.
 * Cloud Tasks ids allow letters, digits, '-' and '_' only: a hash.
 */
export function taskId(t: FanoutTask): string {
  const h = createHash('sha256').update(JSON.stringify([t.noteId, t.kind, t.run, t.after]));
  return `follow-${h.digest('hex').slice(0, 40)}`;
}

export type Enqueue = (t: FanoutTask) => Promise<void>;

/** Enqueues `t` on the followFanout queue; a task with its id already queued is not an error. */
export const enqueueFanout: Enqueue = async (t) => {
  try {
    await getFunctions(adminApp())
      .taskQueue<FanoutTask>(FOLLOW_FANOUT_FUNCTION)
      .enqueue(t, { id: taskId(t) });
  } catch (e) {
    if ((e as { code?: unknown }).code !== 'functions/task-already-exists') throw e;
  }
};

/** The follows of `kind` naming `name`, in document order (fanOutPage's query and index). */
const followsOf = (kind: FollowKind, name: string) =>
  db()
    .collectionGroup('follows')
    .where('kind', '==', kind)
    .where('name', '==', name)
    .orderBy(FieldPath.documentId())
    .select();

/**
 * A note that has just become approved: one chain of fan-out tasks per kind (subject, course,
 * college) that anyone follows, side by side. `eventId`: the approval's event, the same on every
 * retry of it. A kind nobody follows enqueues nothing: most approvals have no follower of one
 * kind or another, and each task is a queue call and a function run to read an empty page.
 */
export async function startFollowFanout(
  noteId: string,
  eventId: string,
  enqueue: Enqueue = enqueueFanout,
): Promise<void> {
  const run = createHash('sha256').update(eventId).digest('hex').slice(0, 16);
  const data = (await db().doc(`notes/${noteId}`).get()).data();
  if (!data || data['approved'] !== true) return;
  await Promise.all(
    FOLLOW_KINDS.map(async (kind) => {
      const name = data[FIELD[kind]] as unknown;
      if (typeof name !== 'string' || name === '') return;
      if ((await followsOf(kind, name).limit(1).get()).empty) return;
      await enqueue({ noteId, kind, after: null, run });
    }),
  );
}

/**
 * One page: notifies up to FOLLOW_FANOUT_PAGE followers of the note's `kind`, after enqueueing the
 * next page when this one is full (so pages run side by side; a retry of this one finds the next
 * already queued). Nothing when the note is gone or no longer approved (an edit, an admin, a
 * report took it out of view meanwhile). Skips the uploader and students who turned these
 * notifications off (notifyFollows == false). Resolves to the followers notified or skipped.
 */
export async function fanOutPage(t: FanoutTask, enqueue: Enqueue = enqueueFanout): Promise<number> {
  const note = await db().doc(`notes/${t.noteId}`).get();
  const data: DocumentData | undefined = note.data();
  if (!data || data['approved'] !== true) return 0;
  const name = data[FIELD[t.kind]] as unknown;
  if (typeof name !== 'string' || name === '') return 0;

  let query = followsOf(t.kind, name).limit(FOLLOW_FANOUT_PAGE);
  if (t.after) query = query.startAfter(db().doc(t.after));
  const page = await query.get();
  const last = page.docs[page.docs.length - 1];
  if (page.size === FOLLOW_FANOUT_PAGE && last) await enqueue({ ...t, after: last.ref.path });

  const uploader = data['uploaderId'] as unknown;
  const uids = page.docs
    .map((d) => d.ref.parent.parent?.id)
    .filter((uid): uid is string => !!uid && uid !== uploader);
  if (uids.length === 0) return page.size;
  const profiles = await db().getAll(...uids.map((uid) => db().doc(`users/${uid}`)), {
    fieldMask: ['notifyFollows'],
  });
  // A follow whose profile is gone (an account being deleted) is nobody to tell.
  const told = profiles.filter((p) => p.exists && p.get('notifyFollows') !== false);
  await notifyEach(
    told.map((p) => p.id),
    `follow_${t.noteId}`,
    {
      type: 'followedNote',
      noteId: t.noteId,
      noteTitle: String(data['title'] ?? ''),
      followKind: t.kind,
      followName: name,
    },
  );
  return page.size;
}
