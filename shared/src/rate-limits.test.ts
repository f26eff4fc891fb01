import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, RATE_WINDOW_MS } from './constants.js';
import { nextWindow } from './rate-limits.js';

describe('nextWindow', () => {
  const t0 = 1_700_000_000_000;

  it('starts a window on the first unit', () => {
    expect(nextWindow('like', null, t0)).toEqual({ kind: 'new' });
  });

  it('counts within the window up to the limit, then refuses until it is over', () => {
    expect(nextWindow('upload', { startMs: t0, count: 1 }, t0 + 1000)).toEqual({
      kind: 'same',
      count: 2,
    });
    expect(nextWindow('upload', { startMs: t0, count: RATE_LIMITS.upload - 1 }, t0 + 1000)).toEqual(
      { kind: 'same', count: RATE_LIMITS.upload },
    );
    expect(nextWindow('upload', { startMs: t0, count: RATE_LIMITS.upload }, t0 + 1000)).toEqual({
      kind: 'limited',
      retryInMs: RATE_WINDOW_MS - 1000,
    });
  });

  it('starts a new window once the old one is over', () => {
    expect(
      nextWindow('comment', { startMs: t0, count: RATE_LIMITS.comment }, t0 + RATE_WINDOW_MS),
    ).toEqual({ kind: 'new' });
  });
});
