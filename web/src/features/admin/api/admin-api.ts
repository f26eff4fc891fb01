/**
 * The admin calls of spec section 7, all through the facade (functions/src/routes/admin.ts) with
 * the admin's ID token: statistics are aggregated server-side, role changes set the custom claim,
 * and deletes cascade (notes, files, comments, likes, saved copies), none of which a browser may
 * do under the rules. A failed call rejects with an Error whose message is the server's reason.
 */
import type { User } from 'firebase/auth';
import { callFacade } from '../../../shared/http/facade';
import {
  toAdminNote,
  toAdminStats,
  toAdminUser,
  type AdminNote,
  type AdminStats,
  type AdminUser,
  type UserEdit,
} from './admin-model';

type Json = Record<string, unknown>;

async function call<T>(user: User, path: string, method: 'GET' | 'PUT' | 'DELETE', json?: unknown) {
  return callFacade<T>(path, { method, token: await user.getIdToken(), json });
}

const id = (v: string) => encodeURIComponent(v);

export async function fetchStats(user: User): Promise<AdminStats> {
  return toAdminStats(await call<Json>(user, '/api/admin/stats', 'GET'));
}

export async function fetchUsers(user: User): Promise<AdminUser[]> {
  return (await call<Json[]>(user, '/api/admin/users', 'GET')).map(toAdminUser);
}

/** Saves username, email and role; a role change reaches that user's next ID token. */
export async function updateUser(user: User, uid: string, edit: UserEdit): Promise<AdminUser> {
  const json = { username: edit.username.trim(), email: edit.email.trim(), role: edit.role };
  return toAdminUser(await call<Json>(user, `/api/admin/users/${id(uid)}`, 'PUT', json));
}

/** Deletes the account and everything it owns. */
export async function deleteUser(user: User, uid: string): Promise<void> {
  await call(user, `/api/admin/users/${id(uid)}`, 'DELETE');
}

export async function fetchNotes(user: User): Promise<AdminNote[]> {
  return (await call<Json[]>(user, '/api/admin/notes', 'GET')).map(toAdminNote);
}

export async function fetchPendingNotes(user: User): Promise<AdminNote[]> {
  return (await call<Json[]>(user, '/api/admin/notes/pending', 'GET')).map(toAdminNote);
}

export async function fetchCollegeNotes(user: User, college: string): Promise<AdminNote[]> {
  return (await call<Json[]>(user, `/api/admin/notes/college/${id(college)}`, 'GET')).map(
    toAdminNote,
  );
}

/** Approves a note, or sets it back to pending (hidden from students again). */
export async function reviewNote(user: User, noteId: string, approved: boolean) {
  return toAdminNote(
    await call<Json>(user, `/api/admin/notes/${id(noteId)}/review`, 'PUT', { approved }),
  );
}

/** Deletes a note with its file, comments, likes and saved copies (also how Reject works). */
export async function deleteNote(user: User, noteId: string): Promise<void> {
  await call(user, `/api/admin/notes/${id(noteId)}`, 'DELETE');
}
