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

  it('writes short dates as Intl does, every month and day', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    for (let month = 0; month < 12; month++)
      for (const day of [1, 9, 10, 28]) {
        const d = new Date(2026, month, day, 23, 59);
        expect(formatDate(d)).toBe(intl.format(d));
      }
    const late = new Date(2031, 0, 1, 0, 0);
    expect(formatDate(late)).toBe(intl.format(late));
  });
});
