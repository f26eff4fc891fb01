/**
 * Every read and write of the Browse screen. The list and the filter options are read over
 * Firestore's REST API with a field mask (shared/firebase/firestore-rest.ts): a note's
 * `searchTerms` (up to 1,000 words) made a 25-note page ~207 KB, nearly all of it terms no card
 * shows, which on a phone network delayed the first cards by about a second; masked, the page is
 * the card fields only (plus `searchTerms` for a multi-word search, which checks the words after
 * the first on the client). Neither Firestore SDK can mask fields, and not loading one for the
 * first view also keeps Firestore Lite (~38 KB gzip) off it. The inline comment view reads the
 * same way (a note's comments, the note re-read after a comment). Likes and downloads are the
 * calls every screen shares (shared/data/likes.ts, downloads.ts: Firestore Lite, loaded when the
 * reader first uses them); comments are their own feature (features/comments).
 *
 * Reads per list page: at most BROWSE_PAGE_SIZE + 1 notes (the extra one only tells whether a
 * next page exists) and one `meta/filterOptions`; for a signed-in reader, also their own like
 * documents of the page's notes, in one batchGet (likes are private: the rules judge each as a
 * `get` of their own like), so the hearts show what they liked.
 *
 * Every query here has its composite index in firestore.indexes.json (browse-query.test.ts) and
 * satisfies firestore.rules (`approved == true` in every notes query), over REST as over the SDK.
 */
import { SEARCH_TIERS, type SearchTier } from '@notenest/shared';
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
  type BrowseNote,
  type FilterOptionLists,
} from './browse-model';
import {
  criteriaFromParams,
  criteriaKey,
  isListedAbove,
  matchesClientTokens,
  nextTier,
  planQuery,
  type BrowseCriteria,
  type QueryPlan,
} from './browse-query';
import { CARD_FIELDS, cursorAfter, toStructuredQuery, type RestCursor } from './browse-rest-query';

export const BROWSE_PAGE_SIZE = 24;

/**
 * A multi-word search checks the words after the first on the client, so a page read from the
 * server may hold fewer matches than a page; up to this many pages are read per load to fill it
 * (only multi-word searches ever read more than one).
 */
const MAX_PAGES_PER_LOAD = 3;

/**
 * Where the next page starts: the search tier, and just after the last note read in it (null:
 * at its start). Opaque to callers.
 */
export interface NotesCursor {
  tier: SearchTier;
  after: RestCursor | null;
}

export interface NotesPage {
  notes: BrowseNote[];
  /** null when there is nothing after this page. */
  next: NotesCursor | null;
}

/**
 * One query's answer (read with `pageSize + 1` as its limit) added to `notes`; returns where the
 * next read starts: further in this tier, at the start of the next one, or nowhere.
 */
function collectPage(
  plan: QueryPlan,
  tier: SearchTier,
  docs: readonly DecodedDocument[],
  pageSize: number,
  notes: BrowseNote[],
): NotesCursor | null {
  const page = docs.slice(0, pageSize);
  for (const doc of page) {
    if (isListedAbove(plan, doc.data['titleTerms'])) continue;
    if (matchesClientTokens(plan, doc.data['searchTerms'])) {
      notes.push(toBrowseNote(doc.id, doc.data));
    }
  }
  const last = page.at(-1);
  if (docs.length > pageSize && last) return { tier, after: cursorAfter(plan, last) };
  const next = nextTier(plan);
  return next ? { tier: next, after: null } : null;
}

