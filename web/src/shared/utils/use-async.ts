import { useEffect, useState, type DependencyList } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * Runs `load` when `deps` change and tracks its outcome. Results of a superseded run (deps changed
 * or the component unmounted) are dropped, so a slow first response never overwrites a newer one.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (data) => current && setState({ status: 'success', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // `load` is expected to change with `deps`; callers list what it closes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
