/**
 * What Browse shows, mapped from Firestore documents (docs/data-model.md). Pure and defensive: a
 * document with a missing or malformed field still renders (the spec shows "N/A" for missing card
 * fields) instead of breaking the list.
 */
import { readNoteBasics, type NoteBasics, type NoteData } from '../../../shared/notes/note-fields';

export { toDate } from '../../../shared/utils/dates';

/** A Browse card: the fields every note view shows (shared/notes/note-fields.ts). */
export interface BrowseNote extends NoteBasics {
  id: string;
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

export function toBrowseNote(id: string, data: NoteData): BrowseNote {
  return { id, ...readNoteBasics(data) };
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
