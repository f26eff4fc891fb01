/**
 * The firebase web SDK's browser build (XHR transport, upload progress, aborts on pause) in
 * headless Chromium, served from another origin so every call goes through CORS.
 */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, requireChromium } from '../testing/chromium.js';
import { serveBundle, type ServedBundle } from '../testing/serve-bundle.js';
import { startStorageServer, type StorageServer } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUCKET = 'demo-browser.appspot.com';

const PAGE_SCRIPT = `
import { initializeApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytesResumable, uploadBytes, getDownloadURL,
  getBlob, getBytes, getMetadata, updateMetadata, deleteObject, list, listAll } from 'firebase/storage';

function pattern(n) { const b = new Uint8Array(n); for (let i = 0; i < n; i++) b[i] = (i * 31 + 7) & 255; return b; }
function sum(b) { let s = 0; for (let i = 0; i < b.length; i++) s = (s * 33 + b[i]) >>> 0; return s; }
const plain = (o) => JSON.parse(JSON.stringify(o));
async function code(p) { try { await p; return 'ok'; } catch (e) { return e.code; } }

window.setup = (port) => {
  const app = initializeApp({ projectId: 'demo-browser', storageBucket: '${BUCKET}', apiKey: 'fake' });
  window.st = getStorage(app);
  connectStorageEmulator(window.st, '127.0.0.1', port, { mockUserToken: { sub: 'browser-user' } });
};

window.uploadAndMetadata = async () => {
  const r = ref(window.st, 'browser/meta/doc.pdf');
  const data = pattern(7000);
  const up = await uploadBytes(r, data, { contentType: 'application/pdf', cacheControl: 'public, max-age=60',
    contentDisposition: 'inline', customMetadata: { owner: 'browser-user', n: '1' } });
  const got = await getMetadata(r);
  const updated = await updateMetadata(r, { cacheControl: null, contentLanguage: 'fr', customMetadata: { n: '2', extra: 'x' } });
  const again = await getMetadata(r);
  const bytes = new Uint8Array(await getBytes(r));
  const head = new Uint8Array(await getBytes(r, 100));
  const blob = await getBlob(r);
  const blobBytes = new Uint8Array(await blob.arrayBuffer());
  return { uploaded: plain(up.metadata), got: plain(got), updated: plain(updated), again: plain(again),
    ref: up.ref.fullPath, bytes: { n: bytes.length, sum: sum(bytes), want: sum(data) },
    head: { n: head.length, sum: sum(head), want: sum(data.subarray(0, 100)) },
    blob: { n: blobBytes.length, sum: sum(blobBytes), type: blob.type } };
};

window.resumable = async (size, pauseOnce) => {
  const data = pattern(size);
  const r = ref(window.st, 'browser/up/big.bin');
  const task = uploadBytesResumable(r, data, { contentType: 'application/x-test', customMetadata: { via: 'browser' } });
  const progress = [];
  const states = new Set();
  let paused = false;
  task.on('state_changed', (s) => {
    progress.push(s.bytesTransferred);
    states.add(s.state);
    if (s.totalBytes !== size) states.add('bad-total');
    if (s.state === 'paused') setTimeout(() => task.resume(), 50);
    if (pauseOnce && !paused && s.bytesTransferred > 0 && s.bytesTransferred < size) { paused = true; task.pause(); }
  });
  const snap = await task;
  const back = new Uint8Array(await getBytes(r));
  return { progress, states: [...states].sort(), state: snap.state, transferred: snap.bytesTransferred,
    metadata: plain(snap.metadata), same: back.length === size && sum(back) === sum(data) };
};

window.cancelUpload = async () => {
  const r = ref(window.st, 'browser/up/cancel.bin');
  const task = uploadBytesResumable(r, pattern(4 * 1024 * 1024));
  const states = [];
  task.on('state_changed', (s) => { states.push(s.state); if (s.bytesTransferred > 0) task.cancel(); });
  const err = await code(task);
  return { err, taskState: task.snapshot.state, after: await code(getMetadata(r)) };
};

window.downloadUrl = async (port) => {
  const data = pattern(5000);
  const r = ref(window.st, 'browser/dl/img.png');
  await uploadBytes(r, data, { contentType: 'image/png' });
  const url = await getDownloadURL(r);
  const resp = await fetch(url);
  const got = new Uint8Array(await resp.arrayBuffer());
  const raw = await (await fetch('http://127.0.0.1:' + port + '/v0/b/${BUCKET}/o/' + encodeURIComponent('browser/dl/img.png'),
    { headers: { Authorization: 'Firebase owner' } })).json();
  const blob = await getBlob(r);
  const blobBytes = new Uint8Array(await blob.arrayBuffer());
  return { url, status: resp.status, type: resp.headers.get('content-type'), length: resp.headers.get('content-length'),
    same: sum(got) === sum(data) && got.length === 5000, downloadTokens: raw.downloadTokens,
    blobSize: blob.size, blobType: blob.type, blobSame: sum(blobBytes) === sum(data) };
};

window.listing = async () => {
  for (const n of ['a', 'b', 'c', 'd', 'e']) await uploadBytes(ref(window.st, 'browser/list/' + n + '.txt'), pattern(3));
  await uploadBytes(ref(window.st, 'browser/list/sub/z.txt'), pattern(3));
  const pages = [];
  let pageToken;
  do {
    const page = await list(ref(window.st, 'browser/list'), { maxResults: 2, pageToken });
    pages.push({ items: page.items.map((i) => i.fullPath), prefixes: page.prefixes.map((p) => p.fullPath) });
    pageToken = page.nextPageToken;
  } while (pageToken);
  const all = await listAll(ref(window.st, 'browser/list'));
  return { pages, all: { items: all.items.map((i) => i.name), prefixes: all.prefixes.map((p) => p.fullPath) } };
};

window.deleteAndMissing = async () => {
  const r = ref(window.st, 'browser/del/gone.txt');
  await uploadBytes(r, pattern(10));
  const before = await code(getMetadata(r));
  const del = await code(deleteObject(r));
  const missing = [];
  for (const f of [() => getMetadata(r), () => getBytes(r), () => getBlob(r), () => getDownloadURL(r),
    () => updateMetadata(r, { contentType: 'text/plain' }), () => deleteObject(r)]) missing.push(await code(f()));
  return { before, del, missing };
};

window.unauthorized = async () => {
  const simple = await code(uploadBytes(ref(window.st, 'locked/x.txt'), pattern(10)));
  const task = uploadBytesResumable(ref(window.st, 'limited/big.bin'), pattern(2 * 1024 * 1024));
  const progress = [];
  task.on('state_changed', (s) => progress.push(s.bytesTransferred));
  const resumable = await code(task);
  const small = await code(uploadBytesResumable(ref(window.st, 'limited/small.bin'), pattern(600 * 1024)));
  const read = await code(getMetadata(ref(window.st, 'locked/x.txt')));
  return { simple, resumable, progress, transferred: task.snapshot.bytesTransferred, small, read };
};
`;

