/**
 * Validation of the upload / update form (spec section 5), from the form's schemas
 * (schemas/note-form.ts). The same checks run in the browser before a write and in the facade;
 * firestore.rules enforce the limits again on the server, and the result is a `NoteInput` that
 * `noteInputSchema` (the stored shape) accepts.
 */
import type * as z from 'zod/mini';
import type { NoteFileType } from './constants.js';
import { noteInputSchema, type NoteInput } from './schemas/documents.js';
import { NOTE_MESSAGES, noteFileTypeFor } from './note-files.js';
import {
  noteConfirmSchema,
  noteFieldsSchema,
  noteFileInfoSchema,
  noteFileNameSchema,
  noteFileUrlSchema,
  type NoteFileInfo,
} from './schemas/note-form.js';

export type ValidationResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** field name -> message, for showing beside the field */
      errors: Record<string, string>;
      /** the first error, for a banner */
      message: string;
    };

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

/** Records the first issue of each field (by the issue's top-level key, or `field`). */
function collect(errors: Record<string, string>, issues: z.core.$ZodIssue[], field?: string) {
  for (const issue of issues) {
    const key = field ?? String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
}

function failed<T>(errors: Record<string, string>): ValidationResult<T> | null {
  const message = Object.values(errors)[0];
  return message === undefined ? null : { ok: false, errors, message };
}

/**
 * Checks a picked note file; the returned `contentType` (from its extension) is the one to upload
 * with, which storage.rules check.
 */
export function validateNoteFile(
  file: NoteFileInfo,
): ValidationResult<{ name: string; size: number; contentType: NoteFileType }> {
  const r = noteFileInfoSchema.safeParse(file);
  const errors: Record<string, string> = {};
  if (!r.success) collect(errors, r.error.issues, 'file');
  return (
    failed(errors) ?? {
      ok: true,
      value: { name: file.name, size: file.size, contentType: noteFileTypeFor(file.name)! },
    }
  );
}

/** A stored file's fields as the draft carries them (update keeping the current file). */
function currentFileFields(draft: NoteDraft) {
  const fileType = noteInputSchema.shape.fileType.safeParse(draft.fileType);
  const fileSize = noteInputSchema.shape.fileSize.safeParse(draft.fileSize);
  return {
    filePath: typeof draft.filePath === 'string' && draft.filePath !== '' ? draft.filePath : null,
    fileType: fileType.success ? fileType.data : null,
    fileSize: fileSize.success ? fileSize.data : null,
  };
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
  const fields = noteFieldsSchema.safeParse(draft);
  if (!fields.success) collect(errors, fields.error.issues);

  // File: a newly picked file, or a URL (typed, or the current one on update).
  const file = draft.file ?? null;
  let fileUrl = '';
  if (file) {
    const f = noteFileInfoSchema.safeParse(file);
    if (!f.success) collect(errors, f.error.issues, 'file');
  } else {
    const url = noteFileUrlSchema.safeParse(draft.fileUrl);
    if (!url.success) collect(errors, url.error.issues, 'fileUrl');
    else if (url.data === '' && mode === 'create') errors.file = NOTE_MESSAGES.fileOrUrl;
    else fileUrl = url.data;
  }
  let fileName: string | null = null;
  let stored: ReturnType<typeof currentFileFields> = {
    filePath: null,
    fileType: null,
    fileSize: null,
  };
  if (!file && fileUrl !== '') {
    const name = noteFileNameSchema.safeParse(draft.fileName);
    if (name.success) fileName = name.data;
    else collect(errors, name.error.issues, 'fileName');
    stored = currentFileFields(draft);
  }
  const confirmed = noteConfirmSchema.safeParse(draft.confirmed);
  if (!confirmed.success) collect(errors, confirmed.error.issues, 'confirmed');

  // The banner shows the first problem in form order.
  const failure = failed<NoteInput>(errors);
  if (failure) return failure;
  // No errors: the fields parsed (their problems would be in `errors`).
  const value = { ...fields.data!, fileUrl, fileName, ...stored };
  // The form's output is a stored note's input: a drift between the two schemas fails here.
  return { ok: true, value: noteInputSchema.parse(value) };
}
