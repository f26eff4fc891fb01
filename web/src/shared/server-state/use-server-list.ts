import {
  hashKey,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';

/** One page of a list the server pages: its items, and the cursor of the next page (or null). */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

export interface ServerList<T> {
  /** 'success' once a first page is in, even when a later page failed (see `error`). */
  status: 'loading' | 'success' | 'error';
  error: unknown;
  items: T[];
  /** True while more items exist on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  more: () => void;
  /** Applies a change the server has confirmed to every loaded page, without loading again. */
  update: (change: (items: T[]) => T[]) => void;
}

/**
 * A list the server pages (TanStack Query `useInfiniteQuery`): the first page for `key` (the
 * list and its search and filters), more on request, starting over when `key` changes; answers
 * for an older key never replace a newer list.
 */
export function useServerList<T>(
  key: QueryKey,
  load: (cursor: string | null) => Promise<ListPage<T>>,
): ServerList<T> {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const hash = hashKey(key);
  const update = useCallback(
    (change: (items: T[]) => T[]) =>
      client.setQueryData<InfiniteData<ListPage<T>, string | null>>(key, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) }
          : data,
      ),
    // `key` is compared by its hash: a new array with the same parts is the same key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, hash],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const pages = query.data?.pages;
  return {
    status: pages ? 'success' : query.status === 'error' ? 'error' : 'loading',
    error: query.error,
    items: pages?.flatMap((page) => page.items) ?? [],
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    more,
    update,
  };
}
