import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * One page of a list the server pages: its items, and the cursor of the next page (or null).
 * A page may say more about the whole list (Browse's "Did you mean"): `firstPage` keeps it.
 */
export interface ListPage<T, C = string> {
  items: T[];
  next: C | null;
}

/** What names a list: its parts (the list, its search and filters), compared by value. */
export type ListKey = readonly unknown[];

export interface ServerList<T, P = ListPage<T>> {
  /** 'success' once a first page is in, even when a later page failed (see `error`). */
  status: 'loading' | 'success' | 'error';
  /** The last load's failure (the first page's, or a later page's), null once one succeeds. */
  error: unknown;
  items: T[];
  /** The first page as the server answered it, for what it says about the whole list. */
  firstPage: P | null;
  /** True while more items exist on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  more: () => void;
  /** Applies a change the server has confirmed to the listed items, without loading again. */
  update: (change: (items: T[]) => T[]) => void;
}

export interface ServerListOptions<T, P> {
  /**
   * The first page, already here (Browse's, rendered by the server into the document): shown at
   * once, and not loaded again, for the key of the first render.
   */
  initial?: P | null;
  /**
   * Names an item: a later page's items already listed are dropped (in a list sorted by likes,
   * a note liked between two pages moves and would be listed twice).
   */
  itemKey?: (item: T) => string;
}

interface ListState<T, C, P> {
  hash: string;
  /** The first page came from `initial` (a repeated effect of the same key must not load it). */
  given: boolean;
  status: ServerList<T>['status'];
  error: unknown;
  items: T[];
  firstPage: P | null;
  next: C | null;
  loadingMore: boolean;
}

/** Plain objects hash with sorted keys: the same parts in another order are the same key. */
function hashKey(key: ListKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : value,
  );
}

function emptyState<T, C, P>(hash: string): ListState<T, C, P> {
  return {
    hash,
    given: false,
    status: 'loading',
    error: null,
    items: [],
    firstPage: null,
    next: null,
    loadingMore: false,
  };
}

/**
 * A list the server pages: the first page for `key`, more on request, starting over when `key`
 * changes; answers for an older key never replace a newer list. No cache: every visit of a
 * screen loads what the server holds now (as the spec's screens do), and a failure shows at once
 * (no retries: the user retries).
 *
 * Plain React state rather than TanStack Query (which `useServerValue` uses): Browse, a first
 * screen with a 170 KB budget, lists with this hook, and the library's ~10 KB gzip there would
 * buy nothing a list needs (one screen reads each list; nothing is shared or refetched).
 */
export function useServerList<T, C = string, X extends object = object>(
  key: ListKey,
  // The cursor's type comes from the caller's type arguments (or annotation), not from a page's
  // `next: null`; X is what the pages carry besides their items and cursor.
  load: (cursor: C | null) => Promise<ListPage<T, NoInfer<C>> & X>,
  options: ServerListOptions<T, ListPage<T, C> & X> = {},
): ServerList<T, ListPage<T, C> & X> {
  type P = ListPage<T, C> & X;
  const hash = hashKey(key);
  const [state, setState] = useState<ListState<T, C, P>>(() => {
    const page = options.initial;
    if (!page) return emptyState(hash);
    return {
      ...emptyState<T, C, P>(hash),
      given: true,
      status: 'success',
      items: page.items,
      firstPage: page,
      next: page.next,
    };
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  // The latest `load` and options: a caller's new closures each render are not a new list.
  const loadRef = useRef(load);
  loadRef.current = load;
  const itemKeyRef = useRef(options.itemKey);
  itemKeyRef.current = options.itemKey;

  useEffect(() => {
    const shown = stateRef.current;
    if (shown.hash === hash && shown.given) return;
    let current = true;
    // (On mount the state is already this key's, loading: no render for nothing.)
    if (shown.hash !== hash || shown.status !== 'loading') setState(emptyState(hash));
    loadRef.current(null).then(
      (page) =>
        current &&
        // A transition: React renders a page of rows in slices, leaving the main thread free for
        // input (one long task on a slow phone otherwise).
        startTransition(() =>
          setState({
            ...emptyState<T, C, P>(hash),
            status: 'success',
            items: page.items,
            firstPage: page,
            next: page.next,
          }),
        ),
      (error: unknown) => {
        console.error('Could not load the list', key, error);
        if (current) setState({ ...emptyState<T, C, P>(hash), status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
    // `key` is compared by its hash: a new array with the same parts is the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);

  const more = useCallback(() => {
    const shown = stateRef.current;
    if (shown.status !== 'success' || shown.next === null || shown.loadingMore) return;
    const forHash = shown.hash;
    setState({ ...shown, loadingMore: true, error: null });
    loadRef.current(shown.next).then(
      (page) =>
        setState((cur) => {
          if (cur.hash !== forHash) return cur;
          const id = itemKeyRef.current;
          const listed = id ? new Set(cur.items.map(id)) : null;
          const fresh = listed ? page.items.filter((item) => !listed.has(id!(item))) : page.items;
          return { ...cur, items: [...cur.items, ...fresh], next: page.next, loadingMore: false };
        }),
      (error: unknown) => {
        console.error('Could not load more of the list', error);
        setState((cur) => (cur.hash === forHash ? { ...cur, loadingMore: false, error } : cur));
      },
    );
  }, []);

  // Applied to the list shown now: a change the server confirms after a new search still shows
  // in the new list when the item is in it.
  const update = useCallback((change: (items: T[]) => T[]) => {
    setState((cur) => (cur.status === 'success' ? { ...cur, items: change(cur.items) } : cur));
  }, []);

  // Until the effect for a new key has run, the list is loading, not the old key's.
  if (state.hash !== hash) {
    return {
      status: 'loading',
      error: null,
      items: [],
      firstPage: null,
      hasMore: false,
      loadingMore: false,
      more,
      update,
    };
  }
  return {
    status: state.status,
    error: state.error,
    items: state.items,
    firstPage: state.firstPage,
    hasMore: state.status === 'success' && state.next !== null,
    loadingMore: state.loadingMore,
    more,
    update,
  };
}
