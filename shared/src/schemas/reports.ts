/**
 * The zod schemas of reports (constants and texts in ../reports.ts, kept free of zod so the
 * visitor-side report dialog does not load it).
 */
import * as z from 'zod/mini';
import { NOTE_LIMITS } from '../constants.js';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TEXT_MAX } from '../reports.js';
import { chars, count, docId, formText, timestamp } from './fields.js';

/** `notes/{noteId}/reports/{uid}`: `uid` repeats the id (the account-deletion cascade finds them). */
export const reportSchema = z.strictObject({
  uid: docId,
  reason: z.enum(REPORT_REASONS),
  text: z.optional(chars(1, REPORT_TEXT_MAX)),
  status: z.enum(REPORT_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ReportDoc = z.infer<typeof reportSchema>;

/** `reportedNotes/{noteId}`: a note's open reports, summed up for the admin (functions only). */
export const reportedNoteSchema = z.strictObject({
  noteId: docId,
  noteTitle: chars(1, NOTE_LIMITS.title.max),
  uploaderId: docId,
  /** Open reports (different readers). */
  open: count,
  /** Open reports per reason. */
  reasons: z.partialRecord(z.enum(REPORT_REASONS), count),
  /** The reporters' uids (open reports), oldest first. */
  reporters: z.array(docId),
  /** Whether any open report gives copyright: the screen lists these first. */
  copyright: z.boolean(),
  /** The latest open report's time. */
  lastReportedAt: timestamp,
});
export type ReportedNoteDoc = z.infer<typeof reportedNoteSchema>;

/** What the report dialog sends (and the rules check): a reason and an optional text. */
export const reportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  text: formText('Details', { min: 0, max: REPORT_TEXT_MAX }, false),
});
export type ReportInput = z.infer<typeof reportInput>;

/** `POST /api/admin/reports/{noteId}/remove`: whether the note is removed for copyright. */
export const reportRemoveBody = z.object({
  copyright: z.optional(z.boolean({ error: 'copyright must be true or false' })),
});

/** `POST /api/admin/reports/{noteId}/warn`: an optional message to the uploader. */
export const reportWarnBody = z.object({
  message: formText('Message', { min: 0, max: REPORT_TEXT_MAX }, false),
});
