/**
 * Derived data of notes, kept by Firestore triggers (docs/data-model.md "Derived data"), so no
 * client has to remember a follow-up call and a lost one leaves nothing stale:
 * - the search index (services/search-sync.ts): the note's fields and its file's text, its
 *   visibility (at once on approval or unapproval), its removal; and the file's verdict and
 *   thumbnail in the note (services/indexing.ts);
 * - the uploader's notesCount, when a note is created or deleted;
 * - meta/filterOptions, when the note's contribution to Browse's filters changes;
 * - its college's figures for the admin Colleges screen (services/colleges.ts);
 * - the reach of its file link: a new download token when it leaves public view, the replaced
 *   file deleted after an edit (services/file-links.ts);
 * - a note's commentsCount, when one of its comments is created or deleted;
 * - the uploader's notifications: their note approved, someone else's comment on it
 *   (services/notifications.ts; ids deterministic per event, so a retry writes nothing new).
 * - followers' notifications: a note approved in what they follow, through the followFanout
 *   task queue (services/follows.ts).
 * - an approved note's `approvedAt`, when it lacks it (backfillApprovedAt).
 *
 * Every handler recomputes from the data as it is now (fresh reads, transactions, exact counts),
 * never by adding the event's delta: a retried or duplicated event (Cloud Functions delivers at
 * least once) or events arriving out of order change nothing.
 */
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { recountComments, recountNotes } from '../services/counters.js';
import { collegesTouched, recountCollege } from '../services/colleges.js';
import { limitFileLinks } from '../services/file-links.js';
import { notify, notifyOfComment } from '../services/notifications.js';
import { startFollowFanout } from '../services/follows.js';
import { updateFilterOptions } from '../services/filter-options.js';
import { checkDuplicates } from '../services/duplicates.js';
import { indexNote, needsIndexing } from '../services/indexing.js';
import { setVisibility } from '../search/index.js';
import { searchDb } from '../services/search-db.js';
import { orBacklog, searchFieldsDiffer, syncNote } from '../services/search-sync.js';

export interface Change {
  before: DocumentData | undefined;
  after: DocumentData | undefined;
}

/**
 * `eventId`: the platform's id of this change, the same on every retry of it; it names the
 * approval notification, so approving, unapproving and approving again notifies twice while a
 * retried event notifies once.
 */
export async function onNoteChange(
  noteId: string,
  { before, after }: Change,
  eventId?: string,
): Promise<void> {
  const work: Promise<unknown>[] = [];
  const readsFile = needsIndexing(before, after);
  const file = readsFile ? indexNote(noteId) : Promise.resolve(null);
  work.push(file);
  // Duplicates of the file just read (services/duplicates.ts); its failure is file's own.
  if (readsFile)
    work.push(
      file.then(
        (f) => checkDuplicates(noteId, f),
        () => undefined,
      ),
    );
  if (readsFile || searchFieldsDiffer(before, after))
    work.push(syncSearch(noteId, before, after, readsFile ? file : null));
  if (!before !== !after) {
    const uid = (after ?? before)?.['uploaderId'];
    if (typeof uid === 'string' && uid !== '') work.push(recountNotes(uid));
  }
  work.push(updateFilterOptions(before, after));
  work.push(limitFileLinks(noteId, before, after));
  for (const college of collegesTouched(before, after)) work.push(recountCollege(college));
  if (eventId) work.push(notifyApproval(noteId, before, after, eventId));
  if (eventId && becameApproved(before, after)) work.push(startFollowFanout(noteId, eventId));
  if (after?.['approved'] === true && !(after['approvedAt'] instanceof Timestamp))
    work.push(backfillApprovedAt(noteId, becameApproved(before, after)));
  const results = await Promise.allSettled(work);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  // Thrown after every part ran, so one failure does not skip the others; the platform retries
  // (retry is on for these triggers) and the parts that succeeded find nothing to do again.
  if (failed.length) throw failed[0]!.reason;
}

/**
 * The note's entry in the search index, as the note is now. An approval or unapproval is applied
 * first, on its own (one UPDATE), so the note shows or hides at once, before its file is read.
 * The file's text waits for `file` (indexNote's reading, when the file may have changed; null
 * otherwise: a counter or a rename updates the fields only).
 * If the index cannot be written, the note goes to the backlog and the error is rethrown.
 */
