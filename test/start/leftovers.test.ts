/**
 * `npm start` leaves no process behind, whatever ends it: killed with SIGKILL (its reaper stops
 * what it ran; should the reaper be gone too, the next start does, from the run's pid file) or a
 * hangup or SIGTERM sent to npm alone (npm forwards SIGTERM but dies of SIGHUP, leaving the
 * script it ran without a parent). Each run is found as a tree of processes below npm, taken when
 * it is ready (every emulator, Google's Firestore emulator and the function workers included),
 * and each of them is checked by pid and start time. One temporary data directory and one random
 * loopback address for all the runs, as a developer's `.emulator-data/` on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  descendantsOf,
  isRunning,
  killRecords,
  waitUntilGone,
  type ProcessRecord,
} from '../../scripts/lib/processes.mjs';
import { stackPorts } from '../../scripts/lib/stack.mjs';
import { freeLoopbackHost } from '../support/stack.js';
import { Output, ROOT, exited, portClosed } from './support.js';

const START_TIMEOUT_MS = 240_000;
/** Long enough for a stop with its exports on a busy 2-core machine. */
const STOP_TIMEOUT_MS = 90_000;
const PORTS = Object.values(stackPorts());

let host: string;
let dataDir: string;
const runs: Run[] = [];
/** Processes other tests started (killed after a failure). */
const others: ProcessRecord[] = [];

interface Run {
  npm: ChildProcess;
  out: Output;
  /** Every process of the run (npm and all below it) seen so far. */
  seen: ProcessRecord[];
}

async function startRun(): Promise<Run> {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    // A process group of its own, as a terminal gives it: SIGKILL can reach npm and the script.
    detached: true,
    // Built by then (npm test builds first): a build here would only slow every run.
    env: {
      ...process.env,
      NOTENEST_DATA_DIR: dataDir,
      NOTENEST_HOST: host,
      NOTENEST_BUILD: 'never',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { npm, out: new Output(npm), seen: [] };
  runs.push(run);
  await run.out.waitFor(/\[start\] ready in/, npm, START_TIMEOUT_MS);
  look(run);
  return run;
}

/** Adds what runs below the run's npm now to what it is known to have run. */
function look(run: Run): ProcessRecord[] {
  const known = new Set(run.seen.map((r) => r.pid));
  for (const p of [...descendantsOf([run.npm.pid!]).values()])
    if (!known.has(p.pid)) run.seen.push({ ...p, tag: p.cmdline.slice(0, 100) });
  return run.seen;
}

const stillRunning = (run: Run) => run.seen.filter(isRunning).map((r) => `${r.pid} ${r.tag}`);

async function portsFree(): Promise<number[]> {
  const taken: number[] = [];
  for (const port of PORTS) if (!(await portClosed(port, host))) taken.push(port);
  return taken;
}

beforeAll(async () => {
  host = await freeLoopbackHost();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nn-leftovers-'));
});

// Whatever a failed test left (only processes these tests started), so that the next test
// starts from free ports.
afterEach(async () => {
  const left = [...runs.flatMap((run) => run.seen), ...others];
  killRecords(left);
  await waitUntilGone(left, 10_000);
  await expect.poll(portsFree, { timeout: 15_000 }).toEqual([]);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// Each `npm start` costs a start and a stop of the whole stack (about a minute and a half on a
// busy 2-core machine), so the cases share runs: the run the reaper could not clean up after is
// cleaned up by the next start, and that next run is the one killed with its reaper alive.
describe('npm start leaves no process behind', () => {
  it('killed with SIGKILL: the next start stops what a run without its reaper left; the reaper stops the rest', async () => {
    const killed = await startRun();
    const seen = look(killed);
    // The tree holds the whole stack (Google's Firestore emulator below firebase-tools).
    expect(seen.some((r) => /cloud-firestore-emulator/.test(r.cmdline))).toBe(true);
    expect(seen.some((r) => /emulator\/dist\/cli\.js/.test(r.cmdline))).toBe(true);
    const reaper = seen.filter((r) => /reaper\.mjs/.test(r.cmdline));
    expect(reaper).toHaveLength(1);
    // npm, the script and the reaper at once: nothing of the run can clean up after it.
    process.kill(-killed.npm.pid!, 'SIGKILL');
    process.kill(reaper[0]!.pid, 'SIGKILL');
    await exited(killed.npm);
    expect(stillRunning(killed).length).toBeGreaterThan(0);

    const next = await startRun();
    expect(next.out.lines.join('\n')).toMatch(/\[start\] the last run ended without stopping/);
    expect(stillRunning(killed)).toEqual([]);

    // Now npm and the script alone: the reaper they leave stops everything they ran.
    look(next);
    process.kill(-next.npm.pid!, 'SIGKILL');
    await expect
      .poll(() => stillRunning(next), { timeout: STOP_TIMEOUT_MS, interval: 500 })
      .toEqual([]);
    // A listening socket can outlive its process by a moment (a JVM's, seen here).
    await expect.poll(portsFree, { timeout: 15_000 }).toEqual([]);
  }, 600_000);

  // SIGTERM needs no case of its own: npm forwards it, as it does Ctrl-C's SIGINT
  // (npm-start.test.ts). A hangup kills npm and leaves the script without a parent.
  it('when npm alone gets SIGHUP: everything stops and the data is kept', async () => {
    const run = await startRun();
    look(run);
    process.kill(run.npm.pid!, 'SIGHUP');
    await expect
      .poll(() => stillRunning(run), { timeout: STOP_TIMEOUT_MS, interval: 500 })
      .toEqual([]);
    expect(run.out.lines.join('\n')).toContain('[start] stopped; data kept');
    await expect.poll(portsFree, { timeout: 15_000 }).toEqual([]);
  }, 400_000);
});

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
