/**
 * Validation of the upload / update form (spec section 5) against docs/data-model.md. The same
 * checks run in the browser before a write and in functions; firestore.rules enforces the limits
 * again on the server.
 */
import {
  BATCHES,
  MAX_NOTE_FILE_BYTES,
  NOTE_FILE_TYPES,
  NOTE_LIMITS,
  type Batch,
  type NoteFileType,
} from './constants.js';
import type { NoteInput } from './types.js';

export type ValidationResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** field name -> message, for showing beside the field */
      errors: Record<string, string>;
      /** the first error, for a banner */
      message: string;
    };

/** A picked file as the browser's `File` (or multer) describes it. */
export interface NoteFileInfo {
  name: string;
  size: number;
  /** MIME type as reported; may be empty (browsers do not always know .doc/.docx). */
  type: string;
}

/** What the form holds: strings from inputs, the semester possibly as text. */
export interface NoteDraft {
  title?: unknown;
  description?: unknown;
  collegeName?: unknown;
  courseName?: unknown;
  subjectName?: unknown;
  batch?: unknown;
  semester?: unknown;
  fileUrl?: unknown;
  fileName?: unknown;
  filePath?: unknown;
  fileType?: unknown;
  fileSize?: unknown;
  /** A newly picked file, uploaded after validation; its URL/path/type/size are filled in then. */
  file?: NoteFileInfo | null;
  /** The "I confirm this is original content..." checkbox, when the caller has one. */
  confirmed?: unknown;
}

export const NOTE_MESSAGES = {
  fileOrUrl: 'Please select a file or provide a file URL',
  confirm: 'Please confirm this is original content and that you have permission to share it',
  batch: `Batch must be one of ${BATCHES.join(', ')}`,
  semester: 'Semester must be a whole number from 1 to 8',
  fileUrl: 'The file URL must start with https:// or http://',
  fileType: 'Only .pdf, .doc, .docx and .txt files are accepted',
  fileTooLarge: 'The file is larger than 10 MB',
  fileEmpty: 'The file is empty',
  fileContent: 'The file content does not match its type',
} as const;

const LABELS = {
  title: 'Title',
  description: 'Description',
  collegeName: 'College',
  courseName: 'Course',
  subjectName: 'Subject',
  fileUrl: 'File URL',
  fileName: 'File name',
} as const;

/** Length in code points, as the rules' `string.size()` counts. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function text(
  errors: Record<string, string>,
  field: keyof typeof LABELS,
  raw: unknown,
  required: boolean,
): string {
  const { min, max } = NOTE_LIMITS[field];
  const label = LABELS[field];
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    errors[field] = `${label} must be text`;
    return '';
  }
  const v = (raw ?? '').trim();
  if (v === '') {
    if (required) errors[field] = `${label} is required`;
    return '';
  }
  const len = charLength(v);
  if (len < min) errors[field] = `${label} must be at least ${min} characters`;
  else if (len > max) errors[field] = `${label} must be at most ${max} characters`;
  return v;
}

function parseSemester(raw: unknown): number | null {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? +raw : NaN;
  return Number.isInteger(n) && n >= NOTE_LIMITS.semester.min && n <= NOTE_LIMITS.semester.max
    ? n
    : null;
}

/** The extension of a file name, lower case without the dot ('' when none). */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

/** The MIME type NoteNest stores for a file name, or null when the extension is not accepted. */
export function noteFileTypeFor(name: string): NoteFileType | null {
  const ext = fileExtension(name);
  return Object.hasOwn(NOTE_FILE_TYPES, ext)
    ? NOTE_FILE_TYPES[ext as keyof typeof NOTE_FILE_TYPES]
    : null;
}

/**
 * Checks a picked note file: extension pdf/doc/docx/txt, 1 byte to 10 MiB, name <= 255. The
 * extension decides the content type (browsers report .doc/.docx inconsistently); the returned
 * `contentType` is the one to upload with, which storage.rules checks.
 */
