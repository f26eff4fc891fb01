/**
 * What Browse shows, mapped from Firestore documents (docs/data-model.md). Pure and defensive: a
 * document with a missing or malformed field still renders (the spec shows "N/A" for missing card
 * fields) instead of breaking the list.
 */
import { readNoteBasics, type NoteBasics, type NoteData } from '../../../shared/notes/note-fields';
import { snippetSegments, type SnippetSegment } from './snippet';

export { toDate } from '../../../shared/utils/dates';

/** Where a search found a note: the text around the matched words, and the PDF page. */
export interface SearchMatch {
  snippet: SnippetSegment[];
  /** The PDF page of the best hit in the file's text; null for a match in the note's fields. */
  page: number | null;
}

/** A Browse card: the fields every note view shows (shared/notes/note-fields.ts). */
export interface BrowseNote extends NoteBasics {
  id: string;
  /** Listed by a search (absent in a list without search text). */
  match?: SearchMatch;
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

/** A page of search results as Browse lists it (GET /api/notes?search=). */
export interface SearchAnswer {
  notes: BrowseNote[];
  /** Where the next page starts (opaque to the app); null on the last page. */
  nextCursor: string | null;
  /** A corrected query that finds notes, offered when this one found none. */
  didYouMean: string | null;
}

/** A whole page number, from 1; anything else is no page. */
function pageNumber(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

/**
 * The facade's answer to a search: `{ success, notes: NoteView[] (each with snippet?, page?),
 * total?, nextCursor?, didYouMean? }` (functions/src/routes/search.ts). Read as defensively as a
 * Firestore document: an entry without an id is left out, a missing field falls back.
 */
export function toSearchAnswer(body: unknown): SearchAnswer {
  const answer = (body ?? {}) as Record<string, unknown>;
  const notes: BrowseNote[] = [];
  for (const entry of Array.isArray(answer['notes']) ? (answer['notes'] as unknown[]) : []) {
    if (!entry || typeof entry !== 'object') continue;
    const view = entry as Record<string, unknown>;
    const id = typeof view['id'] === 'string' ? view['id'] : view['_id'];
    // Browse lists approved notes only, as its Firestore path does, whoever asks.
    if (typeof id !== 'string' || id === '' || view['approved'] === false) continue;
    // The facade sends dates as ISO strings; cards read Dates.
    const created = typeof view['createdAt'] === 'string' ? new Date(view['createdAt']) : null;
    const snippet = view['snippet'];
    notes.push({
      ...toBrowseNote(id, { ...view, createdAt: created }),
      match: {
        snippet: typeof snippet === 'string' ? snippetSegments(snippet) : [],
        page: pageNumber(view['page']),
      },
    });
  }
  const next = answer['nextCursor'];
  const didYouMean = answer['didYouMean'];
  return {
    notes,
    nextCursor: typeof next === 'string' && next !== '' ? next : null,
    didYouMean: typeof didYouMean === 'string' && didYouMean.trim() !== '' ? didYouMean : null,
  };
}
