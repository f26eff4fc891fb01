/**
 * Reports of notes (issue 30 item 1, docs/data-model.md "Reports"):
 * - `notes/{noteId}/reports/{uid}`: one reader's report, the document id being the reporter's
 *   uid, so reporting again rewrites the same document and never adds a second one. The reader
 *   writes it (firestore.rules check every field); only functions close it.
 * - `reportedNotes/{noteId}`: the admin Reports screen's row for a note with open reports, kept
 *   by the report trigger (functions only; nobody reads it but the facade).
 * - on the note, `openReports` and `underReview`: REPORT_REVIEW_THRESHOLD different readers with
 *   open reports take the note out of public view (approved false) until an admin acts.
 */
// The zod schemas are in schemas/reports.ts: a page that needs only these constants (the note
// page's report dialog) then does not load zod.

/** The reasons, in the order the dialog offers them; copyright reports are listed first. */
export const REPORT_REASONS = [
  'spam',
  'wrongSubject',
  'poorQuality',
  'copyright',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the reader sees for each reason (the dialog's radio labels, the admin's counts). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  wrongSubject: 'Wrong subject or course',
  poorQuality: 'Unreadable or poor quality',
  copyright: 'Copyright',
  offensive: 'Offensive',
  other: 'Other',
};

/** The optional text's longest length, in characters (code points, as the rules count). */
export const REPORT_TEXT_MAX = 500;

/** This many different readers with open reports take a note out of public view. */
export const REPORT_REVIEW_THRESHOLD = 3;

/** An uploader with this many notes removed for copyright cannot upload until an admin lifts it. */
export const COPYRIGHT_STRIKE_LIMIT = 3;

/**
 * A report's state: a reader writes only 'open'; an admin's action closes it ('dismissed': the
 * note stays; 'removed': the note was removed; 'warned': the uploader was warned).
 */
export const REPORT_STATUSES = ['open', 'dismissed', 'removed', 'warned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What the note page and the upload form say. */
export const REPORT_MESSAGES = {
  underReview: 'This note is under review',
  sent: 'Thank you. Your report was sent to the admins.',
  updated: 'Your report was updated.',
  ownNote: 'You cannot report your own note',
  uploadBanned:
    'You cannot upload notes: 3 of your notes were removed for copyright. An admin can lift this.',
} as const;

/** The admin Reports screen's row (GET /api/admin/reports). */
export interface ReportedNoteView {
  noteId: string;
  noteTitle: string;
  uploaderId: string;
  uploaderName: string | null;
  open: number;
  reasons: Partial<Record<ReportReason, number>>;
  reporters: { uid: string; username: string | null }[];
  copyright: boolean;
  underReview: boolean;
  lastReportedAt: string | null;
}
