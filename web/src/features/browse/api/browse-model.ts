/**
 * What Browse shows, mapped from Firestore documents (docs/data-model.md). Pure and defensive: a
 * document with a missing or malformed field still renders (the spec shows "N/A" for missing card
 * fields) instead of breaking the list.
 */
import { readNoteBasics, text, type NoteBasics } from '../../../shared/notes/note-fields';
import { toDate } from '../../../shared/utils/dates';

export { toDate, formatDateTime as formatCommentTime } from '../../../shared/utils/dates';

/** A Browse card: the fields every note view shows (shared/notes/note-fields.ts). */
export interface BrowseNote extends NoteBasics {
  id: string;
}

export interface BrowseComment {
  id: string;
  text: string;
  username: string | null;
  commentedAt: Date | null;
}

export interface FilterOptionLists {
  subjects: string[];
  courses: string[];
  semesters: number[];
  colleges: string[];
}

export const NO_FILTER_OPTIONS: FilterOptionLists = {
  subjects: [],
  courses: [],
  semesters: [],
  colleges: [],
};

export function toBrowseNote(id: string, data: Record<string, unknown>): BrowseNote {
  return { id, ...readNoteBasics(data) };
}

export function toBrowseComment(id: string, data: Record<string, unknown>): BrowseComment {
  return {
    id,
    text: typeof data['text'] === 'string' ? data['text'] : '',
    username: text(data['username']),
    commentedAt: toDate(data['commentedAt']),
  };
}

function distinctSorted<T extends string | number>(values: unknown, keep: (v: unknown) => v is T) {
  const list = Array.isArray(values) ? values.filter(keep) : [];
  const out = [...new Set(list)];
  return typeof out[0] === 'number'
    ? out.sort((a, b) => Number(a) - Number(b))
    : out.sort((a, b) => String(a).localeCompare(String(b)));
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isSemester = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** `meta/filterOptions` (written by the facade), or empty lists when it is missing. */
export function toFilterOptions(data: Record<string, unknown> | undefined): FilterOptionLists {
  if (!data) return NO_FILTER_OPTIONS;
  return {
    subjects: distinctSorted(data['subjects'], isText),
    courses: distinctSorted(data['courses'], isText),
    semesters: distinctSorted(data['semesters'], isSemester),
    colleges: distinctSorted(data['colleges'], isText),
  };
}

/** The spec's fallback for missing card fields. */
export function orNA(v: string | number | null): string {
  return v === null ? 'N/A' : String(v);
}

/** The spec's pseudo author label on Browse: "User_" + the first 4 characters of the comment id. */
export function commentAuthorLabel(commentId: string): string {
  return `User_${commentId.slice(0, 4)}`;
}
