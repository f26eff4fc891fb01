import { describe, expect, it } from 'vitest';
import { SEARCH_TIERS, searchTermsFor, titleTermsFor } from '@notenest/shared';
import indexConfig from '../../../../../firestore.indexes.json';
import {
  BROWSE_SORTS,
  DEFAULT_CRITERIA,
  FILTER_KEYS,
  NO_FILTERS,
  criteriaFromParams,
  criteriaKey,
  criteriaToParams,
  hasActiveFilters,
  isListedAbove,
  matchesClientTokens,
  nextTier,
  planQuery,
  type BrowseCriteria,
  type BrowseFilters,
  type QueryPlan,
} from './browse-query';

describe('planQuery', () => {
  it('always asks for approved notes, newest first by default', () => {
    expect(planQuery(DEFAULT_CRITERIA)).toEqual({
      where: [{ field: 'approved', op: '==', value: true }],
      orderBy: 'createdAt',
      clientTokens: [],
    });
  });

  it('adds each filter as an equality and the longest search token as array-contains', () => {
    const plan = planQuery({
      search: '  Operating   sys ',
      filters: { subject: 'Operating Systems', course: 'B.Tech CSE', semester: 4, college: null },
      sort: 'mostLiked',
    });
    expect(plan.where).toEqual([
      { field: 'approved', op: '==', value: true },
      { field: 'subjectName', op: '==', value: 'Operating Systems' },
      { field: 'courseName', op: '==', value: 'B.Tech CSE' },
      { field: 'semester', op: '==', value: 4 },
      { field: 'titleTerms', op: 'array-contains', value: 'operating' },
    ]);
    expect(plan.orderBy).toBe('likesCount');
    expect(plan.clientTokens).toEqual(['sys']);
    expect(planQuery({ ...DEFAULT_CRITERIA, sort: 'mostDownloaded' }).orderBy).toBe(
      'downloadCount',
    );
  });

  it('checks the other tokens against the note terms (prefix-aware, case-insensitive)', () => {
    const terms = searchTermsFor({ title: 'Process Scheduling', subjectName: 'Operating Systems' });
    const plan = planQuery({ ...DEFAULT_CRITERIA, search: 'OPERATING sched' }, 'searchTerms');
    expect(plan.where.at(-1)).toEqual({
      field: 'searchTerms',
      op: 'array-contains',
      value: 'operating',
    });
    expect(matchesClientTokens(plan, terms)).toBe(true);
    expect(
      matchesClientTokens(planQuery({ ...DEFAULT_CRITERIA, search: 'sched gantt' }), terms),
    ).toBe(false);
    expect(matchesClientTokens(plan, undefined)).toBe(false);
    expect(matchesClientTokens(planQuery(DEFAULT_CRITERIA), undefined)).toBe(true);
  });

  it('ranks a search in two tiers: title, subject and course, then everything', () => {
    const search = { ...DEFAULT_CRITERIA, search: 'paging' };
    const first = planQuery(search);
    expect(first.search).toEqual({ tier: 'titleTerms', token: 'paging' });
    expect(nextTier(first)).toBe('searchTerms');
    const second = planQuery(search, nextTier(first)!);
    expect(second.where.at(-1)).toEqual({
      field: 'searchTerms',
      op: 'array-contains',
      value: 'paging',
    });
    expect(nextTier(second)).toBeNull();
    expect(nextTier(planQuery(DEFAULT_CRITERIA))).toBeNull();
    // The second tier skips what the first listed (its titleTerms hold the token), only there.
    const titled = titleTermsFor({ title: 'Paging and TLBs' });
    expect(isListedAbove(second, titled)).toBe(true);
    expect(isListedAbove(second, titleTermsFor({ title: 'Memory' }))).toBe(false);
    expect(isListedAbove(first, titled)).toBe(false);
  });

  it('ignores punctuation-only search text', () => {
    expect(planQuery({ ...DEFAULT_CRITERIA, search: ' -- ' }).where).toHaveLength(1);
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

  it('reads malformed values as the defaults', () => {
    expect(criteriaFromParams(new URLSearchParams('semester=x&sort=best&subject=%20'))).toEqual(
      DEFAULT_CRITERIA,
    );
  });

  it('keys lists by what the query means, not how it was typed', () => {
    expect(criteriaKey({ ...DEFAULT_CRITERIA, search: 'Deadlocks ' })).toBe(
      criteriaKey({ ...DEFAULT_CRITERIA, search: 'deadlocks' }),
    );
    expect(criteriaKey({ ...DEFAULT_CRITERIA, sort: 'mostLiked' })).not.toBe(
      criteriaKey(DEFAULT_CRITERIA),
    );
    expect(hasActiveFilters(DEFAULT_CRITERIA)).toBe(false);
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

/** How a query clause must appear in an index: equality in either order, array-contains as CONTAINS. */
function fits(clause: QueryPlan['where'][number], field: IndexField): boolean {
  if (clause.field !== field.fieldPath) return false;
  return clause.op === 'array-contains'
    ? field.arrayConfig === 'CONTAINS'
    : field.order !== undefined;
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
    for (const search of ['', 'deadlock', 'banker deadlock'])
      for (const sort of BROWSE_SORTS) out.push({ search, filters, sort });
  }
  return out;
}

describe('firestore.indexes.json', () => {
  it('serves every Browse query (4 filters x search x 3 sorts)', () => {
    const missing = allCriteria()
      .flatMap((c) => SEARCH_TIERS.map((tier) => planQuery(c, tier)))
      .filter((plan) => servingIndexes(plan) === null)
      .map((p) => `${p.where.map((c) => c.field).join('+')} by ${p.orderBy}`);
    expect(missing).toEqual([]);
  });

  it('has an exact index for the queries with at most one filter', () => {
    for (const c of allCriteria()) {
      for (const tier of SEARCH_TIERS) {
        const plan = planQuery(c, tier);
        const filters = plan.where.filter((w) => w.op === '==').length - 1;
        if (filters <= 1) expect(servingIndexes(plan)).toHaveLength(1);
      }
    }
  });
});
