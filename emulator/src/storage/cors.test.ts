/**
 * CORS as a browser sees it, checked at the HTTP level with Node's fetch (runs everywhere,
 * unlike browser.test.ts which needs the system Chromium).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from './index.js';

let server: StorageServer;
let base: string;
const ORIGIN = 'http://localhost:5173';

beforeAll(async () => {
  server = await startStorageServer({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
});

describe('CORS', () => {
  it('answers preflights for credentialed requests with the SDK headers', async () => {
    const r = await fetch(`${base}/v0/b/b/o?name=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,x-goog-upload-protocol,x-goog-upload-command,x-firebase-storage-version',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    expect(r.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(r.headers.get('access-control-allow-headers')).toContain('x-goog-upload-command');
  });

  it('exposes the resumable-upload headers the SDK reads', async () => {
    const r = await fetch(`${base}/v0/b/b/o?name=x`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '3',
        'Content-Type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({ name: 'x', contentType: 'text/plain' }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const exposed = (r.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['x-goog-upload-url', 'x-goog-upload-status', 'x-goog-upload-size-received'])
      expect(exposed).toContain(h);
    const url = r.headers.get('x-goog-upload-url')!;
    const fin = await fetch(url, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'X-Goog-Upload-Command': 'upload, finalize',
        'X-Goog-Upload-Offset': '0',
      },
      body: 'abc',
    });
    expect(fin.headers.get('x-goog-upload-status')).toBe('final');
    expect(((await fin.json()) as { size: string }).size).toBe('3');
  });

  it('allows any origin without credentials on error replies too', async () => {
    const r = await fetch(`${base}/v0/b/b/o/missing`);
    expect(r.status).toBe(404);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(await r.json()).toEqual({
      error: {
        code: 404,
        message: 'Not Found.',
        errors: [{ message: 'Not Found.', domain: 'global', reason: 'notFound' }],
      },
    });
  });
});
