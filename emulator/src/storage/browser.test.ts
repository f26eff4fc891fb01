/**
 * The firebase web SDK's browser build (XHR transport, upload progress, aborts on pause) in
 * headless Chromium, served from another origin so every call goes through CORS.
 */
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUCKET = 'demo-browser.appspot.com';
const CHROMIUM = '/usr/bin/chromium';
// Browsers are never downloaded here: without the system Chromium this suite is skipped.
const hasChromium = existsSync(CHROMIUM);

const PAGE_SCRIPT = `
import { initializeApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytesResumable, uploadBytes, getDownloadURL,
  getBlob, getBytes, getMetadata, deleteObject, listAll } from 'firebase/storage';

function pattern(n) { const b = new Uint8Array(n); for (let i = 0; i < n; i++) b[i] = (i * 31 + 7) & 255; return b; }
function sum(b) { let s = 0; for (let i = 0; i < b.length; i++) s = (s * 33 + b[i]) >>> 0; return s; }

window.setup = (port) => {
  const app = initializeApp({ projectId: 'demo-browser', storageBucket: '${BUCKET}', apiKey: 'fake' });
  window.st = getStorage(app);
  connectStorageEmulator(window.st, '127.0.0.1', port, { mockUserToken: { sub: 'browser-user' } });
};

window.resumable = async (size, pauseOnce) => {
  const data = pattern(size);
  const task = uploadBytesResumable(ref(window.st, 'browser/big.bin'), data, { contentType: 'application/x-test', customMetadata: { via: 'browser' } });
  const progress = [];
  let paused = false, sawPaused = false;
  task.on('state_changed', (s) => {
    progress.push(s.bytesTransferred);
    if (s.state === 'paused') { sawPaused = true; setTimeout(() => task.resume(), 50); }
    if (pauseOnce && !paused && s.bytesTransferred > 0 && s.bytesTransferred < size) { paused = true; task.pause(); }
  });
  const snap = await task;
  const back = new Uint8Array(await getBytes(ref(window.st, 'browser/big.bin')));
  return { progress, sawPaused, state: snap.state, size: snap.metadata.size, custom: snap.metadata.customMetadata,
    contentType: snap.metadata.contentType, same: back.length === size && sum(back) === sum(data) };
};

window.cancelUpload = async () => {
  const task = uploadBytesResumable(ref(window.st, 'browser/cancel.bin'), pattern(4 * 1024 * 1024));
  task.on('state_changed', (s) => { if (s.bytesTransferred > 0) task.cancel(); });
  try { await task; return 'no error'; } catch (e) {
    let after = '';
    try { await getMetadata(ref(window.st, 'browser/cancel.bin')); after = 'exists'; } catch (e2) { after = e2.code; }
    return e.code + ' ' + after;
  }
};

window.downloadUrl = async () => {
  const data = pattern(5000);
  await uploadBytes(ref(window.st, 'browser/img.png'), data, { contentType: 'image/png' });
  const url = await getDownloadURL(ref(window.st, 'browser/img.png'));
  const resp = await fetch(url);
  const got = new Uint8Array(await resp.arrayBuffer());
  const blob = await getBlob(ref(window.st, 'browser/img.png'));
  return { status: resp.status, type: resp.headers.get('content-type'), same: sum(got) === sum(data) && got.length === 5000,
    blobSize: blob.size, blobType: blob.type };
};

window.errors = async () => {
  const r = ref(window.st, 'browser/missing.txt');
  const codes = [];
  for (const f of [() => getMetadata(r), () => getBytes(r), () => deleteObject(r)]) {
    try { await f(); codes.push('ok'); } catch (e) { codes.push(e.code); }
  }
  const all = await listAll(ref(window.st, 'browser'));
  return { codes, items: all.items.map((i) => i.fullPath) };
};
`;

let server: StorageServer;
let pageServer: http.Server;
let browser: Browser;
let page: Page;

type Win = Record<string, (...a: unknown[]) => Promise<unknown>>;

describe.skipIf(!hasChromium)('web SDK in headless Chromium', () => {
  beforeAll(async () => {
    server = await startStorageServer({ port: 0 });
    const bundle = await build({
      stdin: { contents: PAGE_SCRIPT, resolveDir: here, loader: 'js' },
      bundle: true,
      platform: 'browser',
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    const js = bundle.outputFiles[0]!.text;
    pageServer = http.createServer((req, res) => {
      if (req.url === '/app.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        res.end(js);
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><html><body><script src="/app.js"></script></body></html>');
      }
    });
    await new Promise<void>((r) => pageServer.listen(0, '127.0.0.1', r));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage();
    // `localhost` page vs `127.0.0.1` emulator: a different origin, so CORS applies.
    await page.goto(`http://localhost:${(pageServer.address() as AddressInfo).port}/`);
    await page.evaluate((port) => (window as unknown as { setup(p: number): void }).setup(port), server.port);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((r) => pageServer?.close(() => r()));
    await server?.close();
  });

  it('uploadBytesResumable reports progress, survives pause/resume, bytes intact', async () => {
    const size = 3 * 1024 * 1024 + 5;
    const r = (await page.evaluate((s) => (window as unknown as Win)['resumable']!(s, true), size)) as {
      progress: number[];
      sawPaused: boolean;
      state: string;
      size: number;
      custom: Record<string, string>;
      contentType: string;
      same: boolean;
    };
    expect(r.state).toBe('success');
    expect(r.sawPaused).toBe(true);
    expect(r.size).toBe(size);
    expect(r.same).toBe(true);
    expect(r.custom).toEqual({ via: 'browser' });
    expect(r.contentType).toBe('application/x-test');
    expect(r.progress.length).toBeGreaterThan(3);
    expect(r.progress[r.progress.length - 1]).toBe(size);
  });

  it('cancel rejects with storage/canceled and leaves no object', async () => {
    const r = await page.evaluate(() => (window as unknown as Win)['cancelUpload']!());
    expect(r).toBe('storage/canceled storage/object-not-found');
  });

  it('getDownloadURL is fetchable cross-origin; getBlob works', async () => {
    const r = await page.evaluate(() => (window as unknown as Win)['downloadUrl']!());
    expect(r).toEqual({ status: 200, type: 'image/png', same: true, blobSize: 5000, blobType: 'image/png' });
  });

  it('errors map to SDK codes; listAll', async () => {
    const r = (await page.evaluate(() => (window as unknown as Win)['errors']!())) as { codes: string[]; items: string[] };
    expect(r.codes).toEqual(['storage/object-not-found', 'storage/object-not-found', 'storage/object-not-found']);
    expect(r.items).toEqual(['browser/big.bin', 'browser/img.png']);
  });

  it('answers credentialed preflights', async () => {
    const port = server.port;
    const r = await page.evaluate(async (p) => {
      const resp = await fetch(`http://127.0.0.1:${p}/v0/b/x/o?prefix=`, {
        credentials: 'include',
        headers: { 'X-Firebase-Storage-Version': 'webjs/test', Authorization: 'Firebase owner' },
      });
      return { status: resp.status, body: await resp.json() };
    }, port);
    expect(r).toEqual({ status: 200, body: { prefixes: [], items: [] } });
  });
});
