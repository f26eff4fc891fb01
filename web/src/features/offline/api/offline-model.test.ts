import { OFFLINE_CACHE_MAX_BYTES } from '@notenest/shared';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MAX_MB, offlineSpaceProblem } from './offline-model';

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
