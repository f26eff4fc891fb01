/**
 * Reading a note document (docs/data-model.md) defensively, for every view that shows one (Browse
 * cards, the note page, the profile lists): a missing or malformed field gives a fallback instead
 * of breaking the page, since the documents come from the network, not from our types.
 */
import type { Note } from '@notenest/shared';
import { toDate } from '../utils/dates';

/**
 * A note document as it arrives: the data model's fields (the `Note` type of the shared schema,
 * so a renamed field fails to compile here), each of unknown shape until read.
 */
export type NoteData = Partial<Record<keyof Note, unknown>>;

/** A non-blank string, or null. */
export function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

/** A counter: a non-negative whole number, 0 when absent or malformed. */
export function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

/** A link the app may open: http(s) only. */
export function httpUrl(v: unknown): string | null {
  return typeof v === 'string' && /^https?:\/\/\S+$/.test(v) ? v : null;
}

/** The fields every note view shows. */
export interface NoteBasics {
  title: string;
  description: string;
  subjectName: string | null;
  courseName: string | null;
  collegeName: string | null;
  semester: number | null;
  likesCount: number;
  commentsCount: number;
  downloadCount: number;
  fileUrl: string | null;
  fileName: string | null;
  /** A small image of the file's first page, made by the server (null until made, or none). */
  thumbnailUrl: string | null;
  /** True when the server refused the file: its bytes are not its type (never served). */
  fileRefused: boolean;
  createdAt: Date | null;
}

export function readNoteBasics(data: NoteData): NoteBasics {
  const semester = data['semester'];
  return {
    title: text(data['title']) ?? 'Untitled note',
    description: text(data['description']) ?? '',
    subjectName: text(data['subjectName']),
    courseName: text(data['courseName']),
    collegeName: text(data['collegeName']),
    semester: typeof semester === 'number' && Number.isInteger(semester) ? semester : null,
    likesCount: count(data['likesCount']),
    commentsCount: count(data['commentsCount']),
    downloadCount: count(data['downloadCount']),
    fileUrl: httpUrl(data['fileUrl']),
    fileName: text(data['fileName']),
    thumbnailUrl: httpUrl(data['thumbnailUrl']),
    fileRefused: data['fileStatus'] === 'refused',
    createdAt: toDate(data['createdAt']),
  };
}
