/**
 * Note files and the form's messages, without schemas: the note page, Browse and the profile use
 * these, and should not load the validators (zod) for it.
 */
import { BATCHES, NOTE_FILE_TYPES } from './constants.js';

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

/** The extension of a file name, lower case without the dot ('' when none). */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

/** The MIME type NoteNest stores for a file name, or null when the extension is not accepted. */
export function noteFileTypeFor(name: string) {
  const ext = fileExtension(name);
  return Object.hasOwn(NOTE_FILE_TYPES, ext)
    ? NOTE_FILE_TYPES[ext as keyof typeof NOTE_FILE_TYPES]
    : null;
}
