/** Firestore Timestamps (anything with toDate), Dates, or epoch milliseconds. */
export function toDate(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v);
  if (v && typeof v === 'object' && typeof (v as { toDate?: unknown }).toDate === 'function') {
    const d = (v as { toDate: () => unknown }).toDate();
    return d instanceof Date && !Number.isNaN(d.getTime()) ? d : null;
  }
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * en-US short date, as the spec shows dates ("Nov 21, 2026"), in local time; "" when unknown.
 * Written out rather than through Intl.DateTimeFormat, whose first construction on a page (ICU's
 * date data) was ~25 ms of the note page's main thread, ~100 ms on Lighthouse's phone; the
 * output is the same (dates.test.ts checks it against Intl).
 */
export function formatDate(date: Date | null): string {
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/** The local date and time ("" when unknown), as comments show it. */
export function formatDateTime(date: Date | null, locale?: string): string {
  return date ? date.toLocaleString(locale) : '';
}
