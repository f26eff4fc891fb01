/**
 * What a Browse view asks for (search text, four filters, a sort) and how it is answered, as plain
 * data: pure, so the query shapes, their index and the rules they must satisfy are unit-tested
 * without a database (browse-query.test.ts checks every plan against firestore.indexes.json).
 *
 * Two sources (docs/data-model.md "Search"): a search goes to the search engine through the facade
 * (GET /api/notes?search=, browse-search.ts), which finds every word of every note and its file,
 * forgives typos and ranks; without search text the list is one Firestore query (planQuery), so
 * listing and filtering keep working from Firestore when the search index is down. `approved ==
 * true` is always in that query: the rules let anyone read an approved note but are not filters.
 */

export const BROWSE_SORTS = ['relevance', 'newest', 'mostLiked', 'mostDownloaded'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
/** The sorts of a list without search text: Relevance means nothing there. */
export type ListSort = Exclude<BrowseSort, 'relevance'>;
const LIST_SORTS: readonly ListSort[] = ['newest', 'mostLiked', 'mostDownloaded'];

export const SORT_LABELS: Record<BrowseSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  mostLiked: 'Most liked',
  mostDownloaded: 'Most downloaded',
};

/** The note field each list sort orders by, descending. */
export const SORT_FIELDS = {
  newest: 'createdAt',
  mostLiked: 'likesCount',
  mostDownloaded: 'downloadCount',
} as const satisfies Record<ListSort, string>;

/** The facade's `sort` for each sort of a search (GET /api/notes). */
export const SEARCH_SORT_PARAMS = {
  relevance: 'relevance',
  ...SORT_FIELDS,
} as const satisfies Record<BrowseSort, string>;

export interface BrowseFilters {
  subject: string | null;
  course: string | null;
  semester: number | null;
  college: string | null;
}

export type FilterKey = keyof BrowseFilters;
export const FILTER_KEYS: readonly FilterKey[] = ['subject', 'course', 'semester', 'college'];

/** The note field each filter compares with `==`. */
export const FILTER_FIELDS = {
  subject: 'subjectName',
  course: 'courseName',
  semester: 'semester',
  college: 'collegeName',
} as const satisfies Record<FilterKey, string>;

export const NO_FILTERS: BrowseFilters = {
  subject: null,
  course: null,
  semester: null,
  college: null,
};

export interface BrowseCriteria {
  search: string;
  filters: BrowseFilters;
  sort: BrowseSort;
}

export const DEFAULT_CRITERIA: BrowseCriteria = { search: '', filters: NO_FILTERS, sort: 'newest' };

/** Longer search text is cut here: the facade refuses more (shared notesQuery, `search` <= 200). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The text to search for, or '' when there is nothing to search: like the server, a query with
 * no letter or digit has no words (functions/src/search/query-text.ts parseQuery).
 */
export function searchTextOf(search: string): string {
  const text = search.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH).trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

export function isSearch(criteria: BrowseCriteria): boolean {
  return searchTextOf(criteria.search) !== '';
}

/** What the sort menu offers: Relevance only while searching, where it comes first. */
export function sortsFor(searching: boolean): readonly BrowseSort[] {
  return searching ? BROWSE_SORTS : LIST_SORTS;
}

/** The sort a list gets when none is chosen: Relevance while searching, else newest. */
function defaultSort(search: string): BrowseSort {
  return searchTextOf(search) ? 'relevance' : 'newest';
}

/**
 * The criteria with another search text. A sort left at its default follows the text (a list
 * becomes Relevance when a search starts, newest again when it is cleared); one chosen (most
 * liked, most downloaded, newest while searching) stays.
 */
export function withSearch(criteria: BrowseCriteria, search: string): BrowseCriteria {
  const chosen = criteria.sort !== defaultSort(criteria.search);
  return { ...criteria, search, sort: chosen ? criteria.sort : defaultSort(search) };
}

/** The sort actually applied: Relevance without search text is the list's default, newest. */
function effectiveSort(search: string, sort: BrowseSort): BrowseSort {
  return sort === 'relevance' && !searchTextOf(search) ? 'newest' : sort;
}

export type QueryField =
  'approved' | (typeof FILTER_FIELDS)[FilterKey] | (typeof SORT_FIELDS)[ListSort];

