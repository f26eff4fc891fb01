/**
 * One schema per stored document of docs/data-model.md, and the types that come from them. The
 * rules enforce the same shapes on client writes; these check what functions, the seed and the
 * tests write (`documents.stack.test.ts` parses every document a run leaves behind).
 *
 * Strict objects: a field the data model does not list is an error, which is how drift shows.
 */
import * as z from 'zod/mini';
import {
  BATCHES,
  COMMENT_LIMITS,
  NOTE_FILE_TYPES,
  NOTE_LIMITS,
  MAX_NOTE_FILE_BYTES,
  ROLES,
  USER_LIMITS,
} from '../constants.js';
import { usernameProblem } from '../usernames.js';
import { FOLLOW_KINDS, MAX_FOLLOWS, parseFollowKey } from '../follows.js';
import { chars, count, docId, httpUrl, timestamp } from './fields.js';
import { notificationSchema, rejectionSchema } from './notifications.js';
import { reportSchema, reportedNoteSchema } from './reports.js';
import {
  duplicateFileRecordFields,
  duplicateNoteFields,
  fileHashSchema,
  nearHashSchema,
} from './duplicates.js';

const L = NOTE_LIMITS;

export const NOTE_FILE_STATUSES = ['ok', 'refused', 'unreadable'] as const;
const FILE_TYPES = [
  NOTE_FILE_TYPES.pdf,
  NOTE_FILE_TYPES.doc,
  NOTE_FILE_TYPES.docx,
  NOTE_FILE_TYPES.txt,
] as const;

/** A username as stored: trimmed and one the rules accept (`usernameProblem`). */
export const storedUsername = z
  .string()
  .check(z.refine((v) => v === v.trim() && usernameProblem(v) === null, 'is not a valid username'));

/** `users/{uid}`: a private profile (the owner and admins). */
export const userProfileSchema = z.strictObject({
  username: storedUsername,
  email: z.string().check(z.maxLength(USER_LIMITS.email.max)),
  avatar: z.nullable(httpUrl(USER_LIMITS.avatar.max)),
  role: z.enum(ROLES),
  createdAt: timestamp,
  notesCount: count,
  /** Only functions (the profile trigger), for the admin Users search. */
  searchTerms: z.optional(z.array(z.string())),
  /** Notes removed for copyright (functions only); at COPYRIGHT_STRIKE_LIMIT no more uploads. */
  copyrightStrikes: z.optional(count),
  /** How many follows the user has (absent: 0); the rules move it with each follow (issue 32). */
  followCount: z.optional(z.int().check(z.gte(0), z.lte(MAX_FOLLOWS))),
  /** The follow the last followCount change created or deleted (what the rules tie it to). */
  lastFollowKey: z.optional(z.custom<string>((v) => typeof v === 'string' && !!parseFollowKey(v))),
  /** "New note in what you follow" notifications (absent: on). */
  notifyFollows: z.optional(z.boolean()),
});

/** `users/{uid}/follows/{key}`: a follow; key = followKey(kind, name) (shared/src/follows.ts). */
export const followSchema = z.strictObject({
  kind: z.enum(FOLLOW_KINDS),
  name: chars(L.subjectName.min, L.subjectName.max),
  createdAt: timestamp,
});

/** `usernames/{key}`: who holds a username (key: the name in lower case). */
export const usernameClaimSchema = z.strictObject({ uid: docId });

/** `users/{uid}/saved/{noteId}`: the spec's Archive. */
export const savedNoteSchema = z.strictObject({
  noteId: docId,
  savedAt: timestamp,
});

/** `users/{uid}/limits/{action}`: one rate-limit window. */
export const rateLimitWindowSchema = z.strictObject({
  windowStart: timestamp,
  count,
  at: timestamp,
  key: z.string().check(z.maxLength(1500)),
});

/** The fields an uploader writes (create and update). */
export const noteInputSchema = z.strictObject({
  title: chars(L.title.min, L.title.max),
  description: chars(L.description.min, L.description.max),
  collegeName: chars(L.collegeName.min, L.collegeName.max),
  courseName: chars(L.courseName.min, L.courseName.max),
  subjectName: chars(L.subjectName.min, L.subjectName.max),
  batch: z.enum(BATCHES),
  semester: z.int().check(z.gte(L.semester.min), z.lte(L.semester.max)),
  /** '' only between validation and the upload that fills it in (never stored). */
  fileUrl: z.union([z.literal(''), httpUrl(L.fileUrl.max)]),
  fileName: z.nullable(chars(L.fileName.min, L.fileName.max)),
  /** `notes/{uid}/{noteId}/{file}` when uploaded to Storage, null when a file URL was given. */
  filePath: z.nullable(z.string().check(z.regex(/^notes\/[^/]+\/[^/]+\/[^/]+$/))),
  fileType: z.nullable(z.enum(FILE_TYPES)),
  fileSize: z.nullable(z.int().check(z.gte(0), z.lte(MAX_NOTE_FILE_BYTES))),
});

