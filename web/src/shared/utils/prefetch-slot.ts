/** How long a kept read may wait to be taken: one older was started for a visit long gone. */
const FRESH_MS = 10_000;

export interface PrefetchSlot<T> {
  /** Keeps `value` (replacing any kept one); its failure is left to whoever takes it. */
  keep(key: string, value: Promise<T>): void;
  /** The kept read for `key` while fresh, else null; either way the slot is empty after. */
  take(key: string): Promise<T> | null;
}

/**
 * One read started before the screen that wants it has rendered (the router starts it while the
 * route's code downloads), kept until that screen asks: at most one, taken once, and only for
 * the key it was started for.
 */
export function prefetchSlot<T>(freshMs = FRESH_MS): PrefetchSlot<T> {
  let kept: { key: string; value: Promise<T>; at: number } | null = null;
  return {
    keep(key, value) {
      value.catch(() => {});
      kept = { key, value, at: Date.now() };
    },
    take(key) {
      const taken = kept;
      kept = null;
      return taken && taken.key === key && Date.now() - taken.at < freshMs ? taken.value : null;
    },
  };
}
