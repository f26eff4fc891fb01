/**
 * The Express app on its own (no emulator): what it answers before any data is read. Bodies that
 * reach our own JSON parser (the Functions runtime parses them first in the emulator and in
 * production) and unknown routes get the API's JSON error shape.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

let server: Server;
let base: string;
beforeAll(async () => {
  const app = createApp({
    pingFirestore: async () => {},
    verifier: { verify: () => Promise.reject(new Error('no tokens here')) },
  });
  server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

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

  it('answers an unknown route with 404 and says which', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'No route for GET /api/nope' });
  });

  it('refuses a bad token with 401 before any data is read', async () => {
    const res = await fetch(`${base}/api/notes/archived/u1`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
  });
});
