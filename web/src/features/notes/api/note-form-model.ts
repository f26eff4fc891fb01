/**
 * Pure logic of the Upload and Update forms (spec sections 2, 5, 8): what the form holds, what
 * the validator is given (its checks: note-form-validation.ts), the Storage file name, and the
 * texts of the error banner. No Firebase here, so it is unit-tested.
 */
import { errorMessage } from '../../../shared/errors/app-error';
import {
  CONTENT_SNIFF_BYTES,
  NOTE_MESSAGES,
  contentMatchesType,
  type NoteDraft,
  type NoteFileInfo,
  type NoteInput,
} from '@notenest/shared';

export type NoteFormMode = 'create' | 'update';

/** The inputs as typed (select values are strings; '' means nothing chosen). */
export interface NoteFormValues {
  title: string;
  description: string;
  collegeName: string;
  courseName: string;
  subjectName: string;
  batch: string;
  semester: string;
  /** A link to the file instead of an upload. */
  fileUrl: string;
  /** The "I confirm this is original content..." checkbox (Upload only). */
  confirmed: boolean;
}

/** The file a note has now (Update), as stored on the note. */
export type CurrentFile = Pick<
  NoteInput,
  'fileUrl' | 'fileName' | 'filePath' | 'fileType' | 'fileSize'
>;

/** A note as the Update form needs it. */
export interface EditableNote extends NoteInput {
  id: string;
  uploaderId: string;
  approved: boolean;
}

/** A note document as read (untyped Firestore data), as the Update form needs it. */
export function toEditableNote(id: string, d: Record<string, unknown>): EditableNote {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id,
    uploaderId: text(d['uploaderId']),
    approved: d['approved'] === true,
    title: text(d['title']),
    description: text(d['description']),
    collegeName: text(d['collegeName']),
    courseName: text(d['courseName']),
    subjectName: text(d['subjectName']),
    batch: text(d['batch']) as EditableNote['batch'],
    semester: typeof d['semester'] === 'number' ? d['semester'] : 0,
    fileUrl: text(d['fileUrl']),
    fileName: textOrNull(d['fileName']),
    filePath: textOrNull(d['filePath']),
    fileType: textOrNull(d['fileType']) as EditableNote['fileType'],
    fileSize: typeof d['fileSize'] === 'number' ? d['fileSize'] : null,
  };
}

export const CONFIRM_TEXT =
  'I confirm this is original content and I have permission to share it. I understand it will be available to help other students.';

export const NOTE_CREATED = 'Note created successfully';
export const NOTE_UPDATED = 'Note updated successfully';
export const UNKNOWN_ERROR = 'Unknown error occurred';
export const UPLOAD_CANCELLED = 'Upload cancelled. Nothing was saved; your entries are kept.';

export const EMPTY_VALUES: NoteFormValues = {
  title: '',
  description: '',
  collegeName: '',
  courseName: '',
  subjectName: '',
  batch: '',
  semester: '',
  fileUrl: '',
  confirmed: false,
};

/**
 * The Update form prefilled from the note. A file stored in our bucket is kept unless a new file or
 * another link is given, so its long tokenized download URL is not put in the URL box (the
 * "Current uploaded file" link shows it); a note that links an outside file shows that link.
 */
export function valuesFromNote(note: EditableNote): NoteFormValues {
  return {
    title: note.title,
    description: note.description,
    collegeName: note.collegeName,
    courseName: note.courseName,
    subjectName: note.subjectName,
    batch: note.batch,
    semester: String(note.semester),
    fileUrl: note.filePath ? '' : note.fileUrl,
    confirmed: false,
  };
}

/**
 * The validator's input. Update: no new file and no other link keeps the current file (all its
 * fields, so the note's filePath/type/size stay right); a different link replaces it. The
 * confirmation checkbox belongs to Upload only (spec section 5 lists it for the upload form).
 */
export function draftOf(
  values: NoteFormValues,
  file: NoteFileInfo | null,
  mode: NoteFormMode,
  current: CurrentFile | null = null,
): NoteDraft {
  const typedUrl = values.fileUrl.trim();
  const keepCurrent =
    mode === 'update' && current && (typedUrl === '' || typedUrl === current.fileUrl);
  const fileFields: Partial<NoteDraft> = file
    ? { file }
    : keepCurrent
      ? {
          fileUrl: current.fileUrl,
          fileName: current.fileName,
          filePath: current.filePath,
          fileType: current.fileType,
          fileSize: current.fileSize,
        }
      : { fileUrl: typedUrl, fileName: fileNameOfUrl(typedUrl) };
  return {
    title: values.title,
    description: values.description,
    collegeName: values.collegeName,
    courseName: values.courseName,
    subjectName: values.subjectName,
    batch: values.batch,
    semester: values.semester,
    ...fileFields,
    ...(mode === 'create' ? { confirmed: values.confirmed } : {}),
  };
}

/**
 * Whether a picked file's first bytes are its type (shared/file-content: the same check the
 * facade and the note-file trigger make): the spec-style message when not, else null.
 */
export async function fileContentProblem(file: Blob, contentType: string): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, CONTENT_SNIFF_BYTES).arrayBuffer());
  return contentMatchesType(head, contentType) ? null : NOTE_MESSAGES.fileContent;
}

/** The last path segment of a typed link, as the note's file name (null when there is none). */
export function fileNameOfUrl(url: string): string | null {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    const name = decodeURIComponent(last).trim();
    return name === '' ? null : name.slice(-255);
  } catch {
    return null;
  }
}

/**
 * The object name under notes/{uid}/{noteId}/: a stamp keeps every version of the note's file
 * distinct (a replacement never overwrites the file the note still points to before its update
 * is saved), the rest is the picked name made safe for a path segment, extension kept.
 */
export function storageFileName(name: string, stamp: number): string {
  const dot = name.lastIndexOf('.');
  const ext =
    dot > 0
      ? name
          .slice(dot)
          .toLowerCase()
          .replace(/[^.\w]/g, '')
      : '';
  const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[^\w.-]+/g, '_').slice(0, 100);
  return `${stamp.toString(36)}-${base || 'file'}${ext}`;
}

/** Human file size: "512 B", "3.4 KB", "5.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const FRIENDLY: Record<string, string> = {
  'permission-denied': 'You are not allowed to save this note',
  'storage/unauthorized':
    'The file was refused: only .pdf, .doc, .docx and .txt files up to 10 MB can be uploaded',
  'storage/quota-exceeded': 'The storage is full; please try again later',
  'storage/retry-limit-exceeded': 'The upload took too long; check your connection and try again',
  unavailable: 'The server could not be reached; check your connection and try again',
  'storage/unknown': 'The upload failed; please try again',
};

/**
 * The message of the red banner (without its "Error:" prefix, which the banner adds): known
 * Firebase codes in words, else the facade's server message or the form's own check, else
 * "Unknown error occurred" (shared/errors/app-error.ts). Update failures read "Update failed:
 * ..." (spec section 8).
 */
export function submitErrorMessage(error: unknown, mode: NoteFormMode): string {
  const text = errorMessage(error, { fallback: UNKNOWN_ERROR, codes: FRIENDLY });
  return mode === 'update' ? `Update failed: ${text}` : text;
}