export interface QueryClause {
  field: QueryField;
  op: '==';
  value: string | number | boolean;
}

/** One Firestore query: AND of `where` clauses, one `orderBy` (descending). */
export interface QueryPlan {
  where: QueryClause[];
  orderBy: (typeof SORT_FIELDS)[ListSort];
}

/** The Firestore query listing the criteria's notes without search (search text is ignored). */
export function planQuery(criteria: BrowseCriteria): QueryPlan {
  const where: QueryClause[] = [{ field: 'approved', op: '==', value: true }];
  for (const key of FILTER_KEYS) {
    const value = criteria.filters[key];
    if (value !== null) where.push({ field: FILTER_FIELDS[key], op: '==', value });
  }
  const sort = criteria.sort === 'relevance' ? 'newest' : criteria.sort;
  return { where, orderBy: SORT_FIELDS[sort] };
}

/**
 * The facade's query string for a search page (GET /api/notes): the words, the filters, the
 * sort, a page size and where to continue (the previous page's `nextCursor`).
 */
export function searchParamsFor(
  criteria: BrowseCriteria,
  limit: number,
  cursor: string | null,
): URLSearchParams {
  const params = new URLSearchParams({ search: searchTextOf(criteria.search) });
  for (const key of FILTER_KEYS) {
    const value = criteria.filters[key];
    if (value !== null) params.set(key, String(value));
  }
  params.set('sort', SEARCH_SORT_PARAMS[effectiveSort(criteria.search, criteria.sort)]);
  params.set('limit', String(limit));
  if (cursor !== null) params.set('cursor', cursor);
  return params;
}

export function hasActiveFilters(criteria: BrowseCriteria): boolean {
  return isSearch(criteria) || FILTER_KEYS.some((k) => criteria.filters[k] !== null);
}

// ---- the criteria in the address bar (/browse?q=...&subject=...&sort=...) --------------------

const PARAM_NAMES = {
  search: 'q',
  subject: 'subject',
  course: 'course',
  semester: 'semester',
  college: 'college',
  sort: 'sort',
} as const;

/** Criteria from the URL; anything malformed falls back to the default (no crash, no query). */
export function criteriaFromParams(params: URLSearchParams): BrowseCriteria {
  const text = (name: string) => {
    const v = params.get(name)?.trim();
    return v ? v : null;
  };
  const semesterRaw = text(PARAM_NAMES.semester);
  const semester =
    semesterRaw !== null && /^\d{1,2}$/.test(semesterRaw) ? Number(semesterRaw) : null;
  const search = params.get(PARAM_NAMES.search) ?? '';
  const sortRaw = params.get(PARAM_NAMES.sort);
  const sort = (BROWSE_SORTS as readonly string[]).includes(sortRaw ?? '')
    ? effectiveSort(search, sortRaw as BrowseSort)
    : defaultSort(search);
  return {
    search,
    filters: {
      subject: text(PARAM_NAMES.subject),
      course: text(PARAM_NAMES.course),
      semester,
      college: text(PARAM_NAMES.college),
    },
    sort,
  };
}

/** The URL form of criteria: defaults are left out, so /browse stays /browse. */
export function criteriaToParams(criteria: BrowseCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.search !== '') params.set(PARAM_NAMES.search, criteria.search);
  for (const key of FILTER_KEYS) {
    const value = criteria.filters[key];
    if (value !== null) params.set(PARAM_NAMES[key], String(value));
  }
  // Left out when it is the list's default (Relevance while searching, newest otherwise), so
  // typing a search switches a default list to Relevance, while most liked or most downloaded,
  // once chosen, stays as the search changes or is cleared.
  const sort = effectiveSort(criteria.search, criteria.sort);
  if (sort !== defaultSort(criteria.search)) params.set(PARAM_NAMES.sort, sort);
  return params;
}

/** A stable key for "the same list": used to drop results of superseded loads. */
export function criteriaKey(criteria: BrowseCriteria): string {
  // Case and spacing do not change a search's answer; quotes do (a phrase), so they stay.
  return JSON.stringify([
    searchTextOf(criteria.search).toLowerCase(),
    FILTER_KEYS.map((k) => criteria.filters[k]),
    criteria.sort,
  ]);
}
