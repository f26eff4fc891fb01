/**
 * The admin calls of spec section 7, all through the facade (functions/src/routes/admin.ts) with
 * the admin's ID token: statistics are aggregated server-side, role changes set the custom claim,
 * and deletes cascade (notes, files, comments, likes, saved copies), none of which a browser may
 * do under the rules. A failed call rejects with an Error whose message is the server's reason.
 */
import { callFacade, callFacadePage } from '../../../shared/http/facade';
import {
  toAdminNote,
  toAdminStats,
  toAdminUser,
  toCollegeSummary,
  type AdminNote,
  type CollegeSummary,
  type AdminStats,
  type AdminUser,
  type UserEdit,
} from './admin-model';
import type { ListPage } from '../../../shared/server-state';
import { toReportedNote, type ReportedNote } from './reports-model';

type Json = Record<string, unknown>;

async function call<T>(path: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', json?: unknown) {
  return callFacade<T>(path, { method, signedIn: true, json });
}

const id = (v: string) => encodeURIComponent(v);

export async function fetchStats(): Promise<AdminStats> {
  return toAdminStats(await call<Json>('/api/admin/stats', 'GET'));
}

/** One page of a list: its items and the cursor of the next page (null on the last). */
export type { ListPage };

/** The query string of a page request (empty values left out). */
function pageQuery(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

async function page<T>(
  path: string,
  params: Record<string, string | null | undefined>,
  map: (v: Json) => T,
): Promise<ListPage<T>> {
  const { items, next } = await callFacadePage<Json>(`${path}${pageQuery(params)}`, {
    method: 'GET',
    signedIn: true,
  });
  return { items: items.map(map), next };
}

/** Users, newest first; `search` matches words of the username or email (server-side). */
export function fetchUsers(search: string, cursor: string | null) {
  return page('/api/admin/users', { search, cursor }, toAdminUser);
}

/** Saves username, email and role; a role change reaches that user's next ID token. */
export async function updateUser(uid: string, edit: UserEdit): Promise<AdminUser> {
  const json = { username: edit.username.trim(), email: edit.email.trim(), role: edit.role };
  return toAdminUser(await call<Json>(`/api/admin/users/${id(uid)}`, 'PUT', json));
}

/** Deletes the account and everything it owns. */
export async function deleteUser(uid: string): Promise<void> {
  await call(`/api/admin/users/${id(uid)}`, 'DELETE');
}

/** Notes, newest first, filtered by a search and a college (server-side). */
export function fetchNotes(
  filter: { search: string; college: string },
  cursor: string | null,
): Promise<ListPage<AdminNote>> {
  return page(
    '/api/admin/notes',
    { search: filter.search, college: filter.college, cursor },
    toAdminNote,
  );
}

export function fetchPendingNotes(cursor: string | null): Promise<ListPage<AdminNote>> {
  return page('/api/admin/notes/pending', { cursor }, toAdminNote);
}

export function fetchCollegeNotes(
  college: string,
  cursor: string | null,
): Promise<ListPage<AdminNote>> {
  return page(`/api/admin/notes/college/${id(college)}`, { cursor }, toAdminNote);
}

/** Colleges with their figures, by name; `search` matches the start of the name. */
export function fetchColleges(
  search: string,
  cursor: string | null,
): Promise<ListPage<CollegeSummary>> {
  return page('/api/admin/colleges', { search, cursor }, toCollegeSummary);
}

/** Approves a note, or sets it back to pending (hidden from students again). */
export async function reviewNote(noteId: string, approved: boolean) {
  return toAdminNote(
    await call<Json>(`/api/admin/notes/${id(noteId)}/review`, 'PUT', { approved }),
  );
}

/**
 * Deletes a note with its file, comments, likes and saved copies (also how Reject works). A
 * pending note's uploader is told, with `reason` when the admin gave one (issue 30).
 */
export async function deleteNote(noteId: string, reason?: string): Promise<void> {
  await call(`/api/admin/notes/${id(noteId)}`, 'DELETE', reason ? { reason } : undefined);
}

// ---- Reports (issue 30: functions/src/routes/admin-reports.ts) --------------------------------

/** Notes with open reports, copyright ones first, then the most recently reported. */
export function fetchReportedNotes(cursor: string | null): Promise<ListPage<ReportedNote>> {
  return page('/api/admin/reports', { cursor }, toReportedNote);
}

/** Closes the note's reports; a note they took out of view is back in view. */
export async function dismissReports(noteId: string): Promise<void> {
  await call(`/api/admin/reports/${id(noteId)}/dismiss`, 'POST');
}

/** Removes the reported note (the same cascade as Delete); for copyright, a strike. */
export async function removeReportedNote(noteId: string, copyright: boolean): Promise<void> {
  await call(`/api/admin/reports/${id(noteId)}/remove`, 'POST', { copyright });
}

/** Closes the reports, tells the uploader; a note under review goes back to pending. */
export async function warnUploader(noteId: string): Promise<void> {
  await call(`/api/admin/reports/${id(noteId)}/warn`, 'POST', {});
}

/** Lets a user banned for copyright upload again. */
export async function liftUploadBan(uid: string): Promise<void> {
  await call(`/api/admin/users/${id(uid)}/lift-upload-ban`, 'POST');
}
