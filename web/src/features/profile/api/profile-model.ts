/**
 * What the profile screens show, mapped from Firestore documents (docs/data-model.md). Pure, so it
 * is unit-tested without an SDK.
 */
import { AVATAR_TYPES, MAX_AVATAR_BYTES } from '@notenest/shared';
import { errorMessage } from '../../../shared/errors/app-error';
import { toDate } from '../../../shared/utils/dates';
import { httpUrl, text } from '../../../shared/notes/note-fields';

export { formatDate, toDate } from '../../../shared/utils/dates';

export interface Profile {
  uid: string;
  username: string;
  email: string;
  avatar: string | null;
  createdAt: Date | null;
  /** "New note in what you follow" notifications (issue 32): on unless turned off. */
  notifyFollows: boolean;
}

export interface NoteListItem {
  id: string;
  title: string;
  createdAt: Date | null;
  approved: boolean;
  thumbnailUrl: string | null;
  fileName: string | null;
}

export function toProfile(uid: string, data: Record<string, unknown>): Profile {
  return {
    uid,
    username: text(data['username']) ?? 'Student',
    email: text(data['email']) ?? '',
    avatar: text(data['avatar']),
    createdAt: toDate(data['createdAt']),
    notifyFollows: data['notifyFollows'] !== false,
  };
}

export function toNoteListItem(id: string, data: Record<string, unknown>): NoteListItem {
  return {
    id,
    title: text(data['title']) ?? 'Untitled note',
    createdAt: toDate(data['createdAt']),
    approved: data['approved'] === true,
    thumbnailUrl: httpUrl(data['thumbnailUrl']),
    fileName: text(data['fileName']),
  };
}

export { usernameFor } from '../../../shared/users/usernames';

/**
 * The avatar picker takes PNG, JPEG, GIF or WebP images of at most 2 MiB (storage.rules). Null
 * when acceptable.
 */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return 'Please choose an image file';
  if (file.size > MAX_AVATAR_BYTES) return 'Please choose an image of at most 2 MB';
  return null;
}

/**
 * The words for a failed profile action (picture, account settings, delete): the reason when one
 * is known (the server's, or a check in the browser), else "Something went wrong"; the spec gives
 * these actions no texts of their own.
 */
export function profileErrorMessage(error: unknown): string {
  return errorMessage(error, { fallback: 'Something went wrong' });
}
