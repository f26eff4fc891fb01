/**
 * The schemas of notifications (docs/data-model.md "Notifications"): the two documents functions
 * write, and the optional reason of the admin's Reject. Constants and types: ../notifications.ts.
 */
import * as z from 'zod/mini';
import { NOTE_LIMITS } from '../constants.js';
import { NOTIFICATION_TYPES, REJECT_REASON_MAX } from '../notifications.js';
import { FOLLOW_KINDS } from '../follows.js';
import { chars, docId, formText, timestamp } from './fields.js';

/** `users/{uid}/notifications/{id}`. */
export const notificationSchema = z.strictObject({
  type: z.enum(NOTIFICATION_TYPES),
  noteId: docId,
  noteTitle: chars(1, NOTE_LIMITS.title.max),
  reason: z.optional(chars(1, REJECT_REASON_MAX)),
  actorName: z.optional(z.string()),
  followKind: z.optional(z.enum(FOLLOW_KINDS)),
  followName: z.optional(chars(NOTE_LIMITS.subjectName.min, NOTE_LIMITS.subjectName.max)),
  createdAt: timestamp,
  read: z.boolean(),
  expireAt: timestamp,
});
export type NotificationDoc = z.infer<typeof notificationSchema>;

/** `users/{uid}/rejections/{noteId}`: the id is the deleted note's. */
export const rejectionSchema = z.strictObject({
  title: chars(1, NOTE_LIMITS.title.max),
  reason: z.optional(chars(1, REJECT_REASON_MAX)),
  rejectedAt: timestamp,
  expireAt: timestamp,
});
export type RejectionDoc = z.infer<typeof rejectionSchema>;

/**
 * The body of `DELETE /api/admin/notes/{id}` (Delete, and Reject on Pending Approvals): an
 * optional reason, trimmed; '' (absent or blank) means none. The same check as the reject dialog.
 */
export const rejectBody = z.object({
  reason: formText('Reason', { min: 0, max: REJECT_REASON_MAX }, false),
});
export type RejectBody = z.infer<typeof rejectBody>;
