/**
 * A test run's own Google Firestore emulator (scripts/lib/firestore-emulator.mjs, what the root
 * suites' globalSetup starts) leaves no process behind, even when the process that started it is
 * killed with SIGKILL. What `npm start` leaves (nothing, whatever ends it) is checked with its
 * runs in npm-start.test.ts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  descendantsOf,
  isRunning,
  killRecords,
  type ProcessRecord,
} from '../../scripts/lib/processes.mjs';
import { Output, ROOT, exited } from './support.js';

/** Processes the test started (killed after a failure). */
const others: ProcessRecord[] = [];

afterAll(() => killRecords(others));

describe("a test run's Firestore emulator (scripts/lib/firestore-emulator.mjs)", () => {
  it('ends with the process that started it, even killed with SIGKILL', async () => {
    const script = `
      const { startFirestoreEmulator } = await import(${JSON.stringify(path.join(ROOT, 'scripts/lib/firestore-emulator.mjs'))});
      const emulator = await startFirestoreEmulator({ root: ${JSON.stringify(ROOT)} });
      console.log('listening ' + emulator.hostPort);
      setInterval(() => {}, 1000);`;
    const owner = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = new Output(owner);
    const line = await out.waitFor(/^listening /, owner, 60_000);
    const java = [...descendantsOf([owner.pid!]).values()]
      .filter((p) => p.cmdline.includes(`--port ${line.split(':').pop()}`))
      .map((p) => ({ ...p, tag: 'firestore' }));
    expect(java).toHaveLength(1);
    others.push(...java);
    owner.kill('SIGKILL');
    await exited(owner);
    await expect.poll(() => java.filter(isRunning), { timeout: 15_000 }).toEqual([]);
  }, 90_000);
});
