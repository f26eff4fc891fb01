/**
 * A count as people read it, with thousands separators: 1242 -> "1,242" (en-US, as dates are).
 * Written out for whole numbers rather than through Intl.NumberFormat: toLocaleString builds a
 * formatter per call (~0.8 ms here; Browse formats three counts per card), and even one shared
 * formatter costs its construction on the page's main thread (ICU's data, ~5 ms here, four times
 * that on Lighthouse's phone). numbers.test.ts checks the output against Intl.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
