/**
 * What the admin screens show, from the facade's JSON (functions/src/services/views.ts), and the
 * pure logic of those screens: searches, the college grouping, the user edit validation. No
 * Firebase imports, so it is unit-tested without an SDK.
 */
import { USER_LIMITS, charLength, type Role } from '@notenest/shared';
import { errorMessage } from '../../../shared/errors/app-error';
import { formatDate, toDate } from '../../../shared/utils/dates';

/** The spec's section 8 texts of the admin screens. */
export const ADMIN_ERRORS = {
  stats: 'Failed to fetch statistics',
  users: 'Failed to fetch users',
  deleteUser: 'Failed to delete user',
  updateUser: 'Failed to update user',
  notes: 'Failed to fetch notes',
  deleteNote: 'Failed to delete note',
  review: 'Failed to update note status',
  pending: 'Failed to fetch pending notes',
  approve: 'Failed to approve note',
  college: 'Failed to fetch college notes',
} as const;

export const ADMIN_LOADING = {
  stats: 'Loading statistics...',
  users: 'Loading users...',
  notes: 'Loading notes...',
  pending: 'Loading pending notes...',
  colleges: 'Loading college data...',
} as const;

export const ADMIN_TEXTS = {
  noUsers: 'No users found matching your search',
  noNotes: 'No notes found matching your search',
  noPending: 'No notes pending approval!',
  noColleges: 'No colleges found matching your search',
  noCollegeNotes: 'No notes found for this college',
  noDescription: 'No description provided',
  unknownUploader: 'Unknown',
  allColleges: 'All Colleges',
  deleteUserConfirm:
    'Are you sure you want to delete this user? This will also delete all their notes.',
  deleteNoteConfirm: 'Are you sure you want to delete this note?',
} as const;

/** An admin list's texts: its title, while it loads, when it fails (with the reason), when it is empty. */
export interface AdminListTexts {
  /** Its heading (and its table's name); a college's notes name the college instead. */
  title?: string;
  loading: string;
  failed: string;
  empty: string;
  /** Its search box, when the server searches it. */
  search?: { id: string; label: string; placeholder: string };
}

/**
 * The admin lists' texts (spec sections 2 and 8), one entry a list. The spec gives the Colleges
 * list no failure text of its own: it says the notes' one.
 */
export const ADMIN_LISTS = {
  users: {
    title: 'Users',
    loading: ADMIN_LOADING.users,
    failed: ADMIN_ERRORS.users,
    empty: ADMIN_TEXTS.noUsers,
    search: {
      id: 'user-search',
      label: 'Search users',
      placeholder: 'Search by username or email',
    },
  },
  notes: {
    title: 'Notes',
    loading: ADMIN_LOADING.notes,
    failed: ADMIN_ERRORS.notes,
    empty: ADMIN_TEXTS.noNotes,
    search: {
      id: 'note-search',
      label: 'Search notes',
      placeholder: 'Search by title, subject or uploader',
    },
  },
  pending: {
    title: 'Pending Approvals',
    loading: ADMIN_LOADING.pending,
    failed: ADMIN_ERRORS.pending,
    empty: ADMIN_TEXTS.noPending,
  },
  colleges: {
    title: 'Colleges',
    loading: ADMIN_LOADING.colleges,
    failed: ADMIN_ERRORS.notes,
    empty: ADMIN_TEXTS.noColleges,
    search: {
      id: 'college-search',
      label: 'Search colleges',
      placeholder: 'Search by college name',
    },
  },
  collegeNotes: {
    loading: ADMIN_LOADING.colleges,
    failed: ADMIN_ERRORS.college,
    empty: ADMIN_TEXTS.noCollegeNotes,
  },
} as const satisfies Record<string, AdminListTexts>;

export interface AdminUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  notesCount: number;
  createdAt: string | null;
  /** Notes removed for copyright (issue 30); at COPYRIGHT_STRIKE_LIMIT no uploads. */
  copyrightStrikes: number;
}

export interface AdminNote {
  id: string;
  title: string;
  description: string;
  subject: string;
  collegeName: string;
  courseName: string;
  uploaderName: string;
  approved: boolean;
  downloadCount: number;
  fileUrl: string;
  fileName: string | null;
  createdAt: string | null;
  /** Duplicates (functions' services/duplicates.ts): a copy of another note's file, or null. */
  duplicateOf: NoteLink | null;
  /** A note whose text this one's is at least 90% like (score 0..1), or null. */
  similarTo: (NoteLink & { score: number }) | null;
}

export interface NoteLink {
  noteId: string;
  title: string;
}

