/**
 * Every read and write of the Browse screen. A search (text with a word in it) asks the search
 * engine through the facade, GET /api/notes?search= (docs/data-model.md "Search": every word of
 * every note and its file, typos forgiven, ranked, with snippets). The list without search text,
 * and the filter options, are read over Firestore's REST API with a field mask
 * (shared/firebase/firestore-rest.ts): the card fields only, since neither Firestore SDK can mask
 * fields, and not loading one for the first view also keeps Firestore Lite (~38 KB gzip) off it;
 * it keeps working when the search index is down. The inline comment view reads the same way (a
 * note's comments, the note re-read after a comment). Likes and downloads are the calls every
 * screen shares (shared/data/likes.ts, downloads.ts: Firestore Lite, loaded when the reader
 * first uses them); comments are their own feature (features/comments).
 *
 * Reads per list page: at most BROWSE_PAGE_SIZE + 1 notes (the extra one only tells whether a
 * next page exists) and one `meta/filterOptions`; for a signed-in reader, also their own like
 * documents of the page's notes, in one batchGet (likes are private: the rules judge each as a
 * `get` of their own like), so the hearts show what they liked. A search page is one facade call
 * (no Firestore read).
 *
 * Every Firestore query here has its composite index in firestore.indexes.json
 * (browse-query.test.ts) and satisfies firestore.rules (`approved == true` in every notes query),
 * over REST as over the SDK.
 */
import { callFacade } from '../../../shared/http/facade';
import { prefetchSlot } from '../../../shared/utils/prefetch-slot';
import { embeddedData } from '../../../shared/utils/embedded-data';
import {
  decodeDocument,
  getDocument,
  runQuery,
  type DecodedDocument,
  type RestDocument,
  type StructuredQuery,
} from '../../../shared/firebase/firestore-rest';
import {
  toBrowseNote,
  toFilterOptions,
  toSearchAnswer,
  type BrowseNote,
  type FilterOptionLists,
} from './browse-model';
import {
  criteriaFromParams,
  criteriaKey,
  isSearch,
  planQuery,
  searchParamsFor,
  type BrowseCriteria,
  type QueryPlan,
} from './browse-query';
import { CARD_FIELDS, cursorAfter, toStructuredQuery, type RestCursor } from './browse-rest-query';

export const BROWSE_PAGE_SIZE = 24;

/**
 * Where the next page starts: just after the last note of a Firestore list, or the search's own
 * cursor (the facade's nextCursor). Opaque to callers.
 */
export type NotesCursor =
  { source: 'firestore'; after: RestCursor } | { source: 'search'; cursor: string };

export interface NotesPage {
  notes: BrowseNote[];
  /** null when there is nothing after this page. */
  next: NotesCursor | null;
  /** A search that found nothing: a corrected query that finds notes, or null. */
  didYouMean: string | null;
}

/** One query's answer (read with `pageSize + 1` as its limit) as a page. */
function collectPage(
  plan: QueryPlan,
  docs: readonly DecodedDocument[],
  pageSize: number,
): NotesPage {
  const page = docs.slice(0, pageSize);
  const last = page.at(-1);
  return {
    notes: page.map((doc) => toBrowseNote(doc.id, doc.data)),
    next:
      docs.length > pageSize && last
        ? { source: 'firestore', after: cursorAfter(plan, last) }
        : null,
    didYouMean: null,
  };
}

/**
 * A page of a search, from the facade. Sent without the reader's ID token: Browse lists approved
 * notes to everyone alike (an admin's token could bring pending ones, which Browse never shows),
 * and a visitor's page never waits for the Auth SDK to load.
 */
async function readSearchPage(
  criteria: BrowseCriteria,
  cursor: string | null,
  pageSize: number,
): Promise<NotesPage> {
  const query = searchParamsFor(criteria, pageSize, cursor);
  const answer = toSearchAnswer(
    await callFacade<unknown>(`/api/notes?${query}`, { method: 'GET' }),
  );
  return {
    notes: answer.notes,
    next: answer.nextCursor === null ? null : { source: 'search', cursor: answer.nextCursor },
    didYouMean: answer.didYouMean,
  };
}

