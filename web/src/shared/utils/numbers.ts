/** A count as people read it, with thousands separators: 1242 -> "1,242" (en-US, as dates are). */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