/** `notes/{noteId}`. */
export const noteSchema = z.extend(noteInputSchema, {
  fileUrl: httpUrl(L.fileUrl.max),
  uploaderId: docId,
  uploaderName: storedUsername,
  approved: z.boolean(),
  likesCount: count,
  downloadCount: count,
  commentsCount: count,
  /** What the server found reading the file (functions only); null without a stored file. */
  fileStatus: z.optional(z.nullable(z.enum(NOTE_FILE_STATUSES))),
  /** A small WebP of the file's first page (functions only), readable as the file is. */
  thumbnailUrl: z.optional(z.nullable(httpUrl(4096))),
  /** Duplicates: duplicateOf, duplicateOfTitle, similarTo (functions only: duplicates.ts). */
  ...duplicateNoteFields,
  /** Open reports (functions only, the report trigger: shared/src/reports.ts). */
  openReports: z.optional(count),
  /** Out of public view because of reports until an admin acts (functions only). */
  underReview: z.optional(z.boolean()),
  /**
   * When an admin last approved it (functions: the review sets it on every approval; the note
   * trigger backfills an approved note that lacks it). The Following feed orders by it. Left
   * as it was when the note goes back to pending; absent on a note never approved.
   */
  approvedAt: z.optional(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** `notes/{noteId}/comments/{commentId}`. */
export const commentSchema = z.strictObject({
  text: chars(COMMENT_LIMITS.text.min, COMMENT_LIMITS.text.max).check(
    z.refine((v) => v.trim() !== '', 'must not be blank'),
  ),
  authorId: docId,
  username: storedUsername,
  commentedAt: timestamp,
  /** Present once the author edited the comment. */
  editedAt: z.optional(timestamp),
});

/** `notes/{noteId}/likes/{uid}`: the document id is the liker's uid, repeated in `uid`. */
export const likeSchema = z.strictObject({ createdAt: timestamp, uid: docId });

/** `notes/{noteId}/downloads/{uid}`: a reader's last counted download. */
export const downloadMarkerSchema = z.strictObject({ uid: docId, at: timestamp });

/** `notes/{noteId}/files/{key}`: what the server read of one generation of a note's file. */
export const noteFileRecordSchema = z.strictObject({
  noteId: docId,
  path: z.string(),
  generation: z.string(),
  verdict: z.enum(NOTE_FILE_STATUSES),
  thumbnailPath: z.nullable(z.string()),
  thumbnailUrl: z.nullable(httpUrl(4096)),
  reason: z.nullable(z.string()),
  /** Pages of a PDF; null for DOCX and TXT, which have none. */
  pages: z.optional(z.nullable(count)),
  ocrPages: z.optional(count),
  truncated: z.optional(z.nullable(z.string())),
  millis: z.optional(z.number()),
  bytes: z.optional(count),
  /** The bytes' SHA-256 and the text's MinHash signature (duplicates.ts). */
  ...duplicateFileRecordFields,
  readAt: timestamp,
});

/** `colleges/{id}`: per-college figures (functions only). */
export const collegeSchema = z.strictObject({
  name: z.string(),
  nameLower: z.string(),
  totalNotes: count,
  approved: count,
  pending: count,
  downloads: count,
});

/** `meta/filterOptions`: distinct values over approved notes, for the Browse dropdowns. */
export const filterOptionsSchema = z.strictObject({
  subjects: z.array(z.string()),
  courses: z.array(z.string()),
  semesters: z.array(z.int()),
  colleges: z.array(z.string()),
  updatedAt: timestamp,
});

/**
 * `searchBacklog/{noteId}`: a note whose change could not reach the search index (functions only;
 * functions/src/services/search-sync.ts): re-indexed from Firestore by the catch-up, then deleted.
 */
export const searchBacklogSchema = z.strictObject({
  noteId: docId,
  at: timestamp,
  error: z.string().check(z.maxLength(500)),
});

export type UserProfile = z.infer<typeof userProfileSchema>;
export type UsernameClaim = z.infer<typeof usernameClaimSchema>;
export type SavedNote = z.infer<typeof savedNoteSchema>;
export type Follow = z.infer<typeof followSchema>;
export type RateLimitWindow = z.infer<typeof rateLimitWindowSchema>;
export type NoteFileStatus = (typeof NOTE_FILE_STATUSES)[number];
export type NoteInput = z.infer<typeof noteInputSchema>;
export type Note = z.infer<typeof noteSchema>;
export type NoteFileRecord = z.infer<typeof noteFileRecordSchema>;
export type Comment = z.infer<typeof commentSchema>;
export type Like = z.infer<typeof likeSchema>;
export type DownloadMarker = z.infer<typeof downloadMarkerSchema>;
export type College = z.infer<typeof collegeSchema>;
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

/** A document's data together with its id. */
export type WithId<T> = T & { id: string };

/**
 * Each collection's schema by path pattern, for checks that walk the database (the stack test)
 * rather than one known document. `{x}` matches one path segment.
 */
export const DOCUMENT_SCHEMAS = {
  'users/{uid}': userProfileSchema,
  'users/{uid}/saved/{noteId}': savedNoteSchema,
  'users/{uid}/follows/{key}': followSchema,
  'users/{uid}/limits/{action}': rateLimitWindowSchema,
  'users/{uid}/notifications/{id}': notificationSchema,
  'users/{uid}/rejections/{noteId}': rejectionSchema,
  'usernames/{key}': usernameClaimSchema,
  'notes/{noteId}': noteSchema,
  'notes/{noteId}/comments/{commentId}': commentSchema,
  'notes/{noteId}/likes/{uid}': likeSchema,
  'notes/{noteId}/downloads/{uid}': downloadMarkerSchema,
  'notes/{noteId}/files/{key}': noteFileRecordSchema,
  'notes/{noteId}/reports/{uid}': reportSchema,
  'reportedNotes/{noteId}': reportedNoteSchema,
  'colleges/{id}': collegeSchema,
  'meta/filterOptions': filterOptionsSchema,
  'searchBacklog/{noteId}': searchBacklogSchema,
  'fileHashes/{sha256}': fileHashSchema,
  'nearHashes/{noteId}': nearHashSchema,
} as const;
