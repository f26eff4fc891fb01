/**
 * Reports of notes (issue 30 item 1, docs/data-model.md "Reports"). Readers write their own
 * `notes/{noteId}/reports/{uid}` under the rules; everything derived from them is here:
 * - the trigger's recount (`recountReports`): the note's `openReports`, the move out of public
 *   view (`approved: false, underReview: true`) once REPORT_REVIEW_THRESHOLD readers have open
 *   reports, and the admin's row `reportedNotes/{noteId}`;
 * - the admin's actions: dismiss (reports closed, the note back in view), remove (the note's
 *   cascade, a copyright strike when removed for copyright), warn the uploader; each closes the
 *   open reports and tells every reporter (a 'reportHandled' notification);
 * - the copyright ban: COPYRIGHT_STRIKE_LIMIT notes removed for copyright stop uploads until an
 *   admin lifts it (`copyrightStrikes` on the profile, which the rules and the facade read).
 */
import {
  COPYRIGHT_STRIKE_LIMIT,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_REVIEW_THRESHOLD,
  type ReportReason,
  type ReportStatus,
  type ReportedNoteView,
} from '@notenest/shared';
import {
  AggregateField,
  FieldValue,
  Timestamp,
  type DocumentData,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { deleteNoteCascade } from './cascade.js';
import { notify } from './notifications.js';
import { NOTE_ERRORS } from './notes.js';
import { pageOf, type Page, type PageRequest } from './pages.js';
import { iso } from './views.js';

const noteRef = (noteId: string) => db().doc(`notes/${noteId}`);
const rowRef = (noteId: string) => db().doc(`reportedNotes/${noteId}`);
const openReports = (noteId: string) =>
  noteRef(noteId).collection('reports').where('status', '==', 'open');

function millis(v: unknown): number {
  return v instanceof Timestamp ? v.toMillis() : 0;
}

/** The admin's row for a note's open reports (null: none open, so no row). */
function reportedRow(noteId: string, note: DocumentData, open: QueryDocumentSnapshot[]) {
  if (open.length === 0) return null;
  const reasons: Partial<Record<ReportReason, number>> = {};
  for (const r of open) {
    const reason = r.get('reason') as ReportReason;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
  const byTime = [...open].sort((a, b) => millis(a.get('createdAt')) - millis(b.get('createdAt')));
  const last = open.reduce((t, r) => Math.max(t, millis(r.get('updatedAt'))), 0);
  return {
    noteId,
    noteTitle: String(note['title'] ?? ''),
    uploaderId: String(note['uploaderId'] ?? ''),
    open: open.length,
    reasons,
    reporters: byTime.map((r) => r.id),
    copyright: (reasons.copyright ?? 0) > 0,
    lastReportedAt: Timestamp.fromMillis(last),
  };
}

/**
 * The report trigger's work for `noteId`, recomputed from the reports as they are now (in a
 * transaction, so a retried or late event changes nothing): the note's `openReports`; once
 * REPORT_REVIEW_THRESHOLD different readers have open reports on a public note, `approved: false`
 * and `underReview: true` in the same update (public view keys on `approved` alone: rules, Browse,
 * search, filter options and the file link follow from the note trigger); the admin's row.
 * Only an admin's action brings the note back: a recount never sets `approved` to true.
 */
export async function recountReports(noteId: string): Promise<void> {
  await db().runTransaction(async (tx) => {
    const [note, open] = await Promise.all([tx.get(noteRef(noteId)), tx.get(openReports(noteId))]);
    if (!note.exists) {
      tx.delete(rowRef(noteId));
      return;
    }
    const data = note.data()!;
    const update: DocumentData = {};
    if (data['openReports'] !== open.size) update['openReports'] = open.size;
    if (open.size >= REPORT_REVIEW_THRESHOLD && data['approved'] === true) {
      update['approved'] = false;
      update['underReview'] = true;
    }
    if (Object.keys(update).length > 0) tx.update(note.ref, update);
    const row = reportedRow(noteId, data, open.docs);
    if (row) tx.set(rowRef(noteId), row);
    else tx.delete(rowRef(noteId));
  });
}

/**
 * The Reports screen, a page at a time: notes with open reports, copyright ones first, then the
 * most recently reported. Reporter and uploader names are read for the page only.
 */
export async function reportedNotesPage(page: PageRequest): Promise<Page<ReportedNoteView>> {
  const query = db()
    .collection('reportedNotes')
    .orderBy('copyright', 'desc')
    .orderBy('lastReportedAt', 'desc');
  const rows = await pageOf('reportedNotes', query, page, (id, d) => ({ id, d }));
  const uids = new Set<string>();
  for (const { d } of rows.items) {
    uids.add(String(d['uploaderId']));
    for (const uid of d['reporters'] as string[]) uids.add(uid);
  }
  const noteIds = rows.items.map(({ id }) => id);
  const [profiles, notes] = await Promise.all([
    uids.size ? db().getAll(...[...uids].map((uid) => db().doc(`users/${uid}`))) : [],
    noteIds.length ? db().getAll(...noteIds.map(noteRef)) : [],
  ]);
  const names = new Map(
    profiles.map((p) => [p.id, (p.get('username') as string | undefined) ?? null]),
  );
  const underReview = new Map(notes.map((n) => [n.id, n.get('underReview') === true]));
  return {
    next: rows.next,
    items: rows.items.map(({ id, d }) => ({
      noteId: id,
      noteTitle: String(d['noteTitle']),
      uploaderId: String(d['uploaderId']),
      uploaderName: names.get(String(d['uploaderId'])) ?? null,
      open: Number(d['open']),
      // In the dialog's order, so the screen lists the reasons the same way every time.
      reasons: Object.fromEntries(
        REPORT_REASONS.filter((r) => d['reasons']?.[r]).map((r) => [r, d['reasons'][r]]),
      ),
      reporters: (d['reporters'] as string[]).map((uid) => ({
        uid,
        username: names.get(uid) ?? null,
      })),
      copyright: d['copyright'] === true,
      underReview: underReview.get(id) ?? false,
      lastReportedAt: iso(d['lastReportedAt']),
    })),
  };
}

interface Closed {
  noteTitle: string;
  uploaderId: string;
  copyright: boolean;
  /** The closed reports: reporter and the report's last write (names the notification). */
  reports: { uid: string; at: number }[];
}

/**
 * Closes the note's open reports as `status` and applies `note` to the note, in one transaction
 * (so a report written meanwhile is either closed with them or counted afresh by the trigger).
 * 404 when the note does not exist.
 */
async function closeReports(
  noteId: string,
  status: Exclude<ReportStatus, 'open'>,
  noteUpdate: (note: DocumentData) => DocumentData,
): Promise<Closed> {
  return db().runTransaction(async (tx) => {
    const [note, open] = await Promise.all([tx.get(noteRef(noteId)), tx.get(openReports(noteId))]);
    if (!note.exists) throw new HttpError(404, NOTE_ERRORS.notFound);
    const data = note.data()!;
    for (const r of open.docs) tx.update(r.ref, { status });
    const update = noteUpdate(data);
    if (Object.keys(update).length > 0) tx.update(note.ref, update);
    tx.delete(rowRef(noteId));
    return {
      noteTitle: String(data['title'] ?? ''),
      uploaderId: String(data['uploaderId'] ?? ''),
      copyright: open.docs.some((r) => r.get('reason') === 'copyright'),
      reports: open.docs.map((r) => ({ uid: r.id, at: millis(r.get('updatedAt')) })),
    };
  });
}

/**
 * Tells each reporter their report was handled. The id is deterministic in the note, the
 * reporter and their report's last write: an admin's retried action writes nothing new, while
 * a later report of the same reader, handled later, is told again.
 */
async function tellReporters(noteId: string, closed: Closed): Promise<void> {
  await Promise.all(
    closed.reports.map(({ uid, at }) =>
      notify(uid, `report-${noteId}-${uid}-${at}`, {
        type: 'reportHandled',
        noteId,
        noteTitle: closed.noteTitle,
      }),
    ),
  );
}

/** Dismiss: the reports are closed and a note taken out of view by them is back in view. */
export async function dismissReports(noteId: string): Promise<void> {
  const closed = await closeReports(noteId, 'dismissed', (note) => ({
    openReports: 0,
    underReview: false,
    ...(note['underReview'] === true ? { approved: true } : {}),
  }));
  await tellReporters(noteId, closed);
}

/**
 * Warn the uploader: the reports are closed; a note under review goes back to Pending Approvals
 * (still not public: the uploader may fix it, an admin approves it again); the uploader gets a
 * 'noteWarned' notification with the admin's message.
 */
export async function warnUploader(noteId: string, message: string): Promise<void> {
  const closed = await closeReports(noteId, 'warned', () => ({
    openReports: 0,
    underReview: false,
  }));
  await Promise.all([
    tellReporters(noteId, closed),
    notify(closed.uploaderId, `warned-${noteId}-${Date.now()}`, {
      type: 'noteWarned',
      noteId,
      noteTitle: closed.noteTitle,
      ...(message ? { reason: message } : {}),
    }),
  ]);
}

/**
 * Remove: the reports are closed (so the reporters are told), then the note goes with the same
 * cascade as the admin's Remove. Removed for copyright, it is a strike on the uploader.
 */
export async function removeReportedNote(
  noteId: string,
  forCopyright: boolean,
): Promise<{ copyrightStrikes: number | null }> {
  const closed = await closeReports(noteId, 'removed', () => ({}));
  await deleteNoteCascade(noteId);
  let strikes: number | null = null;
  if (forCopyright) strikes = await addCopyrightStrike(closed.uploaderId);
  await tellReporters(noteId, closed);
  return { copyrightStrikes: strikes };
}

/** One more note of `uid` removed for copyright; the new count (null: no profile any more). */
async function addCopyrightStrike(uid: string): Promise<number | null> {
  const ref = db().doc(`users/${uid}`);
  return db().runTransaction(async (tx) => {
    const profile = await tx.get(ref);
    if (!profile.exists) return null;
    const strikes = copyrightStrikesOf(profile.data()) + 1;
    tx.update(ref, { copyrightStrikes: strikes });
    return strikes;
  });
}

export function copyrightStrikesOf(profile: DocumentData | undefined): number {
  const n = profile?.['copyrightStrikes'];
  return typeof n === 'number' ? n : 0;
}

/** Whether the profile's owner may not upload (the rules' isUploadBanned, for the facade). */
export function isUploadBanned(profile: DocumentData | undefined): boolean {
  return copyrightStrikesOf(profile) >= COPYRIGHT_STRIKE_LIMIT;
}

/** The facade's upload refusal for a banned uploader (403, the form's own words). */
export async function refuseBannedUploader(uid: string): Promise<void> {
  if (isUploadBanned((await db().doc(`users/${uid}`).get()).data()))
    throw new HttpError(403, REPORT_MESSAGES.uploadBanned);
}

/** An admin lifts the ban: the strikes start again from zero. */
export async function liftUploadBan(uid: string): Promise<void> {
  await db().doc(`users/${uid}`).update({ copyrightStrikes: FieldValue.delete() });
}

/** Open reports on the site: the dashboard's figures (aggregations, never stored counters). */
export async function openReportsCount(): Promise<{ reportedNotes: number; openReports: number }> {
  const agg = await db()
    .collection('reportedNotes')
    .aggregate({ notes: AggregateField.count(), open: AggregateField.sum('open') })
    .get();
  return { reportedNotes: agg.data().notes, openReports: agg.data().open ?? 0 };
}
