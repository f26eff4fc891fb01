import { describe, expect, it } from 'vitest';
import {
  EngineClock,
  formatMicros,
  formatTimestamp,
  parseTimestamp,
  truncateToMicros,
} from './timestamps.js';

describe('timestamps', () => {
  it('parses RFC 3339 with 0-9 fraction digits and offsets', () => {
    expect(parseTimestamp('1970-01-01T00:00:01Z')).toBe(1_000_000_000n);
    expect(parseTimestamp('1970-01-01T00:00:00.000000001Z')).toBe(1n);
    expect(parseTimestamp('1970-01-01T01:00:00+01:00')).toBe(0n);
    expect(parseTimestamp('0001-01-01T00:00:00Z')).toBe(-62135596800n * 1_000_000_000n);
    expect(parseTimestamp('1969-12-31T23:59:59.5Z')).toBe(-500_000_000n);
    expect(() => parseTimestamp('2020-02-30T00:00:00Z')).toThrow();
    expect(() => parseTimestamp('yesterday')).toThrow();
  });

  it('formats engine times with 6 digits and values with 0/3/6/9', () => {
    expect(formatMicros(1_700_000_000_123_456_789n)).toBe('2023-11-14T22:13:20.123456Z');
    expect(formatMicros(0n)).toBe('1970-01-01T00:00:00.000000Z');
    expect(formatTimestamp(1_700_000_000_000_000_000n)).toBe('2023-11-14T22:13:20Z');
    expect(formatTimestamp(1_700_000_000_120_000_000n)).toBe('2023-11-14T22:13:20.120Z');
    expect(formatTimestamp(1_700_000_000_000_001_000n)).toBe('2023-11-14T22:13:20.000001Z');
    expect(formatTimestamp(-500_000_000n)).toBe('1969-12-31T23:59:59.500Z');
    expect(formatTimestamp(parseTimestamp('0001-01-01T00:00:00Z'))).toBe('0001-01-01T00:00:00Z');
    expect(truncateToMicros(1999n)).toBe(1000n);
    expect(truncateToMicros(-1n)).toBe(-1000n);
  });
});

describe('EngineClock', () => {
  it('hands out strictly increasing commit times and monotonic read times', () => {
    let now = 5_000_000n;
    const c = new EngineClock(() => now);
    const a = c.commitTime();
    const b = c.commitTime();
    expect(a).toBe(5_000_000n);
    expect(b).toBe(5_001_000n);
    expect(c.readTime()).toBe(5_001_000n);
    now = 4_000_000n; // the source going backwards must not move times backwards
    expect(c.readTime()).toBe(5_001_000n);
    expect(c.commitTime()).toBe(5_002_000n);
    c.observe(9_000_000_500n);
    expect(c.commitTime()).toBe(9_000_001_000n);
  });
});
