/**
 * The Express app on its own (no emulator): what it answers before any data is read. Bodies that
 * reach our own JSON parser (the Functions runtime parses them first in the emulator and in
 * production) and unknown routes get the API's JSON error shape. `inRuntime` serves it the way
 * firebase-tools' Functions runtime does: from inside that runtime's own Express app, which
 * reads every body into `req.rawBody` (up to 32 MB) and sends `x-powered-by`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

const servers: Server[] = [];
let base: string;
let inRuntime: string;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const app = createApp({
    pingFirestore: async () => {},
    verifier: { verify: () => Promise.reject(new Error('no tokens here')) },
  });
  base = await listen(app);
  const runtime = express();
  const verify = (req: Request, _res: unknown, buf: Buffer) => Object.assign(req, { rawBody: buf });
  runtime.use(express.json({ limit: '32mb', verify }));
  runtime.use(express.raw({ type: '*/*', limit: '32mb', verify }));
  runtime.all('/{*path}', (req, res) => app(req, res));
  inRuntime = await listen(runtime);
});
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

describe('createApp', () => {
  it('answers malformed JSON with a 400 in the API error shape', async () => {
    const res = await fetch(`${base}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('answers a JSON body over 1 MB with 413 and says the limit', async () => {
    const res = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      message: 'The request body is too large (at most 1 MB)',
    });
  });

  // Issue 29: behind the runtime, express.json's limit never ran (the body was already read).
  it('inside the runtime: a JSON body over 1 MB, already read, still answers 413', async () => {
    const res = await fetch(`${inRuntime}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      message: 'The request body is too large (at most 1 MB)',
    });
  });

  // Issue 29: the runtime's app set x-powered-by before ours ran; disabling it in ours did not
  // take it off.
  it.each([
    ['on its own', () => base],
    ['inside the runtime', () => inRuntime],
  ])('sends no x-powered-by header (%s)', async (_where, url) => {
    const res = await fetch(`${url()}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('answers an unknown route with 404 and says which', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'No route for GET /api/nope' });
  });

  it('sends a browser deeper under /notes/ than a note to the note page; the API keeps its paths', async () => {
    const page = await fetch(`${base}/notes/a/b`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // The page without a note (the app shows its not-found page at that address).
    const html = await page.text();
    expect(html).toContain('Loading Notes...');
    expect(html).not.toContain('id="nn-note"');
    // A call (not a page) at the same depth is the API's.
    const api = await fetch(`${base}/notes/archived/u1`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });

  it('refuses a bad token with 401 before any data is read', async () => {
    const res = await fetch(`${base}/api/notes/archived/u1`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
  });
});
