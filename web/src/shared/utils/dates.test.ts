import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toDate } from './dates';

describe('dates', () => {
  it('reads Timestamps, Dates and millis; anything else is unknown', () => {
    const d = new Date('2026-11-21T10:00:00Z');
    expect(toDate({ toDate: () => d })).toBe(d);
    expect(toDate(d.getTime())?.getTime()).toBe(d.getTime());
    expect(toDate('2026-11-21')).toBeNull();
  });

  it('formats dates en-US short, and date-times in the local format', () => {
    const d = new Date(2026, 10, 21, 15, 4);
    expect(formatDate(d)).toBe('Nov 21, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(d, 'en-US')).toBe(d.toLocaleString('en-US'));
    expect(formatDateTime(null)).toBe('');
  });
});
