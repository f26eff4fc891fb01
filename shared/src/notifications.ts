/**
 * In-app notifications (issue 30 item 2, docs/data-model.md "Notifications"):
 * `users/{uid}/notifications/{id}`, written only by functions (approval, rejection, a comment by
 * someone else, a handled report); the owner reads them and may change `read` only. And
 * `users/{uid}/rejections/{noteId}`: what the uploader keeps of a rejected note, which the
 * rejection deletes (spec: Reject in Pending Approvals deletes the note), for My Uploads.
 */
import type { FollowKind } from './follows.js';

// No zod here: the web app's bell and admin screens import these constants without the schemas
// (schemas/notifications.ts), which stay out of their chunks.

export const NOTIFICATION_TYPES = [
  'noteApproved',
  'noteRejected',
  'comment',
  'reportHandled',
  // The uploader was warned by an admin about a reported note (the Reports screen's Warn; its
  // message, when the admin wrote one, in `reason`).
  'noteWarned',
  // A note was approved in a subject, course or college the user follows (issue 32; which one in
  // `followKind` / `followName`). One per note and follower, whatever else they follow of it.
  'followedNote',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A rejection reason's longest length, in characters (code points). */
export const REJECT_REASON_MAX = 500;

/** How long a notification (and a rejection record) lives: TTL on `expireAt` plus a daily sweep. */
export const NOTIFICATION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * At most one 'comment' notification per commenter, note and hour: the id is deterministic in
 * the three, so a reader commenting many times on someone's note (each comment already within
 * the comment rate limit) rewrites one notification instead of flooding the uploader.
 */
export const COMMENT_NOTIFICATION_WINDOW_MS = 60 * 60 * 1000;

/** The bell shows the exact unread count up to this, then "99+". */
export const UNREAD_COUNT_CAP = 99;

/** What a function passes to `notify` (createdAt, read and expireAt are added by it). */
export interface NotificationInput {
  type: NotificationType;
  noteId: string;
  noteTitle: string;
  /** The admin's rejection reason ('noteRejected'), when one was given. */
  reason?: string;
  /** The commenter's username ('comment'). */
  actorName?: string;
  /** What the follower follows that the note is in ('followedNote'). */
  followKind?: FollowKind;
  followName?: string;
}

/** What a reason over REJECT_REASON_MAX is told (rejectBody's words, for forms without zod). */
export const REJECT_REASON_TOO_LONG = `Reason must be at most ${REJECT_REASON_MAX} characters`;