export interface AdminStats {
  totalUsers: number;
  totalNotes: number;
  pendingApprovals: number;
  totalDownloads: number;
  mostDownloadedNotes: AdminNote[];
  /** Open reports (issue 30), and the notes they are on. */
  openReports: number;
  reportedNotes: number;
}

type Json = Record<string, unknown>;
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function toAdminUser(v: Json): AdminUser {
  return {
    id: str(v['id'] ?? v['_id']),
    username: str(v['username']),
    email: str(v['email']),
    role: v['role'] === 'admin' ? 'admin' : 'user',
    notesCount: num(v['notesCount']),
    createdAt: typeof v['createdAt'] === 'string' ? v['createdAt'] : null,
    copyrightStrikes: num(v['copyrightStrikes']),
  };
}

/** The uploader's name as the admin views read it (`uploader.username`), "Unknown" when absent. */
export function uploaderOf(v: Json): string {
  const uploader = v['uploader'] as Json | null | undefined;
  const name = str(uploader?.['username']).trim() || str(v['uploaderName']).trim();
  return name || ADMIN_TEXTS.unknownUploader;
}

export function toAdminNote(v: Json): AdminNote {
  return {
    id: str(v['id'] ?? v['_id']),
    title: str(v['title']),
    description: str(v['description']),
    subject: str(v['subject'] ?? v['subjectName']),
    collegeName: str(v['collegeName']),
    courseName: str(v['courseName']),
    uploaderName: uploaderOf(v),
    approved: v['approved'] === true,
    downloadCount: num(v['downloadCount']),
    fileUrl: str(v['fileUrl']),
    fileName: typeof v['fileName'] === 'string' ? v['fileName'] : null,
    createdAt: typeof v['createdAt'] === 'string' ? v['createdAt'] : null,
    duplicateOf: noteLinkOf(v['duplicateOf']),
    similarTo: similarOf(v['similarTo']),
  };
}

function noteLinkOf(v: unknown): NoteLink | null {
  const o = v as Json | null | undefined;
  const noteId = str(o?.['noteId']);
  return noteId ? { noteId, title: str(o?.['title']) } : null;
}

function similarOf(v: unknown): AdminNote['similarTo'] {
  const link = noteLinkOf(v);
  return link ? { ...link, score: num((v as Json)['score']) } : null;
}

export function toAdminStats(v: Json): AdminStats {
  const top = Array.isArray(v['mostDownloadedNotes']) ? (v['mostDownloadedNotes'] as Json[]) : [];
  return {
    totalUsers: num(v['totalUsers']),
    totalNotes: num(v['totalNotes']),
    pendingApprovals: num(v['pendingApprovals']),
    totalDownloads: num(v['totalDownloads']),
    mostDownloadedNotes: top.map(toAdminNote),
    openReports: num(v['openReports']),
    reportedNotes: num(v['reportedNotes']),
  };
}

export interface CollegeSummary {
  name: string;
  totalNotes: number;
  downloads: number;
  approved: number;
  pending: number;
}

/** A college's card, from the facade's figures (kept by the note trigger). */
export function toCollegeSummary(v: Json): CollegeSummary {
  return {
    name: str(v['name'], 'Unknown'),
    totalNotes: num(v['totalNotes']),
    downloads: num(v['downloads']),
    approved: num(v['approved']),
    pending: num(v['pending']),
  };
}

export interface UserEdit {
  username: string;
  email: string;
  role: Role;
}

export type UserEditErrors = Partial<Record<'username' | 'email', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The Edit User form's checks (spec section 5), the same the facade applies. */
export function validateUserEdit(edit: UserEdit): UserEditErrors {
  const errors: UserEditErrors = {};
  const username = edit.username.trim();
  const { min, max } = USER_LIMITS.username;
  if (!username) errors.username = 'Username is required';
  else if (charLength(username) < min || charLength(username) > max)
    errors.username = `Username must be ${min} to ${max} characters`;
  const email = edit.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (email.length > USER_LIMITS.email.max || !EMAIL.test(email))
    errors.email = 'Please enter a valid email address';
  return errors;
}

/** en-US short date of an ISO timestamp, as the spec shows dates; empty when unknown. */
export function formatDay(iso: string | null): string {
  if (!iso) return '';
  return formatDate(toDate(new Date(iso)));
}

/** What follows the spec's message when the server could not be reached at all. */
export const UNREACHABLE = 'the server could not be reached. Check your connection and try again';

/**
 * The banner text: the spec's message, then why, once: the server's own reason when it gave one,
 * or that it could not be reached (the browser's fetch says only "Failed to fetch", which after
 * "Failed to fetch users" read as an echo). A status without a reason adds nothing.
 */
export function bannerText(spec: string, error: unknown): string {
  return errorMessage(error, { fallback: spec, exception: UNREACHABLE, reason: 'after' });
}
