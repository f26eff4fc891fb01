/**
 * Protocol edges the SDKs hit only under failure (a browser aborting a chunk on pause, GCS
 * status queries), export/import, and the 10 MB memory/throughput check. Raw HTTP clients.
 */
import { spawn } from 'node:child_process';
import * as fsp from 'node:fs/promises';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from './index.js';

let server: StorageServer;
let base: string;

beforeAll(async () => {
  server = await startStorageServer({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.clear();
});

async function startFirebaseResumable(name: string, size: number): Promise<string> {
  const r = await fetch(`${base}/v0/b/b/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(size),
      'X-Goog-Upload-Header-Content-Type': 'application/octet-stream',
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ name }),
  });
  expect(r.headers.get('x-goog-upload-status')).toBe('active');
  return r.headers.get('x-goog-upload-url')!;
}

/** Sends part of a chunk, then kills the connection: what XHR.abort() does on pause(). */
function abortedChunk(url: string, offset: number, declared: number, sent: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
      method: 'POST',
      headers: {
        'X-Goog-Upload-Command': 'upload',
        'X-Goog-Upload-Offset': String(offset),
        'Content-Length': String(declared),
      },
    });
    req.on('error', () => resolve());
    req.write(sent, () =>
      setTimeout(() => {
        req.destroy();
        setTimeout(resolve, 50);
      }, 50),
    );
  });
}

describe('resumable edge cases', () => {
  it('a chunk cut off mid-body is discarded; query reports the last whole chunk; upload resumes', async () => {
    const data = Buffer.alloc(600 * 1024, 1);
    for (let i = 0; i < data.length; i++) data[i] = i % 251;
    const url = await startFirebaseResumable('cut.bin', data.length);
    let r = await fetch(url, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': '0' },
      body: data.subarray(0, 256 * 1024),
    });
    expect(r.headers.get('x-goog-upload-status')).toBe('active');
    await abortedChunk(url, 256 * 1024, 256 * 1024, data.subarray(256 * 1024, 300 * 1024));
    r = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
    expect(r.headers.get('x-goog-upload-size-received')).toBe(String(256 * 1024));
    r = await fetch(url, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Command': 'upload, finalize',
        'X-Goog-Upload-Offset': String(256 * 1024),
      },
      body: data.subarray(256 * 1024),
    });
    expect(r.headers.get('x-goog-upload-status')).toBe('final');
    const md = (await r.json()) as { size: string; downloadTokens: string };
    expect(md.size).toBe(String(data.length));
    const back = Buffer.from(
      await (
        await fetch(`${base}/v0/b/b/o/cut.bin?alt=media&token=${md.downloadTokens}`)
      ).arrayBuffer(),
    );
    expect(back.equals(data)).toBe(true);
    r = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
    expect(r.headers.get('x-goog-upload-status')).toBe('final');
  });

  it('cancel command ends the session', async () => {
    const url = await startFirebaseResumable('c.bin', 10);
    let r = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'cancel' } });
    expect(r.headers.get('x-goog-upload-status')).toBe('cancelled');
    r = await fetch(url, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '0' },
      body: 'x'.repeat(10),
    });
    expect(r.status).toBe(400);
    expect((await fetch(`${base}/v0/b/b/o/c.bin`)).status).toBe(404);
  });

  it('GCS resumable status query answers 308 with Range, then 200 once complete', async () => {
    const r0 = await fetch(`${base}/upload/storage/v1/b/b/o?uploadType=resumable&name=g.bin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const loc = r0.headers.get('location')!;
    let r = await fetch(loc, { method: 'PUT', headers: { 'Content-Range': 'bytes */*' } });
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBeNull();
    r = await fetch(loc, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 0-3/*' },
      body: 'abcd',
    });
    expect(r.status).toBe(308);
    expect(r.headers.get('range')).toBe('bytes=0-3');
    r = await fetch(loc, {
      method: 'PUT',
      headers: { 'Content-Range': 'bytes 4-5/6' },
      body: 'ef',
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { size: string }).size).toBe('6');
    expect(await (await fetch(`${base}/b/b/o/g.bin?alt=media`)).text()).toBe('abcdef');
  });

  it('simple media upload and Range downloads', async () => {
    const r = await fetch(
      `${base}/upload/storage/v1/b/b/o?uploadType=media&name=${encodeURIComponent('dir/m.txt')}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '0123456789',
      },
    );
    expect(r.status).toBe(200);
    const part = await fetch(`${base}/download/storage/v1/b/b/o/dir%2Fm.txt?alt=media`, {
      headers: { Range: 'bytes=2-4' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await part.text()).toBe('234');
    const tail = await fetch(`${base}/storage/v1/b/b/o/dir%2Fm.txt?alt=media`, {
      headers: { Range: 'bytes=-3' },
    });
    expect(await tail.text()).toBe('789');
    const bad = await fetch(`${base}/b/b/o/dir%2Fm.txt?alt=media`, {
      headers: { Range: 'bytes=20-30' },
    });
    expect(bad.status).toBe(416);
  });
});

describe('export / import', () => {
  it('round-trips objects, metadata and tokens into a fresh server', async () => {
    await fetch(`${base}/v0/b/b/o?name=${encodeURIComponent('e/x.txt')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'exported',
    });
    const md1 = (await (await fetch(`${base}/v0/b/b/o/e%2Fx.txt`)).json()) as Record<
      string,
      unknown
    >;
    const dir = await fsp.mkdtemp(path.join(tmpdir(), 'storage-export-'));
    await server.exportTo(dir);
    const other = await startStorageServer({ port: 0 });
    try {
      await other.importFrom(dir);
      const b2 = `http://127.0.0.1:${other.port}`;
      const md2 = (await (await fetch(`${b2}/v0/b/b/o/e%2Fx.txt`)).json()) as Record<
        string,
        unknown
      >;
      expect(md2).toEqual(md1);
      expect(
        await (
          await fetch(`${b2}/v0/b/b/o/e%2Fx.txt?alt=media&token=${String(md1['downloadTokens'])}`)
        ).text(),
      ).toBe('exported');
    } finally {
      await other.close();
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Client in a child process (so its buffers are not counted), server here: sample this
 * process's memory while 10 MB goes up (multipart, then resumable in 2 MB chunks) and down.
 */
const CLIENT = `
const base = process.argv[1];
const SIZE = 10 * 1024 * 1024;
const http = require('node:http');
function chunkOf(i) { return Buffer.alloc(64 * 1024, i & 255); }
function send(method, url, headers, gen) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers }, (res) => {
      const parts = []; res.on('data', (d) => parts.push(d)); res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    (async () => { for (const c of gen()) { if (!req.write(c)) await new Promise((r) => req.once('drain', r)); } req.end(); })();
  });
}
(async () => {
  const t0 = Date.now();
  const pre = Buffer.from('--B\\r\\nContent-Type: application/json\\r\\n\\r\\n{"name":"m.bin","contentType":"application/pdf"}\\r\\n--B\\r\\nContent-Type: application/pdf\\r\\n\\r\\n');
  const up = await send('POST', base + '/v0/b/b/o?name=m.bin', { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related; boundary=B' }, function* () {
    yield pre; for (let i = 0; i < SIZE / 65536; i++) yield chunkOf(i); yield Buffer.from('\\r\\n--B--');
  });
  const t1 = Date.now();
  const md = JSON.parse(up.body.toString());
  const down = await new Promise((resolve) => http.get(base + '/v0/b/b/o/m.bin?alt=media&token=' + md.downloadTokens, (res) => {
    let n = 0; res.on('data', (d) => { n += d.length; }); res.on('end', () => resolve(n));
  }));
  const t2 = Date.now();
  const start = await send('POST', base + '/v0/b/b/o?name=r.bin', { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start',
    'X-Goog-Upload-Header-Content-Length': String(SIZE), 'Content-Type': 'application/json' }, function* () { yield Buffer.from('{}'); });
  const url = start.headers['x-goog-upload-url'];
  const CH = 2 * 1024 * 1024; let last;
  for (let off = 0; off < SIZE; off += CH) {
    last = await send('POST', url, { 'X-Goog-Upload-Command': off + CH >= SIZE ? 'upload, finalize' : 'upload', 'X-Goog-Upload-Offset': String(off) }, function* () {
      for (let i = off / 65536; i < (off + CH) / 65536; i++) yield chunkOf(i);
    });
  }
  const t3 = Date.now();
  console.log(JSON.stringify({ size: md.size, down, resumable: JSON.parse(last.body.toString()).size, upMs: t1 - t0, downMs: t2 - t1, resMs: t3 - t2 }));
})().catch((e) => { console.error(e); process.exit(1); });
`;

describe('memory', () => {
  it('10 MB up and down without buffering the body', async () => {
    // Sampled heap would mostly be socket/file-stream garbage awaiting collection; collecting
    // every few samples makes the figure live memory, i.e. what the server actually holds.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage();
    const baseMem = baseline.heapUsed + baseline.arrayBuffers;
    let peak = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      if (++ticks % 5 === 0) gc();
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - baseMem);
    }, 2);
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', CLIENT, base], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`client exited ${String(code)}`)),
      );
    });
    clearInterval(timer);
    const r = JSON.parse(out) as {
      size: string;
      down: number;
      resumable: string;
      upMs: number;
      downMs: number;
      resMs: number;
    };
    const MB = 1024 * 1024;
    expect(r.size).toBe(String(10 * MB));
    expect(r.down).toBe(10 * MB);
    expect(r.resumable).toBe(String(10 * MB));
    const mbps = (ms: number): string => ((10 / Math.max(ms, 1)) * 1000).toFixed(0);
    console.log(
      `storage bench: 10 MB multipart upload ${r.upMs} ms (${mbps(r.upMs)} MB/s), download ${r.downMs} ms (${mbps(r.downMs)} MB/s), ` +
        `resumable 5x2 MB ${r.resMs} ms (${mbps(r.resMs)} MB/s); server peak live heap+arrayBuffers growth ${(peak / MB).toFixed(1)} MB`,
    );
    // One buffered copy would be 10 MB; streaming keeps growth well under that.
    expect(peak).toBeLessThan(8 * MB);
  }, 60_000);
});
