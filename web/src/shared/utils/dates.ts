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

/** One formatter (toLocaleDateString builds one per call: see numbers.ts for the cost). */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** en-US short date, as the spec shows dates ("Nov 21, 2026"); "" when unknown. */
export function formatDate(date: Date | null): string {
  return date ? DATE_FORMAT.format(date) : '';
}

/** The local date and time ("" when unknown), as comments show it. */
export function formatDateTime(date: Date | null, locale?: string): string {
  return date ? date.toLocaleString(locale) : '';
}
