/**
 * The emulator's stand-in for the platform's redelivery of failed trigger runs (redeliver.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { redelivered } from './redeliver.js';

/** A handler that fails its first `failures` runs, recording each run's argument. */
function flaky(failures: number) {
  const runs: string[] = [];
  const handler = async (arg: string) => {
    runs.push(arg);
    if (runs.length <= failures) throw new Error(`lock timeout ${runs.length}`);
  };
  return { runs, handler };
}

afterEach(() => vi.restoreAllMocks());

describe('redelivered', () => {
  it('in the emulator, runs a failed handler again with the same event until it succeeds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { runs, handler } = flaky(2);
    const run = redelivered('noteWritten', handler, { emulated: true, firstDelayMs: 1 });
    await expect(run('event-1')).resolves.toBeUndefined();
    expect(runs).toEqual(['event-1', 'event-1', 'event-1']);
    // Each failure is logged with its reason, though a later run succeeded.
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^noteWritten: run 1 of 4 failed, running it again in 1 ms .*lock timeout 1/s,
    );
    expect(String(warn.mock.calls[1]?.[0])).toMatch(/run 2 of 4 failed, running it again in 2 ms/);
  });

  it('gives up after its attempts with the last failure, as a run that fails for good', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { runs, handler } = flaky(10);
    const run = redelivered('userWritten', handler, {
      emulated: true,
      attempts: 3,
      firstDelayMs: 1,
    });
    await expect(run('event-2')).rejects.toThrow('lock timeout 3');
    expect(runs).toHaveLength(3);
  });

  it('deployed, the handler is left as it is: the platform redelivers', async () => {
    const { runs, handler } = flaky(1);
    const run = redelivered('noteWritten', handler, { emulated: false, firstDelayMs: 1 });
    expect(run).toBe(handler);
    await expect(run('event-3')).rejects.toThrow('lock timeout 1');
    expect(runs).toEqual(['event-3']);
  });

  it('follows FUNCTIONS_EMULATOR, which the Functions emulator sets', () => {
    const { handler } = flaky(0);
    vi.stubEnv('FUNCTIONS_EMULATOR', 'true');
    expect(redelivered('x', handler)).not.toBe(handler);
    vi.stubEnv('FUNCTIONS_EMULATOR', '');
    expect(redelivered('x', handler)).toBe(handler);
    vi.unstubAllEnvs();
  });
});
