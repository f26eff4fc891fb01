import { describe, expect, it } from 'vitest';
import type { Value } from './types.js';
import {
  compareResourceNames,
  compareStrings,
  compareValues,
  documentSize,
  normalizeValue,
  typeOrder,
  TypeOrder,
  valuesEqual,
  valuesIdentical,
} from './values.js';

const R = 'projects/p/databases/(default)/documents';
const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });
const str = (s: string): Value => ({ stringValue: s });

/** Strictly ascending per the documented cross-type order (ties only where noted). */
const ASCENDING: Value[] = [
  { nullValue: null },
  { booleanValue: false },
  { booleanValue: true },
  dbl(NaN),
  dbl(-Infinity),
  int('-9223372036854775808'),
  int(-5),
  dbl(1.5),
  int(2),
  int('9007199254740993'),
  int('9223372036854775807'),
  dbl(Infinity),
  { timestampValue: '1970-01-01T00:00:01Z' },
  { timestampValue: '1970-01-01T00:00:01.000001Z' },
  { timestampValue: '2024-05-01T12:00:00Z' },
  str(''),
  str('a'),
  str('\u00e9'),
  str('\uffff'),
  str('\u{1F600}'),
  { bytesValue: 'AA==' },
  { bytesValue: 'AAE=' },
  { bytesValue: 'AQ==' },
  { referenceValue: `${R}/x/a` },
  { referenceValue: `${R}/x/a/y/z` },
  { referenceValue: `${R}/x/a-b` },
  { referenceValue: `${R}/x/b` },
  { geoPointValue: { latitude: -10, longitude: 50 } },
  { geoPointValue: { latitude: 0, longitude: -1 } },
  { geoPointValue: { latitude: 0, longitude: 1 } },
  { arrayValue: {} },
  { arrayValue: { values: [int(1)] } },
  { arrayValue: { values: [int(1), int(2)] } },
  { arrayValue: { values: [int(2)] } },
  {
    mapValue: {
      fields: { __type__: str('__vector__'), value: { arrayValue: { values: [dbl(9)] } } },
    },
  },
  {
    mapValue: {
      fields: { __type__: str('__vector__'), value: { arrayValue: { values: [dbl(1), dbl(1)] } } },
    },
  },
  { mapValue: {} },
  { mapValue: { fields: { a: int(1) } } },
  { mapValue: { fields: { a: int(1), b: int(0) } } },
  { mapValue: { fields: { a: int(2) } } },
  { mapValue: { fields: { b: int(0) } } },
];

describe('compareValues', () => {
  it('orders every pair as listed', () => {
    for (let i = 0; i < ASCENDING.length; i++) {
      for (let j = 0; j < ASCENDING.length; j++) {
        const c = Math.sign(compareValues(ASCENDING[i], ASCENDING[j]));
        expect([i, j, c]).toEqual([i, j, Math.sign(i - j)]);
      }
    }
  });

  it('compares int and double numerically; NaN equals NaN; -0 equals 0', () => {
    expect(compareValues(int(2), dbl(2))).toBe(0);
    expect(compareValues(int(3), dbl(2.5))).toBe(1);
    expect(compareValues(dbl(NaN), dbl(NaN))).toBe(0);
    expect(compareValues(dbl(-0), int(0))).toBe(0);
    expect(compareValues(dbl(-0), dbl(0))).toBe(0);
    // Beyond 2^53 the integer must not be rounded to the double.
    expect(compareValues(int('9007199254740993'), dbl(9007199254740992))).toBe(1);
    expect(compareValues(int('-9007199254740993'), dbl(-9007199254740992))).toBe(-1);
  });

  it('compares timestamps numerically whatever the digits', () => {
    expect(
      compareValues(
        { timestampValue: '2020-01-01T00:00:00.5Z' },
        { timestampValue: '2020-01-01T00:00:00.500000000Z' },
      ),
    ).toBe(0);
    expect(
      compareValues(
        { timestampValue: '2020-01-01T01:00:00+01:00' },
        { timestampValue: '2020-01-01T00:00:00Z' },
      ),
    ).toBe(0);
  });

  it('types are ordered as documented', () => {
    expect(typeOrder({ nullValue: null })).toBe(TypeOrder.Null);
    expect(typeOrder(int(1))).toBe(TypeOrder.Number);
    expect(typeOrder({ mapValue: {} })).toBe(TypeOrder.Map);
  });
});

