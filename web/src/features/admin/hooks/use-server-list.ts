import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage } from '../api/admin-api';

export interface ServerList<T> {
  status: 'loading' | 'success' | 'error';
  error: unknown;
  items: T[];
  /** True while more items exist on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  more: () => void;
  /** Applies a change the server has confirmed, without loading the list again. */
  update: (change: (items: T[]) => T[]) => void;
}

/**
 * A list the server pages (functions/src/routes/admin.ts): the first page for `key` (the search
 * and filters), more on request, starting over when `key` changes. Answers for an older key are
 * dropped, so a slow answer never replaces a newer list.
 */
export function useServerList<T>(
  load: (cursor: string | null) => Promise<ListPage<T>>,
  key: string,
): ServerList<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [state, setState] = useState<{
    key: string;
    status: ServerList<T>['status'];
    error: unknown;
    items: T[];
    next: string | null;
    loadingMore: boolean;
  }>({ key, status: 'loading', error: null, items: [], next: null, loadingMore: false });
  const current = useRef(key);
  current.current = key;

  useEffect(() => {
    setState({ key, status: 'loading', error: null, items: [], next: null, loadingMore: false });
    loadRef.current(null).then(
      (page) => {
        if (current.current === key)
          setState({ key, status: 'success', error: null, ...page, loadingMore: false });
      },
      (error: unknown) => {
        if (current.current === key)
          setState({ key, status: 'error', error, items: [], next: null, loadingMore: false });
      },
    );
  }, [key]);

  const more = useCallback(() => {
    setState((s) => {
      if (!s.next || s.loadingMore) return s;
      const { next } = s;
      loadRef.current(next).then(
        (page) =>
          setState((now) =>
            now.key === s.key
              ? {
                  ...now,
                  items: [...now.items, ...page.items],
                  next: page.next,
                  loadingMore: false,
                }
              : now,
          ),
        (error: unknown) =>
          setState((now) => (now.key === s.key ? { ...now, error, loadingMore: false } : now)),
      );
      return { ...s, loadingMore: true };
    });
  }, []);

  const update = useCallback(
    (change: (items: T[]) => T[]) => setState((s) => ({ ...s, items: change(s.items) })),
    [],
  );

  const shown = state.key === key ? state : { ...state, status: 'loading' as const, items: [] };
  return {
    status: shown.status,
    error: shown.error,
    items: shown.items,
    hasMore: shown.next !== null,
    loadingMore: shown.loadingMore,
    more,
    update,
  };
}
