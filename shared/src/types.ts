/**
 * Document shapes of docs/data-model.md. Pure types: no firebase import.
 *
 * Timestamps are typed structurally (`TimestampLike`) so that both the web SDK's and the Admin
 * SDK's `Timestamp` fit. Each shape takes the timestamp type as a parameter, so a writer can say
 * `Note<FieldValue>` for a document it sends with `serverTimestamp()`.
 */
import type { Batch, NoteFileType, Role } from './constants.js';

/** What both `firebase/firestore` and `firebase-admin/firestore` Timestamps provide. */
export interface TimestampLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  toDate(): Date;
  toMillis(): number;
}

/** A document's data together with its id. */
export type WithId<T> = T & { id: string };

/** `users/{uid}`: private profile (owner and admins). */
export interface UserProfile<TS = TimestampLike> {
  username: string;
  email: string;
  /** https/http URL of the avatar image, or null. */
  avatar: string | null;
  role: Role;
  createdAt: TS;
  /** Exact count of the user's notes, written only by functions. */
  notesCount: number;
}

/** The fields an uploader writes (create and update). */
export interface NoteInput {
  title: string;
  description: string;
  collegeName: string;
  courseName: string;
  subjectName: string;
  batch: Batch;
  semester: number;
  fileUrl: string;
  fileName: string | null;
  /** `notes/{uid}/{noteId}/{file}` when uploaded to Storage, null when a file URL was given. */
  filePath: string | null;
  fileType: NoteFileType | null;
  fileSize: number | null;
}

export type NoteFileStatus = 'ok' | 'refused' | 'unreadable';

/** `notes/{noteId}`. */
export interface Note<TS = TimestampLike> extends NoteInput {
  uploaderId: string;
  uploaderName: string;
  approved: boolean;
  likesCount: number;
  downloadCount: number;
  commentsCount: number;
  /** Written only by functions; absent until indexed. */
  searchTerms?: string[];
  /**
   * What the server found reading the file (functions only): 'refused' when its bytes are not
   * its type (quarantined, never served), 'unreadable' when damaged; null without a stored file.
   */
  fileStatus?: NoteFileStatus | null;
  /** A small WebP of the file's first page (functions only), readable as the file is. */
  thumbnailUrl?: string | null;
  createdAt: TS;
  updatedAt: TS;
}

/** `notes/{noteId}/comments/{commentId}`. */
export interface Comment<TS = TimestampLike> {
  text: string;
  authorId: string;
  username: string;
  commentedAt: TS;
  /** Present once the author edited the comment. */
  editedAt?: TS;
}

/** `notes/{noteId}/likes/{uid}`: the document id is the liker's uid. */
export interface Like<TS = TimestampLike> {
  createdAt: TS;
}

/** `users/{uid}/saved/{noteId}`: the spec's Archive / Saved Notes. */
export interface SavedNote<TS = TimestampLike> {
  noteId: string;
  savedAt: TS;
}

/** `meta/filterOptions`: distinct values over approved notes, for the Browse dropdowns. */
export interface FilterOptions<TS = TimestampLike> {
  subjects: string[];
  courses: string[];
  semesters: number[];
  colleges: string[];
  updatedAt: TS;
}
