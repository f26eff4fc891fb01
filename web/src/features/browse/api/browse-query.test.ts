import { describe, expect, it } from 'vitest';
import indexConfig from '../../../../../firestore.indexes.json';
import {
  DEFAULT_CRITERIA,
  FILTER_KEYS,
  NO_FILTERS,
  SEARCH_MAX_LENGTH,
  criteriaFromParams,
  criteriaKey,
  criteriaToParams,
  hasActiveFilters,
  isSearch,
  planQuery,
  searchParamsFor,
  searchTextOf,
  sortsFor,
  withSearch,
  type BrowseCriteria,
  type BrowseFilters,
  type QueryPlan,
} from './browse-query';

describe('planQuery (the list without search text, from Firestore)', () => {
  it('always asks for approved notes, newest first by default', () => {
    expect(planQuery(DEFAULT_CRITERIA)).toEqual({
      where: [{ field: 'approved', op: '==', value: true }],
      orderBy: 'createdAt',
    });
  });

  it('adds each filter as an equality, and orders by the sort field', () => {
    const plan = planQuery({
      search: '',
      filters: { subject: 'Operating Systems', course: 'B.Tech CSE', semester: 4, college: null },
      sort: 'mostLiked',
    });
    expect(plan).toEqual({
      where: [
        { field: 'approved', op: '==', value: true },
        { field: 'subjectName', op: '==', value: 'Operating Systems' },
        { field: 'courseName', op: '==', value: 'B.Tech CSE' },
        { field: 'semester', op: '==', value: 4 },
      ],
      orderBy: 'likesCount',
    });
    expect(planQuery({ ...DEFAULT_CRITERIA, sort: 'mostDownloaded' }).orderBy).toBe(
      'downloadCount',
    );
    // Relevance means nothing to a Firestore list: newest.
    expect(planQuery({ ...DEFAULT_CRITERIA, sort: 'relevance' }).orderBy).toBe('createdAt');
  });
});

describe('a search (the facade, GET /api/notes)', () => {
  it('is text with a letter or a digit in it, spaces tidied, cut at the facade limit', () => {
    expect(searchTextOf('  operating   "page  tables" ')).toBe('operating "page tables"');
    expect(searchTextOf(' -- ')).toBe('');
    expect(searchTextOf('""')).toBe('');
    expect(searchTextOf('CS101')).toBe('CS101');
    expect(searchTextOf('x'.repeat(SEARCH_MAX_LENGTH + 50))).toHaveLength(SEARCH_MAX_LENGTH);
    expect(isSearch({ ...DEFAULT_CRITERIA, search: ' -- ' })).toBe(false);
    expect(isSearch({ ...DEFAULT_CRITERIA, search: 'é' })).toBe(true);
  });

  it('sends the words, the filters, the sort as the facade names it, a page size and a cursor', () => {
    const criteria: BrowseCriteria = {
      search: ' "exam revision"  ',
      filters: { subject: 'Operating Systems', course: null, semester: 4, college: 'IIT & Co' },
      sort: 'relevance',
    };
    expect(searchParamsFor(criteria, 24, null).toString()).toBe(
      'search=%22exam+revision%22&subject=Operating+Systems&semester=4&college=IIT+%26+Co' +
        '&sort=relevance&limit=24',
    );
    const sorts = (['newest', 'mostLiked', 'mostDownloaded'] as const).map((sort) =>
      searchParamsFor({ ...criteria, sort }, 24, 'c1').get('sort'),
    );
    expect(sorts).toEqual(['createdAt', 'likesCount', 'downloadCount']);
    expect(searchParamsFor(criteria, 24, 'opaque:cursor/1').get('cursor')).toBe('opaque:cursor/1');
  });

  it('offers Relevance only while searching, first', () => {
    expect(sortsFor(true)).toEqual(['relevance', 'newest', 'mostLiked', 'mostDownloaded']);
    expect(sortsFor(false)).toEqual(['newest', 'mostLiked', 'mostDownloaded']);
  });
});