async function syncSearch(
  noteId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  file: ReturnType<typeof indexNote> | null,
): Promise<void> {
  await orBacklog(noteId, async () => {
    if (before && after && (before['approved'] === true) !== (after['approved'] === true))
      await setVisibility(await searchDb(), noteId, after['approved'] === true);
    // The file part's own failure is reported by its promise (onNoteChange awaits it too).
    const known = file ? await file.catch(() => null) : null;
    await syncNote(noteId, { known, text: file !== null });
  });
}

/**
 * A pending note approved by an admin: its uploader is told. A note created approved (an admin's
 * own upload) was never waiting, so it is not.
 */
async function notifyApproval(
  noteId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  eventId: string,
): Promise<void> {
  if (!before || !after || before['approved'] === true || after['approved'] !== true) return;
  // A note back in view after its reports were dismissed was approved before: not news to its
  // uploader (the reports, not the note, were reviewed).
  if (before['underReview'] === true) return;
  const uid = after['uploaderId'];
  if (typeof uid !== 'string' || uid === '') return;
  await notify(uid, `approved-${noteId}-${eventId}`, {
    type: 'noteApproved',
    noteId,
    noteTitle: String(after['title'] ?? ''),
  });
}

/**
 * A note now in public view that was not (approved by an admin, or created approved by one):
 * news for who follows its subject, course or college (services/follows.ts). A note back in view
 * after its reports were dismissed was approved before: its followers heard of it then.
 */
function becameApproved(before: DocumentData | undefined, after: DocumentData | undefined) {
  return after?.['approved'] === true && before?.['approved'] !== true && !before?.['underReview'];
}

/**
 * An approved note without `approvedAt` (the Following feed's order and New marks): older data,
 * or an approval written without it (the admin SDK, which no rule checks; the facade's review
 * and an admin's direct write both set it). Written here at once, so the feed needs no fallback
 * for a note lacking it, and no client has to remember it. Only when still missing, in a
 * transaction: a retried event, or one arriving after the facade's stamp, writes nothing.
 * `justApproved`: this event is the approval, so it happened now; otherwise the approval is
 * older than this event and its time is unknown: the last edit (`updatedAt`, every edit sets the
 * note back to pending, so it was approved after that) is the closest time known, and keeps an
 * old note where the feed had it instead of raising it as new.
 */
async function backfillApprovedAt(noteId: string, justApproved: boolean): Promise<void> {
  const ref = db().doc(`notes/${noteId}`);
  await db().runTransaction(async (tx) => {
    const note = (await tx.get(ref)).data();
    if (note?.['approved'] !== true || note['approvedAt'] instanceof Timestamp) return;
    const known = [note['updatedAt'], note['createdAt']].find((t) => t instanceof Timestamp);
    tx.update(ref, {
      approvedAt: justApproved || !known ? FieldValue.serverTimestamp() : known,
    });
  });
}

export async function onCommentChange(noteId: string, { before, after }: Change): Promise<void> {
  // An edit changes no count and tells nobody.
  if (!before === !after) return;
  // The notification first, then the count: a count that includes this comment means its
  // notification was written (what tests wait for). A failed notification still lets the count
  // be fixed, and is thrown afterwards so the platform retries (the id makes that idempotent).
  const [told] = await Promise.allSettled([
    !before && after ? tellUploader(noteId, after) : Promise.resolve(),
  ]);
  await recountComments(noteId);
  if (told?.status === 'rejected') throw told.reason;
}

/**
 * A new comment tells the note's uploader, unless they wrote it. At most one notification per
 * commenter and note an hour (notifyOfComment): the comment rate limit bounds comments, this
 * bounds what they make another user receive.
 */
async function tellUploader(noteId: string, comment: DocumentData): Promise<void> {
  const note = await db().doc(`notes/${noteId}`).get();
  const uid = note.get('uploaderId') as unknown;
  const author = comment['authorId'] as unknown;
  if (!note.exists || typeof uid !== 'string' || uid === '' || uid === author) return;
  const at = comment['commentedAt'] as unknown;
  const atMs = at instanceof Timestamp ? at.toMillis() : Date.now();
  await notifyOfComment(uid, String(author), atMs, {
    type: 'comment',
    noteId,
    noteTitle: String(note.get('title') ?? ''),
    ...(typeof comment['username'] === 'string' ? { actorName: comment['username'] } : {}),
  });
}
