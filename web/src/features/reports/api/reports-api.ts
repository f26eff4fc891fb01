/**
 * A reader's report of a note (`notes/{noteId}/reports/{uid}`, docs/data-model.md "Reports"):
 * read and written by the reader under the rules (firestore.rules: only their own, only on a
 * public note that is not theirs, only 'open', with a unit of limits/report spent on the note in
 * the same transaction). The id is the reader's uid, so reporting again rewrites the one report.
 */
import {
  REPORT_MESSAGES,
  type ReportInput,
  type ReportReason,
  type ReportStatus,
} from '@notenest/shared';
import { AppError } from '../../../shared/errors/app-error';
import { spendInTransaction, withRateLimit } from '../../../shared/data/rate-limits';
import { loadAnyFirestore } from '../../../shared/firebase';

export interface MyReport {
  reason: ReportReason;
  text: string;
  status: ReportStatus;
}

/** The reader's report of the note, or null when they have not reported it. */
export async function fetchMyReport(noteId: string, uid: string): Promise<MyReport | null> {
  const { db, sdk } = await loadAnyFirestore();
  const data = (await sdk.getDoc(sdk.doc(db, 'notes', noteId, 'reports', uid))).data();
  if (!data) return null;
  return {
    reason: data['reason'] as ReportReason,
    text: typeof data['text'] === 'string' ? data['text'] : '',
    status: data['status'] as ReportStatus,
  };
}

/**
 * Sends (or changes) the reader's report: 'created' for a first report, 'updated' for a change of
 * theirs. Throws a `rate-limited` AppError when the report limit is reached, a `client` one for
 * the reader's own note.
 */
export async function saveReport(
  noteId: string,
  uid: string,
  input: ReportInput,
): Promise<'created' | 'updated'> {
  const handle = await loadAnyFirestore();
  const { db, sdk } = handle;
  const ref = sdk.doc(db, 'notes', noteId, 'reports', uid);
  const noteRef = sdk.doc(db, 'notes', noteId);
  return withRateLimit((reading) =>
    sdk.runTransaction(db, async (tx) => {
      // Browse's cards do not carry the uploader: one's own note is told here, not refused blind.
      if ((await tx.get(noteRef)).data()?.['uploaderId'] === uid)
        throw new AppError('client', REPORT_MESSAGES.ownNote);
      const existing = (await tx.get(ref)).data();
      const spend = await spendInTransaction(handle, tx, uid, 'report', noteId, reading);
      spend();
      tx.set(ref, {
        uid,
        reason: input.reason,
        ...(input.text ? { text: input.text } : {}),
        status: 'open',
        // The rules keep a report's first time: a change sends it back unchanged.
        createdAt: existing ? existing['createdAt'] : sdk.serverTimestamp(),
        updatedAt: sdk.serverTimestamp(),
      });
      return existing ? 'updated' : 'created';
    }),
  );
}
