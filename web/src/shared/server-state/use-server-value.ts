import { hashKey, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';

/** A value read from the server, as a screen shows it, plus a way to apply confirmed changes. */
export type ServerValue<T> = (
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown }
) & {
  /** Applies a change the server has confirmed (an edit it answered), without loading again. */
  update: (change: (data: T) => T) => void;
};

/** `load`'s answer under `key` (TanStack Query `useQuery`): loading, then the data or the error. */
export function useServerValue<T>(key: QueryKey, load: () => Promise<T>): ServerValue<T> {
  const client = useQueryClient();
  // An answer arrives through TanStack's store subscription (useSyncExternalStore), and React
  // renders such a change at once, in one task: the profile's answer rendered its three forms in
  // ~180 ms of a slow phone's main thread (Lighthouse TBT). Deferred, what the answer shows is
  // rendered as a transition, in slices that yield to input, while the screen keeps showing what
  // it showed (its loading state) until that render is done.
  const query = useDeferredValue(useQuery({ queryKey: key, queryFn: load }));
  const hash = hashKey(key);
  const update = useCallback(
    (change: (data: T) => T) =>
      client.setQueryData<T>(key, (data) => (data === undefined ? data : change(data))),
    // `key` is compared by its hash: a new array with the same parts is the same key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, hash],
  );
  if (query.status === 'success') return { status: 'success', data: query.data, update };
  if (query.status === 'error') return { status: 'error', error: query.error, update };
  return { status: 'loading', update };
}
