import { useCallback, useState } from 'react';

/** A counter to put in useAsync's deps: bumping it loads again. */
export function useReload(): [number, () => void] {
  const [n, setN] = useState(0);
  return [n, useCallback(() => setN((x) => x + 1), [])];
}
