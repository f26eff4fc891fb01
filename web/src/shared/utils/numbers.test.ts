import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1242)).toBe('1,242');
    expect(formatCount(5212000)).toBe('5,212,000');
  });

  it('says what Intl says, whole numbers or not', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [
      0,
      7,
      10,
      100,
      1000,
      12345,
      123456,
      1234567,
      -1,
      -1000,
      -987654,
      2 ** 40,
      1.5,
      -2.25,
    ])
      expect(formatCount(n), String(n)).toBe(intl.format(n));
  });
});
