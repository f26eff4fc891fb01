import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors.js';
import { refuseWritesWhileStopping } from './stopping.js';

let dir: string;
let flag: string;
let server: ReturnType<express.Express['listen']>;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nn-stopping-'));
  flag = path.join(dir, 'stopping');
  const app = express();
  app.use(refuseWritesWhileStopping(flag));
  app.all('/x', (_req, res) => res.json({ ok: true }));
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('refuseWritesWhileStopping', () => {
  it('lets writes through until the stack writes its flag, then answers them 503', async () => {
    expect((await fetch(`${base}/x`, { method: 'POST' })).status).toBe(200);
    await writeFile(flag, 'stopping\n');
    const refused = await fetch(`${base}/x`, { method: 'POST' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      message: 'NoteNest is stopping. Try again once it has started.',
    });
    expect((await fetch(`${base}/x`, { method: 'DELETE' })).status).toBe(503);
  });

  it('still answers reads while stopping', async () => {
    await writeFile(flag, 'stopping\n');
    expect((await fetch(`${base}/x`)).status).toBe(200);
  });
});
