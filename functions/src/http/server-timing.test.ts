import { describe, expect, it } from 'vitest';
import { ServerTiming } from './server-timing.js';

describe('ServerTiming', () => {
  it('records each step with its duration, in the order they ended, also one that threw', async () => {
    const timing = new ServerTiming();
    const slow = timing.time('search', () => new Promise((r) => setTimeout(() => r('hits'), 30)));
    await expect(timing.time('read', () => Promise.reject(new Error('gone')))).rejects.toThrow(
      'gone',
    );
    expect(await slow).toBe('hits');
    const steps = timing.header().split(', ');
    expect(steps.map((s) => s.split(';')[0])).toEqual(['read', 'search']);
    const searchMs = Number(/dur=([\d.]+)/.exec(steps[1]!)![1]);
    expect(searchMs).toBeGreaterThanOrEqual(25);
  });

  it('is empty when nothing was timed', () => {
    expect(new ServerTiming().header()).toBe('');
  });
});
