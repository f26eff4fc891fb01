/**
 * Test fixtures: valid documents and payloads, each checked against its schema when made, so a
 * fixture cannot drift from the data model. Timestamps are whatever the writer passes (a
 * `serverTimestamp()` sentinel, a Timestamp): they are the one thing a schema cannot check before
 * the write. A test that wants an invalid document spreads its change over a fixture.
 */
import * as z from 'zod/mini';
import {
  commentSchema,
  noteInputSchema,
  noteSchema,
  userProfileSchema,
  type Comment,
  type Note,
  type NoteInput,
  type UserProfile,
} from './documents.js';

type Stamped<T, K extends keyof T, TS> = Omit<T, K> & { [P in K]: TS };

/** `schema` with its timestamp fields `keys` accepting anything, for data before its write. */
function beforeWrite<S extends z.ZodMiniObject>(schema: S, keys: readonly string[]) {
  return z.extend(schema, Object.fromEntries(keys.map((k) => [k, z.optional(z.unknown())])));
}

const NOTE_TIMES = ['createdAt', 'updatedAt'] as const;
// approvedAt too: a fixture of an approved note may carry a serverTimestamp() sentinel.
const noteBeforeWrite = beforeWrite(noteSchema, [...NOTE_TIMES, 'approvedAt']);
const profileBeforeWrite = beforeWrite(userProfileSchema, ['createdAt']);
const commentBeforeWrite = beforeWrite(commentSchema, ['commentedAt', 'editedAt']);

/** The upload form's fields of a typical note, normalized (what `validateNoteInput` returns). */
export function noteInputFixture(patch: Partial<NoteInput> = {}): NoteInput {
  return noteInputSchema.parse({
    title: 'Operating Systems Unit 3',
    description: 'Deadlocks, scheduling and paging.',
    collegeName: 'IIT Delhi',
    courseName: 'B.Tech CSE',
    subjectName: 'Operating Systems',
    batch: '2022-2026',
    semester: 3,
    fileUrl: 'https://example.com/os-unit-3.pdf',
    fileName: null,
    filePath: null,
    fileType: null,
    fileSize: null,
    ...patch,
  });
}

/**
 * The upload form as a browser sends it (multipart: every value a string), with the original
 * content box ticked; without a file URL, for a form that carries a file part instead.
 */
export function noteFormFixture(
  patch: Partial<Record<string, string>> = {},
): Record<string, string> {
  const {
    fileUrl: _url,
    fileName: _n,
    filePath: _p,
    fileType: _t,
    fileSize: _s,
    ...fields
  } = noteInputFixture();
  const form: Record<string, string> = { confirmed: 'true' };
  for (const [k, v] of Object.entries(fields)) form[k] = String(v);
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) form[k] = v;
  return form;
}

/** A note as its uploader creates it: pending, zero counters, `time` for both timestamps. */
export function noteFixture<TS>(
  uploader: { uid: string; username: string },
  time: TS,
  patch: Partial<Omit<Note, 'createdAt' | 'updatedAt'>> = {},
): Stamped<Note, 'createdAt' | 'updatedAt', TS> {
  const note = {
    ...noteInputFixture(),
    uploaderId: uploader.uid,
    uploaderName: uploader.username,
    approved: false,
    likesCount: 0,
    downloadCount: 0,
    commentsCount: 0,
    ...patch,
    createdAt: time,
    updatedAt: time,
  };
  noteBeforeWrite.parse(note);
  return note;
}

/** A profile as its owner creates it: role user, no notes, `time` as createdAt. */
export function profileFixture<TS>(
  uid: string,
  time: TS,
  patch: Partial<Omit<UserProfile, 'createdAt'>> = {},
): Stamped<UserProfile, 'createdAt', TS> {
  const profile = {
    username: uid,
    email: `${uid.toLowerCase()}@example.com`,
    avatar: null,
    role: 'user' as const,
    notesCount: 0,
    ...patch,
    createdAt: time,
  };
  profileBeforeWrite.parse(profile);
  return profile;
}

/** A comment of `author`'s, `time` as commentedAt. */
export function commentFixture<TS>(
  author: { uid: string; username: string },
  time: TS,
  patch: Partial<Omit<Comment, 'commentedAt' | 'editedAt'>> = {},
): Stamped<Omit<Comment, 'editedAt'>, 'commentedAt', TS> {
  const comment = {
    text: 'Very clear, thanks!',
    authorId: author.uid,
    username: author.username,
    ...patch,
    commentedAt: time,
  };
  commentBeforeWrite.parse(comment);
  return comment;
}
