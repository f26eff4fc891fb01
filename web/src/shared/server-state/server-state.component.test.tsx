/**
 * The two server-state hooks: a paged list (first page, more, confirmed changes, a new key starting
 * over without an older answer winning, a page given at once) and a single value.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client';
import { ServerStateScope } from './server-state';
import { useServerList, type ListPage } from './use-server-list';
import { useServerValue } from './use-server-value';

const wrapper = ({ children }: { children: ReactNode }) => (
  <ServerStateScope>{children}</ServerStateScope>
);

/** A promise settled from the test, as a slow server answers. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useServerList', () => {
  it('loads the first page, more on request, and applies confirmed changes to every page', async () => {
    const pages: Record<string, ListPage<number>> = {
      start: { items: [1, 2], next: 'p2' },
      p2: { items: [3, 4], next: null },
    };
    const { result } = renderHook(
      () => useServerList(['t', 'numbers'], async (cursor) => pages[cursor ?? 'start']!),
      { wrapper },
    );
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.items).toEqual([1, 2]));
    expect(result.current).toMatchObject({ status: 'success', hasMore: true, error: null });
    act(() => result.current.more());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4]));
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.update((items) => items.filter((n) => n % 2 === 1)));
    await waitFor(() => expect(result.current.items).toEqual([1, 3]));
  });

  it('starts over for a new key; an answer for the old key never replaces the new list', async () => {
    const slow = deferred<ListPage<string>>();
    let oldAnswered = false;
    const { result, rerender } = renderHook(
      ({ q }: { q: string }) =>
        useServerList(['t', 'search', q], (cursor) =>
          q === 'old'
            ? slow.promise.finally(() => (oldAnswered = true))
            : Promise.resolve({ items: [`${q}:${cursor}`], next: null }),
        ),
      { wrapper, initialProps: { q: 'old' } },
    );
    rerender({ q: 'new' });
    await waitFor(() => expect(result.current.items).toEqual(['new:null']));
    slow.resolve({ items: ['stale'], next: null });
    // Only once the hook has had the old key's answer (its handler is called before the one
    // awaited here, registered later on the same promise) can its absence prove anything.
    await act(async () => {
      await slow.promise.finally(() => undefined);
      await Promise.resolve();
    });
    expect(oldAnswered).toBe(true);
    expect(result.current.items).toEqual(['new:null']);
  });

  it('shows a page it was given at once, without loading it; a new key loads', async () => {
    const asked: (string | null)[] = [];
    const { result, rerender } = renderHook(
      ({ q }: { q: string }) =>
        useServerList(
          ['t', 'given', q],
          async (cursor): Promise<ListPage<string>> => {
            asked.push(`${q}:${cursor}`);
            return { items: [`${q}:${cursor}`], next: null };
          },
          { initial: { items: ['prerendered'], next: 'p2' } },
        ),
      { wrapper, initialProps: { q: 'first' } },
    );
    expect(result.current).toMatchObject({ status: 'success', items: ['prerendered'] });
    act(() => result.current.more());
    await waitFor(() => expect(result.current.items).toEqual(['prerendered', 'first:p2']));
    expect(asked).toEqual(['first:p2']);
    rerender({ q: 'second' });
    await waitFor(() => expect(result.current.items).toEqual(['second:null']));
    expect(asked).toEqual(['first:p2', 'second:null']);
  });

  it('keys by value (object parts in any order); drops items already listed when told how', async () => {
    let loads = 0;
    const { result, rerender } = renderHook(
      ({ filters }: { filters: Record<string, string> }) =>
        useServerList(
          ['t', 'dedupe', filters],
          async (cursor) => {
            loads++;
            return cursor
              ? { items: [{ id: 'b' }, { id: 'c' }], next: null }
              : { items: [{ id: 'a' }, { id: 'b' }], next: 'p2' };
          },
          { itemKey: (item) => item.id },
        ),
      { wrapper, initialProps: { filters: { x: '1', y: '2' } } },
    );
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    // The same filters written in another order: the same list, not loaded again.
    rerender({ filters: { y: '2', x: '1' } });
    expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(loads).toBe(2);
  });

  it('keeps what it has when a later page fails, and reports the error', async () => {
    const { result } = renderHook(
      () =>
        useServerList(['t', 'flaky'], async (cursor) => {
          if (cursor) throw new Error('down');
          return { items: ['a'], next: 'p2' };
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.items).toEqual(['a']));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current).toMatchObject({ status: 'success', items: ['a'], loadingMore: false });
  });
});

describe('useServerValue', () => {
  it('is loading, then the data; a confirmed change replaces it without a new load', async () => {
    let loads = 0;
    const { result } = renderHook(
      () =>
        useServerValue(['t', 'profile'], async () => {
          loads++;
          return { name: 'Priya' };
        }),
      { wrapper },
    );
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ data: { name: 'Priya' } }));
    act(() => result.current.update((p) => ({ ...p, name: 'Priya N' })));
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'success', data: { name: 'Priya N' } }),
    );
    expect(loads).toBe(1);
  });

  it('reports a failure at once (no retries)', async () => {
    let loads = 0;
    const { result } = renderHook(
      () =>
        useServerValue(['t', 'broken'], async () => {
          loads++;
          throw new Error('unreachable');
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(loads).toBe(1);
  });
});