async function readNotesPage(
  criteria: BrowseCriteria,
  after: NotesCursor | null,
  pageSize: number,
): Promise<NotesPage> {
  if (isSearch(criteria)) {
    return readSearchPage(criteria, after?.source === 'search' ? after.cursor : null, pageSize);
  }
  const plan = planQuery(criteria);
  const start = after?.source === 'firestore' ? after.after : null;
  // Approved notes only, which the rules let anyone read: no need to wait for a returning
  // user's session (their token would not change the answer).
  const docs = await runQuery(toStructuredQuery(plan, pageSize + 1, start), '', {
    anonymous: true,
  });
  return collectPage(plan, docs, pageSize);
}

/**
 * Browse's first page as the server sent it (functions' GET /browse renders the page with it):
 * the REST answer to the first page's query, in the document as JSON, so the cards are in the
 * HTML itself and the app starts from the very same list without reading it again.
 */
export interface EmbeddedFirstPage {
  query: StructuredQuery;
  documents: RestDocument[];
}

export const FIRST_PAGE_ELEMENT_ID = 'nn-browse-first-page';

/** The REST query of the first page of `plan`. */
function firstPageQueryOf(plan: QueryPlan): StructuredQuery {
  return toStructuredQuery(plan, BROWSE_PAGE_SIZE + 1, null);
}

/** The REST query of the first page for `criteria` (a list without search text). */
export function firstPageQuery(criteria: BrowseCriteria): StructuredQuery {
  return firstPageQueryOf(planQuery(criteria));
}

/** The first page of the list with no search, filter or sort in the address: what GET /browse embeds. */
export function defaultFirstPageQuery(): StructuredQuery {
  return firstPageQuery(criteriaFromParams(new URLSearchParams()));
}

/** The embedded page in this document. */
const documentPage = embeddedData<EmbeddedFirstPage>(FIRST_PAGE_ELEMENT_ID);

/**
 * The first page for `criteria` from an embedded answer to exactly its query (`provided` on the
 * server, else this document's), or null. A search never qualifies: it is the facade's to answer.
 */
export function embeddedFirstPage(
  criteria: BrowseCriteria,
  provided?: EmbeddedFirstPage | null,
): NotesPage | null {
  const embedded = provided === undefined ? documentPage.read() : provided;
  if (!embedded || isSearch(criteria)) return null;
  const plan = planQuery(criteria);
  if (JSON.stringify(firstPageQueryOf(plan)) !== JSON.stringify(embedded.query)) return null;
  return collectPage(plan, embedded.documents.map(decodeDocument), BROWSE_PAGE_SIZE);
}

/** The app has shown the embedded page: a later visit to Browse reads a fresh one. */
export function forgetEmbeddedFirstPage(): void {
  documentPage.forget();
}

/** A first page asked for before the page rendered (prefetchNotesPage), until it is taken. */
const prefetched = prefetchSlot<NotesPage>();

/**
 * Starts reading the first page for the criteria in the address (/browse?q=...) now, for the page
 * to take when it asks (fetchNotesPage): the router calls it when the Browse route starts loading
 * its code, so the list is read while the page's chunks download instead of after. At most one
 * is kept. It goes without the reader's ID token (readNotesPage), so it does not wait for a
 * returning user's session.
 */
export function prefetchNotesPage(params: URLSearchParams): void {
  const criteria = criteriaFromParams(params);
  // The server sent this page with the document: nothing to read.
  if (embeddedFirstPage(criteria)) return;
  prefetched.keep(criteriaKey(criteria), readNotesPage(criteria, null, BROWSE_PAGE_SIZE));
}

export function fetchNotesPage(
  criteria: BrowseCriteria,
  after: NotesCursor | null,
  pageSize: number = BROWSE_PAGE_SIZE,
): Promise<NotesPage> {
  const taken = prefetched.take(criteriaKey(criteria));
  if (taken && after === null && pageSize === BROWSE_PAGE_SIZE) return taken;
  return readNotesPage(criteria, after, pageSize);
}

/** The dropdown options (one document, maintained by the facade). Empty lists when missing. */
export async function fetchFilterOptions(): Promise<FilterOptionLists> {
  const doc = await getDocument('meta/filterOptions');
  return toFilterOptions(doc?.data);
}

/** One note, re-read after a comment (the spec's "the note is re-fetched"); null if gone. */
export async function fetchNote(noteId: string): Promise<BrowseNote | null> {
  const doc = await getDocument(`notes/${noteId}`, [...CARD_FIELDS, 'approved']);
  return doc && doc.data['approved'] === true ? toBrowseNote(doc.id, doc.data) : null;
}
