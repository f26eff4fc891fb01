/**
 * Our Storage emulator's stop (what `npm start` and every test stack do on Ctrl-C): writes keep
 * arriving while it stops, and every write it acknowledged must be in the export it leaves, so
 * that the next start has it. The built CLI (emulator/dist/cli.js, as the stack runs it) on a free
 * port with an export directory of its own; uploads through the Cloud Storage JSON API (always
 * privileged, so no rules are involved).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Output, ROOT, exited, freePort } from './support.js';

const BUCKET = 'demo-stop.appspot.com';
const WRITES = 400;
const CONCURRENCY = 40;
/** The stop begins once this many writes were acknowledged: the rest race it. */
const STOP_AFTER = 100;
const BODY = Buffer.alloc(32 * 1024, 'n');

let dir: string;
let port: number;
const running: ChildProcess[] = [];

function startEmulator(importIt: boolean): Promise<{ child: ChildProcess; out: Output }> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'emulator/dist/cli.js'),
      'start',
      '--project',
      'demo-stop',
      '--storage-port',
      String(port),
      ...(importIt ? ['--import', dir] : []),
      '--export-on-exit',
      dir,
    ],
    // Its own folder: no firebase.json (and so no rules or fixed port) is picked up.
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.push(child);
  const out = new Output(child);
  return out.waitFor(/notenest-emulator ready/, child, 30_000).then(() => ({ child, out }));
}

const objectUrl = (name: string) =>
  `http://127.0.0.1:${port}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(name)}`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nn-storage-stop-'));
  port = await freePort();
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('the Storage emulator stopping under writes', () => {
  it('has every write it acknowledged in its export', async () => {
    const { child, out } = await startEmulator(false);
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let next = 0;
    let stopSent = false;
    const upload = async (name: string) => {
      try {
        const res = await fetch(
          `http://127.0.0.1:${port}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${name}`,
          { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: BODY },
        );
        await res.arrayBuffer();
        if (res.status === 200) acknowledged.push(name);
        else refused.push(res.status);
      } catch {
        // The server has closed: not acknowledged, nothing is owed.
      }
      if (!stopSent && acknowledged.length >= STOP_AFTER) {
        stopSent = true;
        child.kill('SIGINT');
      }
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < WRITES) await upload(`stress/object-${next++}`);
      }),
    );
    expect(await exited(child), out.tail()).toBe(0);
    // The stop happened during the stress: some writes came after it began.
    expect(stopSent).toBe(true);
    expect(acknowledged.length).toBeLessThan(WRITES);
    // A refused write is told to come back later, not that it was wrong.
    expect(new Set(refused)).toEqual(new Set(refused.length ? [503] : []));

    await startEmulator(true);
    const missing: string[] = [];
    for (const name of acknowledged) {
      const res = await fetch(objectUrl(name));
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(name);
    }
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged writes lost`).toEqual(
      [],
    );
  }, 120_000);
});
