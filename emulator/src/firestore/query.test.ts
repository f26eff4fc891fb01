import { describe, expect, it } from 'vitest';
import { compileQuery, executeQuery, matchesQuery, projectDocument } from './query.js';
import { DatabaseStore, type StoredDoc } from './store.js';
import { formatMicros } from './timestamps.js';
import type { Fields, Filter, StructuredQuery, Value } from './types.js';

const ROOT = 'projects/p/databases/(default)/documents';
const int = (n: number): Value => ({ integerValue: String(n) });
const str = (s: string): Value => ({ stringValue: s });
const arr = (...v: Value[]): Value => ({ arrayValue: { values: v } });

let tick = 1_000_000_000n;
function put(store: DatabaseStore, path: string, fields: Fields): StoredDoc {
  tick += 1000n;
  const t = formatMicros(tick);
  const d: StoredDoc = {
    json: { name: `${ROOT}/${path}`, fields, createTime: t, updateTime: t },
    createNs: tick,
    updateNs: tick,
  };
  store.put(d.json.name, d, tick, 0n);
  return d;
}

function ff(field: string, op: string, value: Value): Filter {
  return { fieldFilter: { field: { fieldPath: field }, op, value } };
}

function ids(store: DatabaseStore, sq: StructuredQuery, parent = ROOT): string[] {
  return executeQuery(store, compileQuery(parent, sq)).map((d) =>
    d.json.name.slice(ROOT.length + 1),
  );
}

function sample(): DatabaseStore {
  const s = new DatabaseStore(ROOT);
  put(s, 'c/d1', {
    n: int(1),
    s: str('a'),
    tags: arr(str('x')),
    grp: str('g1'),
    m: { mapValue: { fields: { k: str('v') } } },
  });
  put(s, 'c/d2', { n: int(2), s: str('b'), tags: arr(str('y')), grp: str('g1') });
  put(s, 'c/d3', { n: int(3), s: str('c'), tags: arr(str('x'), str('y')), grp: str('g2') });
  put(s, 'c/d4', { n: int(4), s: str('d'), tags: arr(), grp: str('g2'), f: { nullValue: null } });
  put(s, 'c/d5', {
    n: int(5),
    s: str('e'),
    tags: arr(str('z')),
    grp: str('g3'),
    f: { doubleValue: NaN },
  });
  put(s, 'c/d6', {
    n: int(5),
    s: str('f'),
    tags: arr(str('x'), str('z')),
    grp: str('g3'),
    f: { doubleValue: 1 },
  });
  put(s, 'c/d7', { n: int(7), s: str('g'), grp: str('g1') });
  put(s, 'c/d8', { s: str('h'), grp: str('g2') });
  put(s, 'c/d1/sub/s1', { n: int(100) });
  put(s, 'other/o1', { n: int(1) });
  return s;
}

const C = { from: [{ collectionId: 'c' }] };

