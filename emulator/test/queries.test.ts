/**
 * Queries through every client: each operator, AND/OR composites, multi-field inequalities,
 * several orderBy with the implicit __name__ order, all four cursors (values and snapshots),
 * limit, limitToLast, offset and select (admin), and count/sum/avg aggregations.
 * Expected results are in server order (ids), which the documented rules fully determine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_KINDS, useFixture } from './support/fixture.js';
import { uniq } from './support/context.js';
import type { Data, QuerySpec } from './support/spec.js';

const fx = useFixture();
const C = uniq('q');

const DOCS: Record<string, Data> = {
  d1: { n: 1, s: 'a', tags: ['x'], grp: 'g1', f: 1.5, m: { k: 'v' } },
  d2: { n: 2, s: 'b', tags: ['y'], grp: 'g1', f: 2.5 },
  d3: { n: 3, s: 'c', tags: ['x', 'y'], grp: 'g2' },
  d4: { n: 4, s: 'd', tags: [], grp: 'g2', f: 4 },
  d5: { n: 5, s: 'e', tags: ['z'], grp: 'g3', f: 'str' },
  d6: { n: 5, s: 'f', tags: ['x', 'z'], grp: 'g3', f: 6 },
  d7: { n: 7, s: 'g', grp: 'g1', f: null },
  d8: { s: 'h', grp: 'g2' },
};

beforeAll(async () => {
  const admin = await fx.admin();
  await admin.batch(
    Object.entries(DOCS).map(([id, data]) => ({ op: 'set' as const, path: `${C}/${id}`, data })),
  );
});

type Case = [name: string, spec: Omit<QuerySpec, 'collection'>, ids: string[]];

const CASES: Case[] = [
  ['all, implicit __name__ order', {}, ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8']],
  ['==', { where: [{ field: 'n', op: '==', value: 5 }] }, ['d5', 'd6']],
  [
    '!= (implies orderBy n; missing field excluded)',
    { where: [{ field: 'n', op: '!=', value: 5 }] },
    ['d1', 'd2', 'd3', 'd4', 'd7'],
  ],
  ['<', { where: [{ field: 'n', op: '<', value: 3 }] }, ['d1', 'd2']],
  ['<=', { where: [{ field: 'n', op: '<=', value: 3 }] }, ['d1', 'd2', 'd3']],
  ['>', { where: [{ field: 'n', op: '>', value: 4 }] }, ['d5', 'd6', 'd7']],
  ['>=', { where: [{ field: 'n', op: '>=', value: 5 }] }, ['d5', 'd6', 'd7']],
  ['in', { where: [{ field: 'n', op: 'in', value: [1, 7, 99] }] }, ['d1', 'd7']],
  [
    'not-in (ordered by n)',
    { where: [{ field: 'n', op: 'not-in', value: [1, 5] }] },
    ['d2', 'd3', 'd4', 'd7'],
  ],
  [
    'array-contains',
    { where: [{ field: 'tags', op: 'array-contains', value: 'x' }] },
    ['d1', 'd3', 'd6'],
  ],
  [
    'array-contains-any',
    { where: [{ field: 'tags', op: 'array-contains-any', value: ['y', 'z'] }] },
    ['d2', 'd3', 'd5', 'd6'],
  ],
  ['nested field (dotted)', { where: [{ field: 'm.k', op: '==', value: 'v' }] }, ['d1']],
  ['nested field (FieldPath)', { where: [{ field: ['m', 'k'], op: '==', value: 'v' }] }, ['d1']],
  [
    'two equalities',
    {
      where: [
        { field: 'grp', op: '==', value: 'g1' },
        { field: 's', op: '==', value: 'b' },
      ],
    },
    ['d2'],
  ],
  [
    'AND composite',
    {
      where: [
        {
          and: [
            { field: 'grp', op: '==', value: 'g1' },
            { field: 'n', op: '>', value: 1 },
          ],
        },
      ],
    },
    ['d2', 'd7'],
  ],
  [
    'OR composite',
    {
      where: [
        {
          or: [
            { field: 'n', op: '==', value: 1 },
            { field: 's', op: '==', value: 'g' },
          ],
        },
      ],
    },
    ['d1', 'd7'],
  ],
  [
    'OR of ANDs',
    {
      where: [
        {
          or: [
            {
              and: [
                { field: 'grp', op: '==', value: 'g2' },
                { field: 'n', op: '>=', value: 4 },
              ],
            },
            {
              and: [
                { field: 'grp', op: '==', value: 'g3' },
                { field: 's', op: '==', value: 'f' },
              ],
            },
          ],
        },
      ],
    },
    ['d4', 'd6'],
  ],
  [
    'inequalities on two fields (implicit order n, s, __name__)',
    {
      where: [
        { field: 'n', op: '>', value: 1 },
        { field: 's', op: '<', value: 'f' },
      ],
    },
    ['d2', 'd3', 'd4', 'd5'],
  ],
  [
    'orderBy asc, ties by __name__',
    { orderBy: [['n']] },
    ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'],
  ],
  [
    'orderBy desc, ties by __name__ desc',
    { orderBy: [['n', 'desc']] },
    ['d7', 'd6', 'd5', 'd4', 'd3', 'd2', 'd1'],
  ],
  [
    'several orderBy',
    { orderBy: [['grp'], ['n', 'desc']] },
    ['d7', 'd2', 'd1', 'd4', 'd3', 'd6', 'd5'],
  ],
  ['orderBy __name__ desc', { orderBy: [['__name__', 'desc']], limit: 2 }, ['d8', 'd7']],
  ['__name__ >', { where: [{ field: '__name__', op: '>', value: 'd6' }] }, ['d7', 'd8']],
  [
    '__name__ in',
    { where: [{ field: '__name__', op: 'in', value: ['d2', 'd4', 'nope'] }] },
    ['d2', 'd4'],
  ],
  ['limit', { orderBy: [['n']], limit: 3 }, ['d1', 'd2', 'd3']],
  ['limitToLast', { orderBy: [['n']], limitToLast: 2 }, ['d6', 'd7']],
  ['limitToLast with desc', { orderBy: [['n', 'desc']], limitToLast: 2 }, ['d2', 'd1']],
  ['startAt value', { orderBy: [['n']], startAt: { values: [5] } }, ['d5', 'd6', 'd7']],
  ['startAfter value', { orderBy: [['n']], startAfter: { values: [5] } }, ['d7']],
  ['endAt value', { orderBy: [['n']], endAt: { values: [3] } }, ['d1', 'd2', 'd3']],
  ['endBefore value', { orderBy: [['n']], endBefore: { values: [3] } }, ['d1', 'd2']],
  [
    'startAfter (value, id)',
    { orderBy: [['n'], ['__name__']], startAfter: { values: [5, 'd5'] } },
    ['d6', 'd7'],
  ],
  ['startAt snapshot', { orderBy: [['n']], startAt: { doc: `${C}/d6` } }, ['d6', 'd7']],
  ['startAfter snapshot', { orderBy: [['n']], startAfter: { doc: `${C}/d5` } }, ['d6', 'd7']],
  [
    'endAt snapshot',
    { orderBy: [['n']], endAt: { doc: `${C}/d5` } },
    ['d1', 'd2', 'd3', 'd4', 'd5'],
  ],
  [
    'endBefore snapshot',
    { orderBy: [['n']], endBefore: { doc: `${C}/d6` } },
    ['d1', 'd2', 'd3', 'd4', 'd5'],
  ],
  [
    'cursor + limit (pagination)',
    { orderBy: [['s']], startAfter: { values: ['c'] }, limit: 2 },
    ['d4', 'd5'],
  ],
  [
    'startAt + endBefore desc',
    { orderBy: [['n', 'desc']], startAt: { values: [5] }, endBefore: { values: [2] } },
    ['d6', 'd5', 'd4', 'd3'],
  ],
  [
    'filter + orderBy + limit',
    {
      where: [{ field: 'grp', op: 'in', value: ['g1', 'g3'] }],
      orderBy: [['s', 'desc']],
      limit: 3,
    },
    ['d7', 'd6', 'd5'],
  ],
];

describe.each(ALL_KINDS)('queries via %s', (kind) => {
  it.each(CASES)('%s', async (_name, spec, ids) => {
    const d = await fx.driver(kind);
    const r = await d.query({ collection: C, ...spec });
    expect(r.docs.map((x) => x.id)).toEqual(ids);
    for (const doc of r.docs) expect(doc.data).toEqual(DOCS[doc.id]);
  });

  it('aggregations: count, sum, avg (non-numbers ignored, empty avg is null)', async () => {
    const d = await fx.driver(kind);
    expect(await d.aggregate({ collection: C }, { c: ['count'] })).toEqual({ c: 8 });
    expect(
      await d.aggregate(
        { collection: C, where: [{ field: 'n', op: '>=', value: 5 }] },
        { c: ['count'] },
      ),
    ).toEqual({
      c: 3,
    });
    expect(
      await d.aggregate({ collection: C, orderBy: [['n']], limit: 3 }, { c: ['count'] }),
    ).toEqual({ c: 3 });
    // At most 5 aggregations per request (documented limit).
    const r = await d.aggregate(
      { collection: C },
      { c: ['count'], sn: ['sum', 'n'], an: ['avg', 'n'], sf: ['sum', 'f'], af: ['avg', 'f'] },
    );
    expect(r).toEqual({ c: 8, sn: 27, an: 27 / 7, sf: 14, af: 3.5 });
    expect(
      await d.aggregate({ collection: C }, { ax: ['avg', 'nope'], sx: ['sum', 'nope'] }),
    ).toEqual({ ax: null, sx: 0 });
    expect(
      await d.aggregate(
        { collection: C, where: [{ field: 'grp', op: '==', value: 'g1' }] },
        { s: ['sum', 'n'], a: ['avg', 'f'] },
      ),
    ).toEqual({ s: 10, a: 2 });
  });
});

describe('admin-only query features', () => {
  it('offset, with and without limit', async () => {
    const d = await fx.admin();
    expect(
      (await d.query({ collection: C, orderBy: [['n']], offset: 2 })).docs.map((x) => x.id),
    ).toEqual(['d3', 'd4', 'd5', 'd6', 'd7']);
    expect(
      (await d.query({ collection: C, orderBy: [['n']], offset: 2, limit: 2 })).docs.map(
        (x) => x.id,
      ),
    ).toEqual(['d3', 'd4']);
    expect((await d.query({ collection: C, offset: 10 })).docs).toEqual([]);
  });

  it('select returns only the projected fields', async () => {
    const d = await fx.admin();
    const r = await d.query({
      collection: C,
      where: [{ field: 'grp', op: '==', value: 'g1' }],
      select: ['s', 'm.k'],
    });
    expect(r.docs.map((x) => [x.id, x.data])).toEqual([
      ['d1', { s: 'a', m: { k: 'v' } }],
      ['d2', { s: 'b' }],
      ['d7', { s: 'g' }],
    ]);
    const names = await d.query({ collection: C, orderBy: [['n']], limit: 2, select: [] });
    expect(names.docs.map((x) => [x.id, x.data])).toEqual([
      ['d1', {}],
      ['d2', {}],
    ]);
  });

  it('count() shorthand', async () => {
    const d = await fx.admin();
    const r = await d.db.collection(C).where('grp', '==', 'g2').count().get();
    expect(r.data().count).toBe(3);
  });
});
