/**
 * What the notifications screens show, mapped from `users/{uid}/notifications/{id}` and
 * `users/{uid}/rejections/{noteId}` (docs/data-model.md "Notifications"). Pure, so it is
 * unit-tested without an SDK.
 */
import { NOTIFICATION_TYPES, UNREAD_COUNT_CAP, type NotificationType } from '@notenest/shared';
import { text } from '../../../shared/notes/note-fields';
import { toDate } from '../../../shared/utils/dates';

export interface NotificationItem {
  id: string;
  type: NotificationType;
  noteId: string;
  noteTitle: string;
  reason: string | null;
  actorName: string | null;
  /** The subject, course or college the reader follows ('followedNote'). */
  followName: string | null;
  createdAt: Date | null;
  read: boolean;
}

export interface RejectedUpload {
  noteId: string;
  title: string;
  reason: string | null;
  rejectedAt: Date | null;
}

/** Unknown types (a newer server) are shown as a generic update rather than dropped. */
function toType(v: unknown): NotificationType | null {
  return (NOTIFICATION_TYPES as readonly unknown[]).includes(v) ? (v as NotificationType) : null;
}

export function toNotification(id: string, data: Record<string, unknown>): NotificationItem {
  return {
    id,
    type: toType(data['type']) ?? 'noteApproved',
    noteId: text(data['noteId']) ?? '',
    noteTitle: text(data['noteTitle']) ?? 'Untitled note',
    reason: text(data['reason']),
    actorName: text(data['actorName']),
    followName: text(data['followName']),
    createdAt: toDate(data['createdAt']),
    read: data['read'] === true,
  };
}

export function toRejectedUpload(noteId: string, data: Record<string, unknown>): RejectedUpload {
  return {
    noteId,
    title: text(data['title']) ?? 'Untitled note',
    reason: text(data['reason']),
    rejectedAt: toDate(data['rejectedAt']),
  };
}

/** The sentence a notification reads as (the note's title is shown beside it, as a link). */
export function notificationText(n: NotificationItem): string {
  switch (n.type) {
    case 'noteApproved':
      return 'Your note was approved and is now public.';
    case 'noteRejected':
      return n.reason ? `Your note was rejected: ${n.reason}` : 'Your note was rejected.';
    case 'comment':
      return `${n.actorName ?? 'Someone'} commented on your note.`;
    case 'reportHandled':
      return 'Your report on a note was reviewed by an admin. Thank you.';
    case 'noteWarned':
      return n.reason
        ? `An admin warned you about your note: ${n.reason}`
        : 'An admin warned you about your note after reports.';
    case 'followedNote':
      return `New note in ${n.followName ?? 'what you follow'}.`;
  }
}

/** Whether a notification leads to its note: a rejected note is gone. */
export function opensNote(n: NotificationItem): boolean {
  return n.type !== 'noteRejected' && n.noteId !== '';
}

/** The bell's badge: the count, "99+" above UNREAD_COUNT_CAP, nothing at 0. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}

/** The bell's accessible name, which says the count (the badge alone is not read out). */
export function bellLabel(count: number): string {
  const badge = unreadBadge(count);
  return badge ? `Notifications, ${badge} unread` : 'Notifications';
}
