/**
 * The upload / update form (spec section 5) as schemas: the descriptive fields, the picked file,
 * and the choice between a file and a file URL. `validateNoteInput` (validate-note.ts) runs them
 * in the browser before a write and in the facade; what they produce is a `noteInputSchema` value.
 */
import * as z from 'zod/mini';
import { BATCHES, MAX_NOTE_FILE_BYTES, NOTE_FILE_TYPES, NOTE_LIMITS as L } from '../constants.js';
import { HTTP_URL, charLength } from '../text.js';
import { formText } from './fields.js';
import { NOTE_MESSAGES, noteFileTypeFor } from '../note-files.js';

const KNOWN_TYPES: readonly string[] = Object.values(NOTE_FILE_TYPES);

/**
 * A picked note file as the browser's `File` (or the facade's multipart part) describes it:
 * extension pdf/doc/docx/txt, 1 byte to 10 MiB, name <= 255. The extension decides the type
 * (browsers report .doc/.docx inconsistently), but a known type that contradicts it is refused.
 */
export const noteFileInfoSchema = z
  .object({
    name: z.string(),
    size: z.number(),
    /** MIME type as reported; may be empty (browsers do not always know .doc/.docx). */
    type: z.string(),
  })
  .check(
    z.refine((f) => noteFileTypeFor(f.name) !== null, NOTE_MESSAGES.fileType),
    z.refine(
      (f) => f.type === '' || f.type === noteFileTypeFor(f.name) || !KNOWN_TYPES.includes(f.type),
      NOTE_MESSAGES.fileType,
    ),
    z.refine((f) => Number.isSafeInteger(f.size) && f.size >= 0, 'The file size is unknown'),
    z.refine((f) => f.size !== 0, NOTE_MESSAGES.fileEmpty),
    z.refine((f) => !(f.size > MAX_NOTE_FILE_BYTES), NOTE_MESSAGES.fileTooLarge),
    z.refine(
      (f) => charLength(f.name) >= L.fileName.min && charLength(f.name) <= L.fileName.max,
      `The file name must be at most ${L.fileName.max} characters`,
    ),
  );
export type NoteFileInfo = z.infer<typeof noteFileInfoSchema>;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : (v ?? ''));

/** The form's descriptive fields, as typed: strings trimmed, the semester possibly as text. */
export const noteFieldsSchema = z.object({
  title: formText('Title', L.title, true),
  description: formText('Description', L.description, false),
  collegeName: formText('College', L.collegeName, true),
  courseName: formText('Course', L.courseName, true),
  subjectName: formText('Subject', L.subjectName, true),
  batch: z.pipe(
    z.transform(trimmed),
    z.enum(BATCHES, {
      error: (issue) => (issue.input === '' ? 'Batch is required' : NOTE_MESSAGES.batch),
    }),
  ),
  semester: z.pipe(
    z.transform((v: unknown) => {
      const t = trimmed(v);
      return typeof t === 'string' && t !== '' ? (/^\d+$/.test(t) ? Number(t) : NaN) : t;
    }),
    z
      .int({
        error: (issue) => (issue.input === '' ? 'Semester is required' : NOTE_MESSAGES.semester),
      })
      .check(
        z.gte(L.semester.min, NOTE_MESSAGES.semester),
        z.lte(L.semester.max, NOTE_MESSAGES.semester),
      ),
  ),
});

/** The file URL field: trimmed, '' when none, else http(s) and at most 2048 characters. */
export const noteFileUrlSchema = z.pipe(
  formText('File URL', L.fileUrl, false),
  z.string().check(z.refine((v) => v === '' || HTTP_URL.test(v), NOTE_MESSAGES.fileUrl)),
);

/** The "I confirm this is original content..." checkbox, when the caller has one. */
export const noteConfirmSchema = z.optional(z.literal(true, NOTE_MESSAGES.confirm));

/** A named file's name as a URL note gives it: trimmed, null when blank. */
export const noteFileNameSchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)),
  z.nullable(
    z
      .string()
      .check(
        z.refine(
          (v) => charLength(v) <= L.fileName.max,
          `File name must be at most ${L.fileName.max} characters`,
        ),
      ),
  ),
);
