/**
 * What a Browse view asks for (search text, four filters, a sort) and the one Firestore query that
 * answers it, as plain data: pure, so the query shape, its index and the rules it must satisfy are
 * unit-tested without a database (browse-query.test.ts checks every plan against
 * firestore.indexes.json).
 *
 * Search (docs/data-model.md "Search"): the typed text is tokenized like `notes.searchTerms`; the
 * first (longest, most selective) token goes to the server as `searchTerms array-contains`, the
 * others are checked on each result's terms. `approved == true` is always in the query: the rules
 * let anyone read an approved note but are not filters.
 */
import { SEARCH_TIERS, matchesSearch, queryTokens, type SearchTier } from '@notenest/shared';

export const BROWSE_SORTS = ['newest', 'mostLiked', 'mostDownloaded'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

export const SORT_LABELS: Record<BrowseSort, string> = {
  newest: 'Newest',
  mostLiked: 'Most liked',
  mostDownloaded: 'Most downloaded',
};

/** The note field each sort orders by, descending. */
export const SORT_FIELDS = {
  newest: 'createdAt',
  mostLiked: 'likesCount',
  mostDownloaded: 'downloadCount',
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

export type QueryField =
  'approved' | (typeof FILTER_FIELDS)[FilterKey] | SearchTier | (typeof SORT_FIELDS)[BrowseSort];

export interface QueryClause {
  field: QueryField;
  op: '==' | 'array-contains';
  value: string | number | boolean;
}

/** One Firestore query: AND of `where` clauses, one `orderBy` (descending). */
export interface QueryPlan {
  where: QueryClause[];
  orderBy: (typeof SORT_FIELDS)[BrowseSort];
  /** Query tokens the server did not check; results must contain them all (matchesSearch). */
  clientTokens: string[];
  /**
   * A search's tier (SEARCH_TIERS, best first). The second also returns the notes the first
   * listed: those whose titleTerms hold `token` are skipped there (isListedAbove).
   */
  search?: { tier: SearchTier; token: string };
}

/**
 * The query for the criteria; a search queries one tier (docs/data-model.md "Search": title,
 * subject and course first, then every field and the file's words), the first by default.
 */
export function planQuery(criteria: BrowseCriteria, tier: SearchTier = 'titleTerms'): QueryPlan {
  const where: QueryClause[] = [{ field: 'approved', op: '==', value: true }];
  for (const key of FILTER_KEYS) {
    const value = criteria.filters[key];
    if (value !== null) where.push({ field: FILTER_FIELDS[key], op: '==', value });
  }
  const [serverToken, ...clientTokens] = queryTokens(criteria.search);
  if (serverToken === undefined)
    return { where, orderBy: SORT_FIELDS[criteria.sort], clientTokens };
  where.push({ field: tier, op: 'array-contains', value: serverToken });
  return {
    where,
    orderBy: SORT_FIELDS[criteria.sort],
    clientTokens,
    search: { tier, token: serverToken },
  };
}

/** The next tier of a search after `plan`'s, or null (the last, or not a search). */
export function nextTier(plan: QueryPlan): SearchTier | null {
  if (!plan.search) return null;
  return SEARCH_TIERS[SEARCH_TIERS.indexOf(plan.search.tier) + 1] ?? null;
}

/** In a later tier: whether the note was already listed by the first (its titleTerms match). */
export function isListedAbove(plan: QueryPlan, titleTerms: unknown): boolean {
  if (!plan.search || plan.search.tier === SEARCH_TIERS[0]) return false;
  return Array.isArray(titleTerms) && titleTerms.includes(plan.search.token);
}

/** The client-side half of a search: does a fetched note hold the tokens the query could not? */
export function matchesClientTokens(plan: QueryPlan, searchTerms: unknown): boolean {
  if (plan.clientTokens.length === 0) return true;
  const terms = Array.isArray(searchTerms)
    ? searchTerms.filter((t): t is string => typeof t === 'string')
    : undefined;
  return matchesSearch(terms, plan.clientTokens);
}

export function hasActiveFilters(criteria: BrowseCriteria): boolean {
  return criteria.search.trim() !== '' || FILTER_KEYS.some((k) => criteria.filters[k] !== null);
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
  const sortRaw = params.get(PARAM_NAMES.sort);
  const sort = (BROWSE_SORTS as readonly string[]).includes(sortRaw ?? '')
    ? (sortRaw as BrowseSort)
    : DEFAULT_CRITERIA.sort;
  return {
    search: params.get(PARAM_NAMES.search) ?? '',
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
  if (criteria.sort !== DEFAULT_CRITERIA.sort) params.set(PARAM_NAMES.sort, criteria.sort);
  return params;
}

/** A stable key for "the same list": used to drop results of superseded loads. */
export function criteriaKey(criteria: BrowseCriteria): string {
  return JSON.stringify([
    queryTokens(criteria.search),
    FILTER_KEYS.map((k) => criteria.filters[k]),
    criteria.sort,
  ]);
}