describe('criteria in the URL', () => {
  it('round-trips and leaves defaults out', () => {
    const c: BrowseCriteria = {
      search: 'deadlocks',
      filters: { subject: 'Operating Systems', course: null, semester: 4, college: 'IIT & Co' },
      sort: 'mostDownloaded',
    };
    const params = criteriaToParams(c);
    expect(params.toString()).toBe(
      'q=deadlocks&subject=Operating+Systems&semester=4&college=IIT+%26+Co&sort=mostDownloaded',
    );
    expect(criteriaFromParams(params)).toEqual(c);
    expect(criteriaToParams(DEFAULT_CRITERIA).toString()).toBe('');
  });

  it('sorts a search by relevance unless another sort is in the address', () => {
    expect(criteriaFromParams(new URLSearchParams('q=paging')).sort).toBe('relevance');
    expect(
      criteriaToParams({ ...DEFAULT_CRITERIA, search: 'paging', sort: 'relevance' }).toString(),
    ).toBe('q=paging');
    // Newest is no longer the default while searching: it is kept in the address.
    const newest = criteriaToParams({ ...DEFAULT_CRITERIA, search: 'paging', sort: 'newest' });
    expect(newest.toString()).toBe('q=paging&sort=newest');
    expect(criteriaFromParams(newest).sort).toBe('newest');
    expect(criteriaFromParams(new URLSearchParams('q=paging&sort=relevance')).sort).toBe(
      'relevance',
    );
  });

  it('reads Relevance without search text as newest, and writes no sort for it', () => {
    expect(criteriaFromParams(new URLSearchParams('sort=relevance'))).toEqual(DEFAULT_CRITERIA);
    expect(criteriaFromParams(new URLSearchParams('q=%20--&sort=relevance')).sort).toBe('newest');
    // A search cleared (Reset Filters keeps the sort): the address has no sort left.
    expect(criteriaToParams({ ...DEFAULT_CRITERIA, sort: 'relevance' }).toString()).toBe('');
    expect(criteriaToParams({ ...DEFAULT_CRITERIA, sort: 'mostLiked' }).toString()).toBe(
      'sort=mostLiked',
    );
  });

  it('moves a default sort with the search, and keeps a chosen one', () => {
    const list = DEFAULT_CRITERIA;
    const search = withSearch(list, 'paging');
    expect(search).toEqual({ ...list, search: 'paging', sort: 'relevance' });
    expect(criteriaToParams(search).toString()).toBe('q=paging');
    expect(withSearch(search, '')).toEqual(list);
    expect(withSearch(search, 'tlb').sort).toBe('relevance');
    // Chosen: most liked stays either way; newest chosen while searching stays when cleared.
    const liked = { ...list, sort: 'mostLiked' as const };
    expect(withSearch(liked, 'paging').sort).toBe('mostLiked');
    expect(withSearch(withSearch(liked, 'paging'), '').sort).toBe('mostLiked');
    expect(withSearch({ ...search, sort: 'newest' }, 'tlb').sort).toBe('newest');
    expect(withSearch({ ...search, sort: 'newest' }, '').sort).toBe('newest');
  });

  it('reads malformed values as the defaults', () => {
    expect(criteriaFromParams(new URLSearchParams('semester=x&sort=best&subject=%20'))).toEqual(
      DEFAULT_CRITERIA,
    );
  });

  it('keys lists by what the query means, not how it was typed', () => {
    const search = (text: string) => criteriaKey({ ...DEFAULT_CRITERIA, search: text });
    expect(search('Deadlocks ')).toBe(search('deadlocks'));
    expect(search('page  tables')).toBe(search('page tables'));
    // A phrase is not the same search as its words.
    expect(search('"page tables"')).not.toBe(search('page tables'));
    expect(search(' -- ')).toBe(criteriaKey(DEFAULT_CRITERIA));
    expect(criteriaKey({ ...DEFAULT_CRITERIA, sort: 'mostLiked' })).not.toBe(
      criteriaKey(DEFAULT_CRITERIA),
    );
    expect(hasActiveFilters(DEFAULT_CRITERIA)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_CRITERIA, search: ' -- ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_CRITERIA, search: 'os' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_CRITERIA, filters: { ...NO_FILTERS, semester: 1 } })).toBe(
      true,
    );
  });
});

// ---- every Browse query has its index -------------------------------------------------------

interface IndexField {
  fieldPath: string;
  order?: string;
  arrayConfig?: string;
}

interface CompositeIndex {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}

const notesIndexes = (indexConfig.indexes as CompositeIndex[]).filter(
  (i) => i.collectionGroup === 'notes' && i.queryScope === 'COLLECTION',
);

/** How a query clause must appear in an index: an equality, in either order. */
function fits(clause: QueryPlan['where'][number], field: IndexField): boolean {
  return clause.field === field.fieldPath && field.order !== undefined;
}

/**
 * Indexes that can serve the plan: an index whose fields are some of the query's clauses
 * followed by the sort field (descending). Firestore serves the query from one such index that
 * holds every clause, or by merging several (zig-zag merge join over indexes with the same sort
 * suffix, docs/data-model.md "Indexes") whose clauses together cover the query's.
 */
function servingIndexes(plan: QueryPlan): CompositeIndex[] | null {
  const usable = notesIndexes.filter((index) => {
    const sort = index.fields.at(-1);
    if (sort?.fieldPath !== plan.orderBy || sort.order !== 'DESCENDING') return false;
    return index.fields.slice(0, -1).every((f) => plan.where.some((c) => fits(c, f)));
  });
  const covered = (c: QueryPlan['where'][number]) =>
    usable.some((index) => index.fields.slice(0, -1).some((f) => fits(c, f)));
  const exact = usable.find((index) => index.fields.length === plan.where.length + 1);
  if (exact) return [exact];
  return plan.where.every(covered) && usable.length > 0 ? usable : null;
}

function allCriteria(): BrowseCriteria[] {
  const values: BrowseFilters = {
    subject: 'Operating Systems',
    course: 'B.Tech CSE',
    semester: 4,
    college: 'Delhi Technological University',
  };
  const out: BrowseCriteria[] = [];
  for (let mask = 0; mask < 1 << FILTER_KEYS.length; mask++) {
    const filters = { ...NO_FILTERS };
    FILTER_KEYS.forEach((k, i) => {
      if (mask & (1 << i)) (filters as Record<string, unknown>)[k] = values[k];
    });
    for (const sort of sortsFor(false)) out.push({ search: '', filters, sort });
  }
  return out;
}

describe('firestore.indexes.json', () => {
  it('serves every Browse list (4 filters x 3 sorts)', () => {
    const missing = allCriteria()
      .map((c) => planQuery(c))
      .filter((plan) => servingIndexes(plan) === null)
      .map((p) => `${p.where.map((c) => c.field).join('+')} by ${p.orderBy}`);
    expect(missing).toEqual([]);
  });

  it('has an exact index for the queries with at most one filter', () => {
    for (const c of allCriteria()) {
      const plan = planQuery(c);
      if (plan.where.length - 1 <= 1) expect(servingIndexes(plan)).toHaveLength(1);
    }
  });
});
