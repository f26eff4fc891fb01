import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchSlot } from './prefetch-slot';

afterEach(() => {
  vi.useRealTimers();
});

describe('prefetchSlot', () => {
  it('gives the kept read once, to its own key', () => {
    const slot = prefetchSlot<number>();
    const read = Promise.resolve(1);
    slot.keep('a', read);
    expect(slot.take('a')).toBe(read);
    expect(slot.take('a')).toBeNull();
    slot.keep('a', read);
    // Asked for another key: not given, and gone.
    expect(slot.take('b')).toBeNull();
    expect(slot.take('a')).toBeNull();
  });

  it('keeps the newest only, and not past its freshness', () => {
    vi.useFakeTimers();
    const slot = prefetchSlot<number>(1_000);
    const first = Promise.resolve(1);
    const second = Promise.resolve(2);
    slot.keep('a', first);
    slot.keep('a', second);
    expect(slot.take('a')).toBe(second);
    slot.keep('a', first);
    vi.advanceTimersByTime(1_000);
    expect(slot.take('a')).toBeNull();
  });

  it('leaves a failed read to its taker: nothing is unhandled meanwhile', async () => {
    const slot = prefetchSlot<number>();
    const failed = Promise.reject(new Error('offline'));
    slot.keep('a', failed);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(slot.take('a')).rejects.toThrow('offline');
  });
});