describe('strings and names', () => {
  it('uses UTF-8 byte order, not UTF-16', () => {
    // U+FFFF is EF BF BF, U+1F600 is F0 9F 98 80; in UTF-16 the surrogate D83D sorts first.
    expect(compareStrings('\uffff', '\u{1F600}')).toBeLessThan(0);
    expect(compareStrings('\u{1F600}', '\ue000')).toBeGreaterThan(0);
    expect(compareStrings('a', 'ab')).toBeLessThan(0);
    expect(compareStrings('b', 'ab')).toBeGreaterThan(0);
  });

  it('compares resource names segment by segment', () => {
    expect(compareResourceNames('c/a', 'c/a-b')).toBeLessThan(0);
    expect(compareResourceNames('c/a/x/y', 'c/a-b')).toBeLessThan(0);
    expect(compareResourceNames('c/a/x/y', 'c/a')).toBeGreaterThan(0);
  });
});

describe('equality', () => {
  it('query equality is numeric, identity is type-strict', () => {
    expect(valuesEqual(int(1), dbl(1))).toBe(true);
    expect(valuesIdentical(int(1), dbl(1))).toBe(false);
    expect(valuesIdentical(dbl(0), dbl(-0))).toBe(false);
    expect(valuesIdentical(dbl(NaN), dbl(NaN))).toBe(true);
    expect(
      valuesIdentical(
        { mapValue: { fields: { a: { arrayValue: { values: [int(1)] } } } } },
        { mapValue: { fields: { a: { arrayValue: { values: [int(1)] } } } } },
      ),
    ).toBe(true);
  });
});

describe('normalizeValue', () => {
  it('normalizes numbers, nulls, timestamps and nested values', () => {
    expect(normalizeValue({ nullValue: 'NULL_VALUE' })).toEqual({ nullValue: null });
    expect(normalizeValue({ integerValue: 42 })).toEqual({ integerValue: '42' });
    expect(normalizeValue({ integerValue: '007' })).toEqual({ integerValue: '7' });
    expect(normalizeValue({ doubleValue: 'NaN' }).doubleValue).toBeNaN();
    expect(normalizeValue({ doubleValue: '-Infinity' })).toEqual({ doubleValue: -Infinity });
    expect(normalizeValue({ timestampValue: '2023-11-14T22:13:20.123456789Z' })).toEqual({
      timestampValue: '2023-11-14T22:13:20.123456Z',
    });
    expect(normalizeValue({ timestampValue: { seconds: '1', nanos: 5000000 } })).toEqual({
      timestampValue: '1970-01-01T00:00:01.005Z',
    });
    expect(normalizeValue({ geoPointValue: { latitude: 1 } })).toEqual({
      geoPointValue: { latitude: 1, longitude: 0 },
    });
    expect(normalizeValue({ arrayValue: {} })).toEqual({ arrayValue: { values: [] } });
    expect(normalizeValue({ mapValue: { fields: { a: { booleanValue: true } } } })).toEqual({
      mapValue: { fields: { a: { booleanValue: true } } },
    });
  });

  it('rejects invalid values', () => {
    expect(() => normalizeValue({ integerValue: '9223372036854775808' })).toThrow(/out of range/);
    expect(() => normalizeValue({ arrayValue: { values: [{ arrayValue: {} }] } })).toThrow(
      /array value in an array/,
    );
    expect(() => normalizeValue({ stringValue: 'a', booleanValue: true })).toThrow(/more than one/);
    expect(() =>
      normalizeValue({ referenceValue: 'projects/p/databases/d/documents/c' }),
    ).toThrow();
    let deep: unknown = { nullValue: null };
    for (let i = 0; i < 25; i++) deep = { mapValue: { fields: { a: deep } } };
    expect(() => normalizeValue(deep)).toThrow(/depth/);
  });
});

describe('documentSize', () => {
  it('follows the storage size rules', () => {
    // name: "c"(2) + "d"(2) + 16 = 20; field "a"(2) + string "ab"(3) = 5; + 32
    expect(documentSize(`${R}/c/d`, { a: str('ab') })).toBe(57);
    expect(
      documentSize(`${R}/c/d`, {
        n: int(1),
        m: { mapValue: { fields: { x: { booleanValue: true } } } },
      }),
    ).toBe(20 + (2 + 8) + (2 + (2 + 1)) + 32);
  });
});