export function validateNoteFile(
  file: NoteFileInfo,
): ValidationResult<{ name: string; size: number; contentType: NoteFileType }> {
  const errors: Record<string, string> = {};
  const contentType = noteFileTypeFor(file.name);
  const nameLen = charLength(file.name);
  if (!contentType) errors.file = NOTE_MESSAGES.fileType;
  else if (
    file.type !== '' &&
    file.type !== contentType &&
    (Object.values(NOTE_FILE_TYPES) as string[]).includes(file.type)
  )
    // A .pdf that says it is a Word document (or similar): refuse rather than guess.
    errors.file = NOTE_MESSAGES.fileType;
  else if (!Number.isSafeInteger(file.size) || file.size < 0)
    errors.file = 'The file size is unknown';
  else if (file.size === 0) errors.file = NOTE_MESSAGES.fileEmpty;
  else if (file.size > MAX_NOTE_FILE_BYTES) errors.file = NOTE_MESSAGES.fileTooLarge;
  else if (nameLen < NOTE_LIMITS.fileName.min || nameLen > NOTE_LIMITS.fileName.max)
    errors.file = `The file name must be at most ${NOTE_LIMITS.fileName.max} characters`;
  const message = Object.values(errors)[0];
  if (message !== undefined) return { ok: false, errors, message };
  return { ok: true, value: { name: file.name, size: file.size, contentType: contentType! } };
}

/**
 * Validates the upload/update form and normalizes it (trimmed strings, semester as a number,
 * file fields null when absent).
 *
 * create: title, subject, college, course, batch, semester required; a file or a file URL is
 * required ("Please select a file or provide a file URL"). update: the same fields, the file is
 * optional (the note keeps its current one). When `draft.file` is given, the file fields of the
 * result are left for the caller to fill after the upload (fileUrl '' until then).
 */
export function validateNoteInput(
  draft: NoteDraft,
  mode: 'create' | 'update',
): ValidationResult<NoteInput> {
  const errors: Record<string, string> = {};
  const title = text(errors, 'title', draft.title, true);
  const description = text(errors, 'description', draft.description, false);
  const collegeName = text(errors, 'collegeName', draft.collegeName, true);
  const courseName = text(errors, 'courseName', draft.courseName, true);
  const subjectName = text(errors, 'subjectName', draft.subjectName, true);

  const batchRaw = typeof draft.batch === 'string' ? draft.batch.trim() : draft.batch;
  if (batchRaw === undefined || batchRaw === null || batchRaw === '')
    errors.batch = 'Batch is required';
  else if (!(BATCHES as readonly unknown[]).includes(batchRaw)) errors.batch = NOTE_MESSAGES.batch;

  const semesterEmpty =
    draft.semester === undefined ||
    draft.semester === null ||
    (typeof draft.semester === 'string' && draft.semester.trim() === '');
  const semester = semesterEmpty ? null : parseSemester(draft.semester);
  if (semesterEmpty) errors.semester = 'Semester is required';
  else if (semester === null) errors.semester = NOTE_MESSAGES.semester;

  // File: a newly picked file, or a URL (typed, or the current one on update).
  const file = draft.file ?? null;
  const fileUrl = file ? '' : text(errors, 'fileUrl', draft.fileUrl, false);
  if (file) {
    const f = validateNoteFile(file);
    if (!f.ok) errors.file = f.message;
  } else if (fileUrl === '') {
    if (mode === 'create') errors.file = NOTE_MESSAGES.fileOrUrl;
  } else if (!errors.fileUrl && !/^https?:\/\/\S+$/i.test(fileUrl)) {
    errors.fileUrl = NOTE_MESSAGES.fileUrl;
  }
  let fileName: string | null = null;
  let filePath: string | null = null;
  let fileType: NoteFileType | null = null;
  let fileSize: number | null = null;
  if (!file && fileUrl !== '') {
    fileName = typeof draft.fileName === 'string' ? draft.fileName.trim() || null : null;
    if (fileName !== null && charLength(fileName) > NOTE_LIMITS.fileName.max)
      errors.fileName = `File name must be at most ${NOTE_LIMITS.fileName.max} characters`;
    filePath = typeof draft.filePath === 'string' && draft.filePath !== '' ? draft.filePath : null;
    fileType =
      typeof draft.fileType === 'string' &&
      (Object.values(NOTE_FILE_TYPES) as string[]).includes(draft.fileType)
        ? (draft.fileType as NoteFileType)
        : null;
    fileSize =
      typeof draft.fileSize === 'number' &&
      Number.isSafeInteger(draft.fileSize) &&
      draft.fileSize >= 0 &&
      draft.fileSize <= MAX_NOTE_FILE_BYTES
        ? draft.fileSize
        : null;
  }

  if (draft.confirmed !== undefined && draft.confirmed !== true)
    errors.confirmed = NOTE_MESSAGES.confirm;

  // The banner shows the first problem in form order.
  const message = Object.values(errors)[0];
  if (message !== undefined) return { ok: false, errors, message };
  return {
    ok: true,
    value: {
      title,
      description,
      collegeName,
      courseName,
      subjectName,
      batch: batchRaw as Batch,
      semester: semester!,
      fileUrl,
      fileName,
      filePath,
      fileType,
      fileSize,
    },
  };
}
