import { describe, expect, it } from 'vitest';
import { applyTransform } from './transforms.js';
import type { FieldTransform, Value } from './types.js';

const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });
const T = 1_700_000_000_123_456_000n;

function run(cur: Value | undefined, t: Omit<FieldTransform, 'fieldPath'>) {
  return applyTransform(cur, { fieldPath: 'f', ...t }, T);
}

describe('increment', () => {
  it('adds ints as ints, mixes to double, treats non-numbers as 0', () => {
    expect(run(int(5), { increment: int(3) }).value).toEqual(int(8));
    expect(run(int(5), { increment: dbl(0.5) }).value).toEqual(dbl(5.5));
    expect(run(dbl(1.5), { increment: int(1) }).value).toEqual(dbl(2.5));
    expect(run({ stringValue: 'x' }, { increment: int(2) }).value).toEqual(int(2));
    expect(run(undefined, { increment: dbl(7) }).result).toEqual(dbl(7));
  });

  it('saturates on int64 overflow', () => {
    expect(run(int('9223372036854775807'), { increment: int(1) }).value).toEqual(
      int('9223372036854775807'),
    );
    expect(run(int('-9223372036854775808'), { increment: int(-5) }).value).toEqual(
      int('-9223372036854775808'),
    );
  });

  it('rejects non-numeric operands', () => {
    expect(() => run(int(1), { increment: { stringValue: '1' } })).toThrow(/number/);
  });
});

describe('maximum / minimum', () => {
  it('keep the larger/smaller operand with its type; equivalent values keep the stored one', () => {
    expect(run(int(5), { maximum: dbl(7.5) }).value).toEqual(dbl(7.5));
    expect(run(int(5), { maximum: dbl(5) }).value).toEqual(int(5));
    expect(run(dbl(7.5), { minimum: int(100) }).value).toEqual(dbl(7.5));
    expect(run(int(5), { minimum: int(3) }).value).toEqual(int(3));
    expect(run(dbl(0), { maximum: dbl(-0) }).value).toEqual(dbl(0));
    expect(run(undefined, { maximum: int(4) }).value).toEqual(int(4));
    expect(run(int(4), { minimum: dbl(NaN) }).value.doubleValue).toBeNaN();
  });
});

describe('arrays and server time', () => {
  it('arrayUnion appends missing elements once; arrayRemove removes all equal', () => {
    const cur: Value = { arrayValue: { values: [int(1), int(2), int(1)] } };
    const u = run(cur, { appendMissingElements: { values: [int(2), int(3), int(3), dbl(1)] } });
    expect(u.value).toEqual({ arrayValue: { values: [int(1), int(2), int(1), int(3)] } });
    expect(u.result).toEqual({ nullValue: null });
    expect(run(cur, { removeAllFromArray: { values: [dbl(1), int(99)] } }).value).toEqual({
      arrayValue: { values: [int(2)] },
    });
    expect(run({ stringValue: 's' }, { removeAllFromArray: { values: [int(1)] } }).value).toEqual({
      arrayValue: { values: [] },
    });
    expect(run(undefined, { appendMissingElements: { values: [int(1)] } }).value).toEqual({
      arrayValue: { values: [int(1)] },
    });
  });

  it('serverTimestamp is the commit time', () => {
    const r = run(undefined, { setToServerValue: 'REQUEST_TIME' });
    expect(r.value).toEqual({ timestampValue: '2023-11-14T22:13:20.123456Z' });
    expect(r.result).toEqual(r.value);
  });
});
