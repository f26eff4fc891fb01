import { describe, expect, it } from 'vitest';
import { compileAggregations, runAggregations } from './aggregation.js';
import type { StoredDoc } from './store.js';
import type { Fields, Value } from './types.js';

const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });
const doc = (fields: Fields): StoredDoc => ({
  json: { name: 'x', fields, createTime: '', updateTime: '' },
  createNs: 0n,
  updateNs: 0n,
});
const f = (p: string) => ({ field: { fieldPath: p } });

describe('aggregations', () => {
  const docs = [
    doc({ n: int(1), f: dbl(1.5) }),
    doc({ n: int(2), f: { stringValue: 's' } }),
    doc({ n: int(4), f: dbl(2.5) }),
    doc({}),
  ];

  it('count, sum, avg with aliases', () => {
    const aggs = compileAggregations([
      { alias: 'c', count: {} },
      { alias: 'sn', sum: f('n') },
      { alias: 'an', avg: f('n') },
      { alias: 'sf', sum: f('f') },
      { avg: f('none') },
    ]);
    expect(runAggregations(aggs, docs)).toEqual({
      c: int(4),
      sn: int(7),
      an: dbl(7 / 3),
      sf: dbl(4),
      field_5: { nullValue: null },
    });
  });

  it('empty sum is integer 0; count honours upTo', () => {
    expect(
      runAggregations(
        compileAggregations([
          { alias: 's', sum: f('none') },
          { alias: 'c', count: { upTo: '2' } },
        ]),
        docs,
      ),
    ).toEqual({
      s: int(0),
      c: int(2),
    });
  });

  it('an overflowing integer sum becomes a double', () => {
    const big = [doc({ n: int('9223372036854775807') }), doc({ n: int(10) })];
    const r = runAggregations(compileAggregations([{ alias: 's', sum: f('n') }]), big);
    expect(r.s.doubleValue).toBe(2 ** 63);
  });

  it('rejects duplicate aliases and empty lists', () => {
    expect(() =>
      compileAggregations([
        { alias: 'a', count: {} },
        { alias: 'a', count: {} },
      ]),
    ).toThrow(/Duplicate/);
    expect(() => compileAggregations([])).toThrow();
  });
});
