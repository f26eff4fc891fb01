import { useState } from 'react';

export const ADMIN_PAGE_SIZE = 100;

/**
 * The first rows of a long list, more on request: every note of a large site in one table would
 * make the page slow to render and to read. Back to the first page when `key` (the search and
 * filter) changes.
 */
export function usePaged<T>(items: readonly T[], key: string, size = ADMIN_PAGE_SIZE) {
  const [shown, setShown] = useState({ key, count: size });
  const count = shown.key === key ? shown.count : size;
  return {
    visible: items.slice(0, count),
    hidden: Math.max(0, items.length - count),
    more: () => setShown({ key, count: count + size }),
  };
}
