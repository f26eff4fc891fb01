/**
 * Browse's listing (Firestore) and search (the search index, src/search, through
 * services/search-db.ts: its hits as the index keeps them), and the search box's suggestions.
 */
import type { NoteSort, NotesQuery } from '@notenest/shared';
import type { DocumentData, Query } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import {
  search,
  suggestions as searchSuggestions,
  type SearchHit,
  type SearchRequest,
  type SearchSort,
} from '../search/index.js';
import type { Caller } from '../http/auth.js';
import { ServerTiming } from '../http/server-timing.js';
import { canRead } from './notes.js';
import { withSearchDb } from './search-db.js';
import { isNoteView, noteView, type NoteView } from './views.js';

const NOTE_ID = /^[A-Za-z0-9]{10,40}$/;

/** A search hit as the facade answers it: the note, and where it matched. */
export type SearchedNoteView = NoteView & { snippet: string | null; page: number | null };

/** Browse's answer: the spec's `notes`, and for a search its paging and correction. */
export interface NotesAnswer {
  notes: (NoteView | SearchedNoteView)[];
  total?: number;
  nextCursor?: string | null;
  didYouMean?: string;
}

/** The facade's sorts as the search index names them. */
const SEARCH_SORT: Record<NoteSort, SearchSort> = {
  relevance: 'relevance',
  createdAt: 'newest',
  likesCount: 'mostLiked',
  downloadCount: 'mostDownloaded',
};

/**
 * The hits' notes read fresh from Firestore (one getAll), in the hits' order, with their snippet
 * and page; a note gone since it was indexed, or one `keep` refuses, is left out.
 */
export async function notesOfHits(
  hits: SearchHit[],
  keep: (d: DocumentData) => boolean,
): Promise<SearchedNoteView[]> {
  if (hits.length === 0) return [];
  const docs = await db().getAll(...hits.map((h) => db().doc(`notes/${h.id}`)));
  return docs.flatMap((d, i) => {
    const data = d.data();
    if (!data || !keep(data)) return [];
    return [{ ...noteView(d.id, data), snippet: hits[i]!.snippet, page: hits[i]!.page }];
  });
}

/**
 * The hits as the index keeps them to show (their cards, services/search-sync.ts), with their
 * snippets and pages: no Firestore read. A hit without a card of today's shape (indexed before
 * the index kept cards, or when noteView had other fields) is read back from Firestore, and left
 * out when `keep` refuses it there.
 */
async function notesOfCards(
  hits: SearchHit[],
  keep: (d: DocumentData) => boolean,
): Promise<SearchedNoteView[]> {
  const read = await notesOfHits(
    hits.filter((h) => !isNoteView(h.card)),
    keep,
  );
  const readById = new Map(read.map((n) => [n.id, n]));
  return hits.flatMap((h) => {
    if (isNoteView(h.card)) return [{ ...h.card, snippet: h.snippet, page: h.page }];
    const n = readById.get(h.id);
    return n ? [n] : [];
  });
}

/**
 * Browse (`GET /api/notes`). Without a search: approved notes from Firestore, each filter an
 * equality, in the chosen order (this keeps working when the search index is down). With one:
 * the search index (every word, typos forgiven, ranked by relevance unless another sort is
 * chosen, the filters in the same query, `limit` a page and `cursor` the next), the matches,
 * their snippets and the notes to show all from the index, in one transaction: the index lists
 * approved notes only, and the note trigger writes a note's approval or unapproval to it first,
 * so a note leaving public view leaves the results as soon as its trigger runs. Counts and
 * fields are the note's as of its last trigger (the note page reads Firestore itself).
 * The spec's client also refreshes a note with `?search={noteId}`: a query that is a readable
 * note's id returns that note first (read from Firestore). `timing` records the search
 * (`search`) and the notes read back without a card (`read`).
 */
export async function searchNotes(
  caller: Caller | null,
  q: NotesQuery,
  timing = new ServerTiming(),
): Promise<NotesAnswer> {
  if (!q.search) {
    let query: Query = db().collection('notes').where('approved', '==', true);
    if (q.subject) query = query.where('subjectName', '==', q.subject);
    if (q.course) query = query.where('courseName', '==', q.course);
    if (q.semester !== undefined) query = query.where('semester', '==', q.semester);
    if (q.college) query = query.where('collegeName', '==', q.college);
    const order = q.sort === 'relevance' ? 'createdAt' : q.sort;
    const snap = await query.orderBy(order, 'desc').limit(q.limit).get();
    return { notes: snap.docs.map((d) => noteView(d.id, d.data())) };
  }
  const request: SearchRequest = {
    q: q.search,
    filters: {
      subject: q.subject ?? null,
      course: q.course ?? null,
      semester: q.semester ?? null,
      college: q.college ?? null,
    },
    sort: SEARCH_SORT[q.sort],
    limit: q.limit,
    cursor: q.cursor ?? null,
  };
  const raw = q.search.trim();
  const [result, byId] = await Promise.all([
    timing.time('search', () => withSearchDb((client) => search(client, request))),
    // Only on the first page: a later one continues the search's own list.
    NOTE_ID.test(raw) && !q.cursor ? db().doc(`notes/${raw}`).get() : null,
  ]);
  const notes: (NoteView | SearchedNoteView)[] = await timing.time('read', () =>
    notesOfCards(result.hits, (d) => canRead(caller, d)),
  );
  const idNote = byId?.data();
  if (idNote && canRead(caller, idNote) && !notes.some((n) => n.id === raw)) {
    notes.unshift({ ...noteView(raw, idNote), snippet: null, page: null });
  }
  return {
    notes,
    total: result.total,
    nextCursor: result.nextCursor,
    ...(result.didYouMean ? { didYouMean: result.didYouMean } : {}),
  };
}

/**
 * Up to `max` suggestions for the search box (the search index): titles, subjects, courses and
 * colleges of approved notes matching what is typed, the last word as a prefix, titles first.
 */
export async function suggestions(typed: string, max: number): Promise<string[]> {
  return withSearchDb((client) => searchSuggestions(client, typed, max));
}