describe('filters', () => {
  const s = sample();
  it.each([
    ['EQUAL', ff('n', 'EQUAL', int(5)), ['d5', 'd6']],
    ['EQUAL across int/double', ff('n', 'EQUAL', { doubleValue: 5 }), ['d5', 'd6']],
    [
      'NOT_EQUAL (implicit order on n, missing excluded)',
      ff('n', 'NOT_EQUAL', int(5)),
      ['d1', 'd2', 'd3', 'd4', 'd7'],
    ],
    ['LESS_THAN', ff('n', 'LESS_THAN', int(3)), ['d1', 'd2']],
    ['GREATER_THAN_OR_EQUAL', ff('n', 'GREATER_THAN_OR_EQUAL', int(5)), ['d5', 'd6', 'd7']],
    ['type-bounded range', ff('s', 'GREATER_THAN', int(0)), []],
    ['IN', ff('n', 'IN', arr(int(1), int(7), int(99))), ['d1', 'd7']],
    ['NOT_IN', ff('n', 'NOT_IN', arr(int(1), int(5))), ['d2', 'd3', 'd4', 'd7']],
    ['NOT_IN with null matches nothing', ff('n', 'NOT_IN', arr({ nullValue: null })), []],
    ['ARRAY_CONTAINS', ff('tags', 'ARRAY_CONTAINS', str('x')), ['d1', 'd3', 'd6']],
    [
      'ARRAY_CONTAINS_ANY',
      ff('tags', 'ARRAY_CONTAINS_ANY', arr(str('y'), str('z'))),
      ['d2', 'd3', 'd5', 'd6'],
    ],
    ['nested field', ff('m.k', 'EQUAL', str('v')), ['d1']],
    [
      '__name__ >',
      ff('__name__', 'GREATER_THAN', { referenceValue: `${ROOT}/c/d6` }),
      ['d7', 'd8'],
    ],
    ['IS_NAN', { unaryFilter: { op: 'IS_NAN', field: { fieldPath: 'f' } } }, ['d5']],
    ['IS_NULL', { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 'f' } } }, ['d4']],
    ['IS_NOT_NAN', { unaryFilter: { op: 'IS_NOT_NAN', field: { fieldPath: 'f' } } }, ['d6']],
    [
      'IS_NOT_NULL (ordered by f: NaN first)',
      { unaryFilter: { op: 'IS_NOT_NULL', field: { fieldPath: 'f' } } },
      ['d5', 'd6'],
    ],
    [
      'OR of ANDs',
      {
        compositeFilter: {
          op: 'OR',
          filters: [
            {
              compositeFilter: {
                op: 'AND',
                filters: [ff('grp', 'EQUAL', str('g2')), ff('n', 'GREATER_THAN_OR_EQUAL', int(4))],
              },
            },
            {
              compositeFilter: {
                op: 'AND',
                filters: [ff('grp', 'EQUAL', str('g3')), ff('s', 'EQUAL', str('f'))],
              },
            },
          ],
        },
      },
      ['d4', 'd6'],
    ],
    [
      'inequalities on two fields: implicit order n, s',
      {
        compositeFilter: {
          op: 'AND',
          filters: [ff('s', 'LESS_THAN', str('f')), ff('n', 'GREATER_THAN', int(1))],
        },
      },
      ['d2', 'd3', 'd4', 'd5'],
    ],
  ] as [string, Filter, string[]][])('%s', (_n, where, expected) => {
    expect(ids(s, { ...C, where })).toEqual(expected.map((x) => `c/${x}`));
  });

  it('orders inequality fields lexicographically after explicit orderBy, in its direction', () => {
    const st = new DatabaseStore(ROOT);
    put(st, 'c/a', { x: int(1), y: int(2) });
    put(st, 'c/b', { x: int(2), y: int(1) });
    put(st, 'c/c', { x: int(2), y: int(2) });
    const where: Filter = {
      compositeFilter: {
        op: 'AND',
        filters: [ff('y', 'GREATER_THAN', int(0)), ff('x', 'GREATER_THAN', int(0))],
      },
    };
    expect(ids(st, { ...C, where })).toEqual(['c/a', 'c/b', 'c/c']);
    const q = compileQuery(ROOT, {
      ...C,
      where,
      orderBy: [{ field: { fieldPath: 'y' }, direction: 'DESCENDING' }],
    });
    expect(q.orderBy.map((o) => [o.segs.join('.'), o.desc])).toEqual([
      ['y', true],
      ['x', true],
      ['__name__', true],
    ]);
    expect(executeQuery(st, q).map((d) => d.json.name.slice(-1))).toEqual(['c', 'a', 'b']);
  });
});

describe('ordering, cursors, limit, offset, select', () => {
  const s = sample();
  const byN = [{ field: { fieldPath: 'n' } }];
  it('excludes documents missing an orderBy field and breaks ties by name', () => {
    expect(ids(s, { ...C, orderBy: byN })).toEqual(
      ['d1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'].map((x) => `c/${x}`),
    );
    expect(
      ids(s, { ...C, orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }], limit: 3 }),
    ).toEqual(['c/d7', 'c/d6', 'c/d5']);
  });

  it('applies cursors', () => {
    expect(ids(s, { ...C, orderBy: byN, startAt: { values: [int(5)], before: true } })).toEqual([
      'c/d5',
      'c/d6',
      'c/d7',
    ]);
    expect(ids(s, { ...C, orderBy: byN, startAt: { values: [int(5)] } })).toEqual(['c/d7']);
    expect(ids(s, { ...C, orderBy: byN, endAt: { values: [int(3)] } })).toEqual([
      'c/d1',
      'c/d2',
      'c/d3',
    ]);
    expect(ids(s, { ...C, orderBy: byN, endAt: { values: [int(3)], before: true } })).toEqual([
      'c/d1',
      'c/d2',
    ]);
    expect(
      ids(s, {
        ...C,
        orderBy: byN,
        startAt: { values: [int(5), { referenceValue: `${ROOT}/c/d5` }], before: false },
      }),
    ).toEqual(['c/d6', 'c/d7']);
    expect(
      ids(s, {
        ...C,
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
        startAt: { values: [int(5)], before: true },
        endAt: { values: [int(2)], before: true },
      }),
    ).toEqual(['c/d6', 'c/d5', 'c/d4', 'c/d3']);
    expect(() =>
      compileQuery(ROOT, { ...C, orderBy: byN, startAt: { values: [int(1), int(2), int(3)] } }),
    ).toThrow(/Too many/);
  });

  it('applies offset then limit', () => {
    expect(ids(s, { ...C, orderBy: byN, offset: 2, limit: 2 })).toEqual(['c/d3', 'c/d4']);
    expect(ids(s, { ...C, offset: 20 })).toEqual([]);
    expect(ids(s, { ...C, limit: 0 })).toEqual([]);
  });

  it('projects selected fields', () => {
    const q = compileQuery(ROOT, {
      ...C,
      select: { fields: [{ fieldPath: 's' }, { fieldPath: 'm.k' }] },
      limit: 2,
    });
    expect(executeQuery(s, q).map((d) => projectDocument(q, d).fields)).toEqual([
      { s: str('a'), m: { mapValue: { fields: { k: str('v') } } } },
      { s: str('b') },
    ]);
    const names = compileQuery(ROOT, {
      ...C,
      select: { fields: [{ fieldPath: '__name__' }] },
      limit: 1,
    });
    expect(projectDocument(names, executeQuery(s, names)[0]).fields).toEqual({});
  });
});