async function readNotesPage(
  criteria: BrowseCriteria,
  after: NotesCursor | null,
  pageSize: number,
): Promise<NotesPage> {
  const notes: BrowseNote[] = [];
  let cursor: NotesCursor | null = after ?? { tier: SEARCH_TIERS[0], after: null };
  // A tier that runs out hands over to the next one within the same load.
  for (let pages = 0; cursor && pages < MAX_PAGES_PER_LOAD + 1; pages++) {
    const plan = planQuery(criteria, cursor.tier);
    const docs = await runQuery(toStructuredQuery(plan, pageSize + 1, cursor.after));
    cursor = collectPage(plan, cursor.tier, docs, pageSize, notes);
    if (notes.length >= pageSize) break;
  }
  return { notes, next: cursor };
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

/** The REST query of the first page of `plan` (a first-tier plan). */
function firstPageQueryOf(plan: QueryPlan): StructuredQuery {
  return toStructuredQuery(plan, BROWSE_PAGE_SIZE + 1, null);
}

/** The REST query of the first page for `criteria`. */
export function firstPageQuery(criteria: BrowseCriteria): StructuredQuery {
  return firstPageQueryOf(planQuery(criteria, SEARCH_TIERS[0]));
}

/** The first page of the list with no search, filter or sort in the address: what GET /browse embeds. */
export function defaultFirstPageQuery(): StructuredQuery {
  return firstPageQuery(criteriaFromParams(new URLSearchParams()));
}

/** The embedded page in this document, read once; null when there is none (or it is unreadable). */
let documentPage: EmbeddedFirstPage | null | undefined;
function pageInDocument(): EmbeddedFirstPage | null {
  if (documentPage === undefined) {
    documentPage = null;
    const json =
      typeof document === 'undefined'
        ? null
        : document.getElementById(FIRST_PAGE_ELEMENT_ID)?.textContent;
    try {
      if (json) documentPage = JSON.parse(json) as EmbeddedFirstPage;
    } catch {
      // Not ours to break on: the list is read as usual.
    }
  }
  return documentPage;
}

/**
 * The first page for `criteria` from an embedded answer to exactly its query (`provided` on the
 * server, else this document's), or null. Only a single-query page qualifies: one that would go
 * on to the next search tier is read as usual.
 */
export function embeddedFirstPage(
  criteria: BrowseCriteria,
  provided?: EmbeddedFirstPage | null,
): NotesPage | null {
  const embedded = provided === undefined ? pageInDocument() : provided;
  if (!embedded) return null;
  const plan = planQuery(criteria, SEARCH_TIERS[0]);
  if (JSON.stringify(firstPageQueryOf(plan)) !== JSON.stringify(embedded.query)) return null;
  const notes: BrowseNote[] = [];
  const docs = embedded.documents.map(decodeDocument);
  const next = collectPage(plan, SEARCH_TIERS[0], docs, BROWSE_PAGE_SIZE, notes);
  if (next && next.after === null) return null;
  return { notes, next };
}

/** The app has shown the embedded page: a later visit to Browse reads a fresh one. */
export function forgetEmbeddedFirstPage(): void {
  documentPage = null;
}

/** A first page asked for before the page rendered (prefetchNotesPage), until it is taken. */
let prefetched: { key: string; page: Promise<NotesPage>; at: number } | null = null;
/** A prefetched page older than this is not shown (it was prefetched for a visit long gone). */
const PREFETCH_FRESH_MS = 10_000;

/**
 * Starts reading the first page for the criteria in the address (/browse?q=...) now, for the page
 * to take when it asks (fetchNotesPage): the router calls it when the Browse route starts loading
 * its code, so the list is read while the page's chunks download instead of after. At most one
 * is kept. It may go before a returning user's session has loaded, so without their ID token:
 * the list only ever holds approved notes, which the rules let anyone read, so it is the same.
 */
export function prefetchNotesPage(params: URLSearchParams): void {
  const criteria = criteriaFromParams(params);
  // The server sent this page with the document: nothing to read.
  if (embeddedFirstPage(criteria)) return;
  const page = readNotesPage(criteria, null, BROWSE_PAGE_SIZE);
  page.catch(() => {}); // the page that takes it reports a failure
  prefetched = { key: criteriaKey(criteria), page, at: Date.now() };
}

export function fetchNotesPage(
  criteria: BrowseCriteria,
  after: NotesCursor | null,
  pageSize: number = BROWSE_PAGE_SIZE,
): Promise<NotesPage> {
  const taken = prefetched;
  prefetched = null;
  if (
    taken &&
    after === null &&
    pageSize === BROWSE_PAGE_SIZE &&
    taken.key === criteriaKey(criteria) &&
    Date.now() - taken.at < PREFETCH_FRESH_MS
  ) {
    return taken.page;
  }
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
