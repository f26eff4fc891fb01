/** Splits ids into `in` query chunks (Firestore allows 30 values per `in`). */
export function chunks<T>(items: readonly T[], size = 30): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
