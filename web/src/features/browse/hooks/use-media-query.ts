import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether `query` matches, following changes. False while a prerendered page is hydrated (and in
 * the prerender itself): the server knows no screen, so the first render must be the one it sent;
 * CSS alone gives the prerendered markup its look at each width meanwhile.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
