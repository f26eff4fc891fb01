/**
 * `npm start` end to end, as a person runs it: start it in its own process group, wait for the
 * printed URL, open it in headless Chromium, see the home page and the seeded notes, then Ctrl-C
 * (SIGINT to the whole group, like a terminal) and check that everything stopped and the data was
 * exported. Uses the fixed ports of firebase.json (what `npm start` promises) on a random free
 * loopback address (NOTENEST_HOST), so it never meets a developer's `npm start` on 127.0.0.1 or
 * another suite's stack, and a temporary data directory (NOTENEST_DATA_DIR), so a developer's
 * .emulator-data/ is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../emulator/src/testing/chromium.js';
import { buildDemoData } from '../../scripts/lib/demo-data.mjs';
import { descendantsOf, isRunning } from '../../scripts/lib/processes.mjs';
import { freeLoopbackHost } from '../support/stack.js';
import { Output, ROOT, exited, portClosed } from './support.js';

const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
const PORTS = ['auth', 'functions', 'firestore', 'storage', 'hosting'].map(
  (name) => config.emulators[name].port as number,
);
const START_TIMEOUT_MS = 240_000;

let host: string;
let dataDir: string;
let child: ChildProcess;
let out: Output;
let url: string;
let browser: Browser;
let page: Page;
let startMs: number;

beforeAll(async () => {
  host = await freeLoopbackHost();
  for (const port of PORTS) {
    expect(await portClosed(port, host), `port ${host}:${port} must be free`).toBe(true);
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'nn-start-'));
  const t0 = Date.now();
  child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, NOTENEST_DATA_DIR: dataDir, NOTENEST_HOST: host },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  out = new Output(child);
  const [line] = await Promise.all([
    out.waitFor(/Web app: +http:\/\/\S+/, child, START_TIMEOUT_MS),
    out.waitFor(/\[start\] ready in/, child, START_TIMEOUT_MS),
  ]);
  startMs = Date.now() - t0;
  url = /http:\/\/\S+/.exec(line)![0];
  browser = await launchChromium();
  page = await browser.newPage();
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('prints the web URL and the demo accounts', () => {
    expect(url).toBe(`http://${host}:${config.emulators.hosting.port}`);
    const text = out.lines.join('\n');
    for (const a of buildDemoData().accounts) {
      expect(text).toMatch(new RegExp(`${a.email.replace('.', '\\.')} +${a.password}\\b`));
    }
    expect(text).toMatch(/seed: 7 accounts, 64 notes \(48 approved\)/);
    // firebase-tools' table lists Google's Firestore emulator beside Auth, Functions and Hosting.
    // eslint-disable-next-line no-control-regex
    const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
    for (const [name, port] of [
      ['Authentication', config.emulators.auth.port],
      ['Functions', config.emulators.functions.port],
      ['Firestore', config.emulators.firestore.port],
      ['Hosting', config.emulators.hosting.port],
    ])
      expect(plain).toMatch(new RegExp(`│ ${name} +│ ${host.replace(/\./g, '\\.')}:${port} +│`));
    expect(text).toMatch(/\[storage\] notenest-emulator ready .*storage=http:\/\/\S+:9199/);
    console.log(
      `npm start: URL after ${(startMs / 1000).toFixed(1)} s; ` +
        out.lines.find((l) => l.startsWith('[start] ready in')),
    );
  });

  it('serves the home page', async () => {
    await page.goto(url);
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 30_000 })
      .toBe('Share & Discover Academic Notes Easily!');
  });

  it('shows the newest seeded approved notes on /browse (web app -> Google’s Firestore emulator)', async () => {
    const expected = buildDemoData()
      .notes.filter((n) => n.data.approved)
      .sort((a, b) => b.data.createdAt.getTime() - a.data.createdAt.getTime())
      .slice(0, 24);
    await page.goto(`${url}/browse`);
    const cards = page.locator('[data-testid="notes-grid"] article[data-note-id]');
    await cards.first().waitFor({ timeout: 30_000 });
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-note-id')));
    expect(ids).toEqual(expected.map((n) => n.id));
    await expect(page.locator(`#note-${expected[0]!.id}-title`)).toBeDefined();
    expect(await page.locator(`#note-${expected[0]!.id}-title`).textContent()).toBe(
      expected[0]!.data.title,
    );
  });

  it('reaches the API through the Hosting rewrite and a note file in Storage, from the page', async () => {
    // The seed points fileUrl at the Storage emulator on the stack's host.
    const storageOrigin = `http://${host}:${config.emulators.storage.port}`;
    const note = buildDemoData({ storageOrigin }).notes.find(
      (n) => n.data.approved && n.data.fileType === 'application/pdf',
    )!;
    const result = await page.evaluate(async (fileUrl) => {
      const health = await (await fetch('/api/health?deep=true')).json();
      const file = await fetch(fileUrl);
      const head = new TextDecoder().decode((await file.arrayBuffer()).slice(0, 8));
      return { health, status: file.status, type: file.headers.get('content-type'), head };
    }, note.data.fileUrl);
    expect(result.health).toMatchObject({ status: 'ok', firestore: 'ok' });
    expect(result).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-1.4' });
  });

  it('stops everything on Ctrl-C and keeps the data', async () => {
    // Every process of the run: the emulators, Google's Firestore emulator (in a session of its
    // own, below firebase-tools), function workers, the stack's reaper.
    const tree = [...descendantsOf([child.pid!]).values()].map((p) => ({ ...p, tag: '' }));
    expect(tree.some((p) => /cloud-firestore-emulator/.test(p.cmdline))).toBe(true);
    const t0 = Date.now();
    process.kill(-child.pid!, 'SIGINT');
    const code = await Promise.race([
      exited(child),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no exit after SIGINT:\n${out.tail()}`)), 90_000),
      ),
    ]);
    console.log(`npm start stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(code, out.tail()).toBe(0);
    expect(out.lines.join('\n')).toContain('[start] stopped; data kept');
    for (const port of PORTS) expect(await portClosed(port, host), `port ${port}`).toBe(true);
    // The generated firebase-tools config (every emulator bound to the host) is removed.
    expect(existsSync(path.join(ROOT, `.firebase.${host}.json`))).toBe(false);
    // Nothing left in the children's process groups (firebase-tools' function workers included).
    const groups = [...out.lines.join('\n').matchAll(/\(process group (\d+)\)/g)].map((m) =>
      Number(m[1]),
    );
    expect(groups).toHaveLength(2);
    const alive = (pgid: number) => {
      try {
        process.kill(-pgid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // firebase-tools ends its function workers without waiting for them: allow a moment.
    for (const pgid of groups)
      await expect
        .poll(() => alive(pgid), { timeout: 10_000, message: `group ${pgid}` })
        .toBe(false);
    await expect
      .poll(() => tree.filter(isRunning).map((p) => `${p.pid} ${p.cmdline.slice(0, 100)}`), {
        timeout: 10_000,
      })
      .toEqual([]);
    // Our Storage emulator's export, and firebase-tools' (Auth and Firestore).
    expect(existsSync(path.join(dataDir, 'notenest-export.json'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'storage'))).toBe(true);
    const meta = JSON.parse(
      readFileSync(path.join(dataDir, 'firebase', 'firebase-export-metadata.json'), 'utf8'),
    );
    expect(meta).toMatchObject({
      firestore: { path: 'firestore_export' },
      auth: { path: 'auth_export' },
    });
    const accounts = readFileSync(
      path.join(dataDir, 'firebase', 'auth_export', 'accounts.json'),
      'utf8',
    );
    expect(accounts).toContain('admin@notenest.dev');
    expect(existsSync(path.join(dataDir, 'firebase', 'firebase-export-metadata.json'))).toBe(true);
  }, 120_000);
});
