import { OFFLINE_CACHE_MAX_BYTES } from '@notenest/shared';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MAX_MB, offlineSpaceProblem, staleOfflineIds } from './offline-model';

describe('offline notes size cap', () => {
  it('is 100 MB for every kept file together', () => {
    expect(OFFLINE_CACHE_MAX_BYTES).toBe(100 * 1024 * 1024);
    expect(OFFLINE_MAX_MB).toBe(100);
  });

  it('keeps a file that fits exactly, and refuses one byte more with a clear message', () => {
    const used = 60 * 1024 * 1024;
    expect(offlineSpaceProblem(used, OFFLINE_CACHE_MAX_BYTES - used)).toBeNull();
    expect(offlineSpaceProblem(used, OFFLINE_CACHE_MAX_BYTES - used + 1)).toBe(
      "This file does not fit in the 100 MB kept for offline notes. Remove another note's offline copy first.",
    );
  });

  it('refuses a single file larger than the cap on an empty device', () => {
    expect(offlineSpaceProblem(0, OFFLINE_CACHE_MAX_BYTES + 1)).not.toBeNull();
    expect(offlineSpaceProblem(0, 1)).toBeNull();
  });
});

describe('offline copies to free after Saved Notes is read online', () => {
  it('frees the copies of notes no longer readable or no longer saved, and keeps the rest', () => {
    // a: still readable; b: back under review (refused); c: removed from Saved Notes elsewhere.
    expect(staleOfflineIds(['a', 'b', 'c'], ['a', 'd'])).toEqual(['b', 'c']);
  });

  it('frees nothing when every kept note is still readable, or nothing is kept', () => {
    expect(staleOfflineIds(['a', 'b'], ['b', 'a', 'c'])).toEqual([]);
    expect(staleOfflineIds([], ['a'])).toEqual([]);
  });

  it('frees every copy when no saved note is readable any more', () => {
    expect(
      staleOfflineIds(
        new Map([
          ['a', 1],
          ['b', 2],
        ]).keys(),
        [],
      ),
    ).toEqual(['a', 'b']);
  });
});