let server: StorageServer;
let pageServer: ServedBundle;
let browser: Browser;
let page: Page;

const RULES = `
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /browser/{all=**} {
      allow read, write: if request.auth != null && request.auth.uid == 'browser-user';
    }
    match /locked/{f} {
      allow read;
      allow write: if false;
    }
    match /limited/{f} {
      allow write: if request.resource.size < 1024 * 1024;
    }
  }
}`;

/** Same bytes as the page's pattern(). */
function pattern(n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + 7) & 255;
  return b;
}
const md5 = (b: Buffer): string => createHash('md5').update(b).digest('base64');

function call<T>(fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([name, a]) =>
      (window as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[name as string]!(
        ...(a as unknown[]),
      ),
    [fn, args] as const,
  ) as Promise<T>;
}

type Meta = Record<string, unknown> & { customMetadata?: Record<string, string> };

// Browsers are never downloaded here. CI installs Debian's chromium; a missing browser fails the
// run (it must not silently skip). CHROMIUM_PATH points elsewhere if needed.
describe('web SDK in headless Chromium', () => {
  beforeAll(async () => {
    requireChromium();
    server = await startStorageServer({ port: 0 });
    server.setRules('*', [{ name: 'storage.rules', content: RULES }]);
    pageServer = await serveBundle({
      contents: PAGE_SCRIPT,
      resolveDir: here,
      format: 'iife',
      prefix: 'nn-storage-browser-',
    });
    browser = await launchChromium();
    page = await browser.newPage();
    // `localhost` page vs `127.0.0.1` emulator: a different origin, so CORS applies.
    await page.goto(`http://localhost:${pageServer.port}/`);
    await page.evaluate(
      (port) => (window as unknown as { setup(p: number): void }).setup(port),
      server.port,
    );
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await pageServer?.close();
    await server?.close();
  });

  it('uploadBytes, getMetadata, updateMetadata, getBytes (full and capped), getBlob: bytes and metadata', async () => {
    const r = await call<{
      uploaded: Meta;
      got: Meta;
      updated: Meta;
      again: Meta;
      ref: string;
      bytes: { n: number; sum: number; want: number };
      head: { n: number; sum: number; want: number };
      blob: { n: number; sum: number; type: string };
    }>('uploadAndMetadata');
    const data = pattern(7000);
    expect(r.ref).toBe('browser/meta/doc.pdf');
    expect(r.uploaded).toMatchObject({
      type: 'file',
      bucket: BUCKET,
      fullPath: 'browser/meta/doc.pdf',
      name: 'doc.pdf',
      size: 7000,
      md5Hash: md5(data),
      contentType: 'application/pdf',
      cacheControl: 'public, max-age=60',
      contentDisposition: 'inline',
      metageneration: '1',
      customMetadata: { owner: 'browser-user', n: '1' },
    });
    expect(r.uploaded['generation']).toMatch(/^\d+$/);
    expect(new Date(r.uploaded['timeCreated'] as string).toISOString()).toBe(
      r.uploaded['timeCreated'],
    );
    expect(r.uploaded['updated']).toBe(r.uploaded['timeCreated']);
    // The download token is not part of the SDK's metadata object.
    expect(r.uploaded.customMetadata).not.toHaveProperty('firebaseStorageDownloadTokens');
    expect(r.got).toEqual(r.uploaded);
    expect(r.updated).toMatchObject({
      size: 7000,
      md5Hash: md5(data),
      generation: r.uploaded['generation'],
      metageneration: '2',
      contentLanguage: 'fr',
      contentDisposition: 'inline',
      customMetadata: { owner: 'browser-user', n: '2', extra: 'x' },
    });
    expect(r.updated).not.toHaveProperty('cacheControl');
    expect(r.updated['timeCreated']).toBe(r.uploaded['timeCreated']);
    expect(Date.parse(r.updated['updated'] as string)).toBeGreaterThanOrEqual(
      Date.parse(r.uploaded['updated'] as string),
    );
    expect(r.again).toEqual(r.updated);
    expect(r.bytes).toEqual({ n: 7000, sum: r.bytes.want, want: r.bytes.want });
    expect(r.head).toEqual({ n: 100, sum: r.head.want, want: r.head.want });
    expect(r.blob).toEqual({ n: 7000, sum: r.bytes.want, type: 'application/pdf' });
  });

  it('uploadBytesResumable reports progress in the page, survives pause/resume, bytes intact', async () => {
    const size = 3 * 1024 * 1024 + 5;
    const r = await call<{
      progress: number[];
      states: string[];
      state: string;
      transferred: number;
      metadata: Meta;
      same: boolean;
    }>('resumable', size, true);
    expect(r.state).toBe('success');
    // state_changed reports running/paused; success settles the task (snap.state above).
    expect(r.states).toEqual(['paused', 'running']);
    expect(r.transferred).toBe(size);
    expect(r.same).toBe(true);
    expect(r.metadata).toMatchObject({
      size,
      md5Hash: md5(pattern(size)),
      contentType: 'application/x-test',
      customMetadata: { via: 'browser' },
      metageneration: '1',
    });
    expect(r.progress.length).toBeGreaterThan(3);
    // Intermediate values, ending at the full size, never going back but once: a pause that
    // lands mid-chunk aborts that chunk's request, and the SDK then reports the bytes the
    // server had confirmed (seen here in a loaded run: 262144 -> 0), as it does against Google.
    expect(r.progress.some((n) => n > 0 && n < size)).toBe(true);
    const drops = r.progress.filter((n, i) => i > 0 && n < r.progress[i - 1]!).length;
    expect(drops).toBeLessThanOrEqual(1);
    expect(r.progress[r.progress.length - 1]).toBe(size);
  });

  it('cancel rejects with storage/canceled and leaves no object', async () => {
    const r = await call<{ err: string; taskState: string; after: string }>('cancelUpload');
    expect(r).toEqual({
      err: 'storage/canceled',
      taskState: 'canceled',
      after: 'storage/object-not-found',
    });
  });

  it('getDownloadURL is fetchable cross-origin with its token; getBlob works', async () => {
    const r = await call<Record<string, unknown>>('downloadUrl', server.port);
    expect(r).toMatchObject({
      status: 200,
      type: 'image/png',
      length: '5000',
      same: true,
      blobSize: 5000,
      blobType: 'image/png',
      blobSame: true,
    });
    expect(typeof r['downloadTokens']).toBe('string');
    const url = new URL(r['url'] as string);
    expect(url.host).toBe(`127.0.0.1:${server.port}`);
    expect(url.pathname).toBe(`/v0/b/${BUCKET}/o/${encodeURIComponent('browser/dl/img.png')}`);
    expect(url.searchParams.get('alt')).toBe('media');
    expect(url.searchParams.get('token')).toBe(r['downloadTokens']);
  });

  it('list pages with maxResults and page tokens; listAll with prefixes', async () => {
    const r = await call<{
      pages: { items: string[]; prefixes: string[] }[];
      all: { items: string[]; prefixes: string[] };
    }>('listing');
    // Like GCS, a page holds the next maxResults entries in name order, items and prefixes
    // together: `sub/` sorts after `e.txt`.
    expect(r.pages).toEqual([
      { items: ['browser/list/a.txt', 'browser/list/b.txt'], prefixes: [] },
      { items: ['browser/list/c.txt', 'browser/list/d.txt'], prefixes: [] },
      { items: ['browser/list/e.txt'], prefixes: ['browser/list/sub'] },
    ]);
    expect(r.all).toEqual({
      items: ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'],
      prefixes: ['browser/list/sub'],
    });
  });

  it('deleteObject, then every operation on the missing object is storage/object-not-found', async () => {
    const r = await call<{ before: string; del: string; missing: string[] }>('deleteAndMissing');
    expect(r.before).toBe('ok');
    expect(r.del).toBe('ok');
    expect(r.missing).toEqual(Array(6).fill('storage/object-not-found'));
  });

  it('uploads refused by rules are storage/unauthorized; a too-big resumable upload is refused before sending bytes', async () => {
    const r = await call<{
      simple: string;
      resumable: string;
      progress: number[];
      transferred: number;
      small: string;
      read: string;
    }>('unauthorized');
    expect(r.simple).toBe('storage/unauthorized');
    expect(r.resumable).toBe('storage/unauthorized');
    expect(r.transferred).toBe(0);
    expect(r.progress.every((n) => n === 0)).toBe(true);
    expect(r.small).toBe('ok');
    expect(r.read).toBe('storage/object-not-found');
  });

  it('credentialed cross-origin requests: success and error replies are readable', async () => {
    const r = await page.evaluate(async (p) => {
      const opts = {
        credentials: 'include' as const,
        headers: { 'X-Firebase-Storage-Version': 'webjs/test', Authorization: 'Firebase owner' },
      };
      const ok = await fetch(`http://127.0.0.1:${p}/v0/b/x/o?prefix=`, opts);
      const missing = await fetch(`http://127.0.0.1:${p}/v0/b/x/o/nope`, opts);
      const del = await fetch(`http://127.0.0.1:${p}/v0/b/x/o/nope`, { ...opts, method: 'DELETE' });
      return {
        ok: { status: ok.status, body: await ok.json() },
        missing: { status: missing.status, body: await missing.json() },
        del: del.status,
      };
    }, server.port);
    expect(r.ok).toEqual({ status: 200, body: { prefixes: [], items: [] } });
    expect(r.missing.status).toBe(404);
    expect(r.missing.body).toMatchObject({ error: { code: 404 } });
    expect(r.del).toBe(404);
  });
});
