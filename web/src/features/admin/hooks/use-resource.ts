import { useCallback, useState } from 'react';
import { useAsync, type AsyncState } from '../../../shared/utils/use-async';

export interface Resource<T> {
  state: AsyncState<T>;
  /** The loaded data with local changes applied (undefined until loaded). */
  data: T | undefined;
  /** Applies a change the server has confirmed, without loading everything again. */
  update: (change: (data: T) => T) => void;
}

/**
 * Loads once per `key` and keeps what the admin changed since (an approved note, a deleted user):
 * the facade answers each change with the changed item, so the list is patched, not refetched.
 */
export function useResource<T>(load: () => Promise<T>, key: unknown): Resource<T> {
  const state = useAsync(load, [key]);
  const [patched, setPatched] = useState<{ of: AsyncState<T>; data: T } | null>(null);
  const base = state.status === 'success' ? state.data : undefined;
  const data = patched && patched.of === state ? patched.data : base;
  const update = useCallback(
    (change: (data: T) => T) =>
      setPatched((prev) => {
        const current = prev && prev.of === state ? prev.data : base;
        return current === undefined ? prev : { of: state, data: change(current) };
      }),
    [state, base],
  );
  return { state, data, update };
}