describe('scopes', () => {
  const s = sample();
  it('queries subcollections and collection groups', () => {
    expect(ids(s, { from: [{ collectionId: 'sub' }] }, `${ROOT}/c/d1`)).toEqual(['c/d1/sub/s1']);
    expect(ids(s, { from: [{ collectionId: 'sub', allDescendants: true }] })).toEqual([
      'c/d1/sub/s1',
    ]);
    expect(ids(s, { from: [{ collectionId: 'c', allDescendants: true }] })).toHaveLength(8);
    // kindless: every document below the parent
    expect(ids(s, { from: [{ allDescendants: true }] }, `${ROOT}/c/d1`)).toEqual(['c/d1/sub/s1']);
    expect(ids(s, { from: [{ allDescendants: true }] })).toHaveLength(10);
  });

  it('matchesQuery mirrors execution without limits', () => {
    const q = compileQuery(ROOT, { ...C, where: ff('n', 'GREATER_THAN', int(4)) });
    const d7 = s.get(`${ROOT}/c/d7`)!;
    const d1 = s.get(`${ROOT}/c/d1`)!;
    const o1 = s.get(`${ROOT}/other/o1`)!;
    expect([matchesQuery(q, d7), matchesQuery(q, d1), matchesQuery(q, o1)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('reads as of a past time', () => {
    const st = new DatabaseStore(ROOT);
    const a = put(st, 'c/a', { v: int(1) });
    const t1 = tick;
    put(st, 'c/b', { v: int(2) });
    tick += 1000n;
    st.put(a.json.name, null, tick, 0n);
    const q = compileQuery(ROOT, C);
    expect(executeQuery(st, q, t1).map((d) => d.json.name.slice(-1))).toEqual(['a']);
    expect(executeQuery(st, q).map((d) => d.json.name.slice(-1))).toEqual(['b']);
  });
});

describe('performance', () => {
  it('filter + orderBy + limit 24 over 10,000 documents is fast', () => {
    const st = new DatabaseStore(ROOT);
    for (let i = 0; i < 10_000; i++) {
      put(st, `notes/n${i}`, {
        owner: str(`u${i % 10}`),
        updated: {
          timestampValue: formatMicros(
            1_700_000_000_000_000_000n + BigInt((i * 7919) % 10_000) * 1_000_000_000n,
          ),
        },
        title: str(`note ${i}`),
      });
    }
    const q = compileQuery(ROOT, {
      from: [{ collectionId: 'notes' }],
      where: ff('owner', 'EQUAL', str('u3')),
      orderBy: [{ field: { fieldPath: 'updated' }, direction: 'DESCENDING' }],
      limit: 24,
    });
    executeQuery(st, q);
    const start = performance.now();
    let out: StoredDoc[] = [];
    for (let i = 0; i < 20; i++) out = executeQuery(st, q);
    const perQuery = (performance.now() - start) / 20;
    expect(out).toHaveLength(24);
    const times = out.map((d) => d.json.fields.updated.timestampValue!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(perQuery).toBeLessThan(25);
  });
});

describe('validation', () => {
  it('limits disjunction sizes like the backend', () => {
    const vals = (n: number) => ({
      arrayValue: { values: Array.from({ length: n }, (_, i) => int(i)) },
    });
    expect(() => compileQuery(ROOT, { ...C, where: ff('n', 'IN', vals(30)) })).not.toThrow();
    expect(() => compileQuery(ROOT, { ...C, where: ff('n', 'IN', vals(31)) })).toThrow(
      expect.objectContaining({ code: 3 }),
    );
    expect(() => compileQuery(ROOT, { ...C, where: ff('n', 'NOT_IN', vals(11)) })).toThrow(
      expect.objectContaining({ code: 3 }),
    );
    expect(() =>
      compileQuery(ROOT, { ...C, where: ff('n', 'ARRAY_CONTAINS_ANY', vals(31)) }),
    ).toThrow(expect.objectContaining({ code: 3 }));
    expect(() => compileQuery(ROOT, { ...C, where: ff('n', 'IN', int(1)) })).toThrow(
      /non-empty array/,
    );
    expect(() => compileQuery(ROOT, { ...C, where: ff('n', 'BOGUS', int(1)) })).toThrow(
      /Unsupported/,
    );
  });
});
