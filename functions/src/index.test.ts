/**
 * The deployed entry, in-process: the `api` function (the real onRequest wrapper around the
 * Express app) served on 127.0.0.1:0, talking to our Firestore emulator started in-process.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Built by `npm run build -w @notenest/emulator` (npm test builds every workspace first).
import { startEmulator, type RunningEmulator } from '../../emulator/dist/index.js';

let emulator: RunningEmulator;
let server: Server;
let base: string;

beforeAll(async () => {
  emulator = await startEmulator({ firestore: { host: '127.0.0.1', port: 0 } });
  process.env['GCLOUD_PROJECT'] = 'demo-notenest';
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${emulator.firestore!.port}`;
  const { api } = await import('./index.js');
  server = createServer((req, res) => void api(req as never, res as never));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await emulator?.stop();
});

describe('api function', () => {
  it('answers GET /api/health (the path behind the Hosting rewrite)', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ success: true, status: 'ok', service: 'notenest-api' });
  });

  it('answers GET /health (the function URL itself)', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('reaches Firestore through the Admin SDK with ?deep=true', async () => {
    const res = await fetch(`${base}/api/health?deep=true`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', firestore: 'ok' });
  });

  it('validates the query: 400 with the problem listed', async () => {
    const res = await fetch(`${base}/api/health?deep=maybe`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'query: deep must be true or false',
      errors: ['query: deep must be true or false'],
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'No route for GET /api/nope' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await fetch(`${base}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });
});
