import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from './server.js';

const ALLOW =
  "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{f=**} { allow read, write: if true; } } }";
const DENY =
  "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{f=**} { allow read, write: if false; } } }";

describe('startEmulator', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nn-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the rules file at start and reloads it when it changes; bad rules keep the old ones', async () => {
    const file = path.join(dir, 'storage.rules');
    writeFileSync(file, ALLOW);
    const logs: string[] = [];
    const emu = await startEmulator({
      storage: { port: 0 },
      projectId: 'demo-srv',
      rules: { storage: file },
      log: (l) => logs.push(l),
    });
    try {
      const url = `http://127.0.0.1:${emu.storage.port}/v0/b/demo-srv.appspot.com/o?name=a.txt`;
      const upload = () =>
        fetch(url, { method: 'POST', body: 'hi', headers: { 'content-type': 'text/plain' } });
      expect((await upload()).status).toBe(200);
      writeFileSync(file, DENY + '\n');
      let status = 0;
      for (let i = 0; i < 50 && status !== 403; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await upload()).status;
      }
      expect(status).toBe(403);
      writeFileSync(file, 'this is not rules');
      // The watcher reloads and says why the new text was not loaded.
      await expect
        .poll(() => logs.some((l) => l.includes('not loaded')), { timeout: 10_000 })
        .toBe(true);
      expect((await upload()).status).toBe(403);
    } finally {
      await emu.stop();
    }
  });

  it('delivers object events to a Functions emulator address as CloudEvents and legacy events', async () => {
    const received: { path: string; type: string; body: Record<string, unknown> }[] = [];
    const functions = createServer((req: IncomingMessage, res) => {
      let text = '';
      req.on('data', (d) => (text += String(d)));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          type: String(req.headers['content-type']),
          body: JSON.parse(text) as Record<string, unknown>,
        });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => functions.listen(0, '127.0.0.1', r));
    const emu = await startEmulator({
      storage: { port: 0 },
      projectId: 'demo-ev',
      functionsHost: `127.0.0.1:${(functions.address() as AddressInfo).port}`,
    });
    try {
      const base = `http://127.0.0.1:${emu.storage.port}/v0/b/demo-ev.appspot.com/o`;
      const up = await fetch(`${base}?name=${encodeURIComponent('f/a.txt')}`, {
        method: 'POST',
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expect(up.status).toBe(200);
      for (let i = 0; i < 50 && received.length < 2; i++)
        await new Promise((r) => setTimeout(r, 50));
      const cloud = received.find((r) => r.type.includes('cloudevents'));
      expect(cloud?.path).toBe('/functions/projects/demo-ev/trigger_multicast');
      expect(cloud?.body).toMatchObject({
        specversion: '1.0',
        type: 'google.cloud.storage.object.v1.finalized',
        source: '//storage.googleapis.com/projects/_/buckets/demo-ev.appspot.com/objects/f/a.txt',
        data: { bucket: 'demo-ev.appspot.com', name: 'f/a.txt', size: '5' },
      });
      expect(received.find((r) => !r.type.includes('cloudevents'))?.body).toMatchObject({
        eventType: 'google.storage.object.finalize',
      });

      received.length = 0;
      expect(
        (await fetch(`${base}/${encodeURIComponent('f/a.txt')}`, { method: 'DELETE' })).status,
      ).toBe(204);
      for (let i = 0; i < 50 && received.length < 2; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(received.find((r) => r.type.includes('cloudevents'))?.body).toMatchObject({
        type: 'google.cloud.storage.object.v1.deleted',
        data: { name: 'f/a.txt' },
      });
    } finally {
      await emu.stop();
      functions.close();
    }
  });

  it('stops promptly', async () => {
    const emu = await startEmulator({ storage: { port: 0 } });
    expect(emu.storage.port).toBeGreaterThan(0);
    const t0 = Date.now();
    await emu.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('fails clearly on a missing rules file or import directory', async () => {
    await expect(
      startEmulator({ storage: { port: 0 }, rules: { storage: path.join(dir, 'nope.rules') } }),
    ).rejects.toThrow(/Cannot read rules file/);
    await expect(
      startEmulator({ storage: { port: 0 }, importDir: path.join(dir, 'nothing') }),
    ).rejects.toThrow(/Not an export directory/);
  });
});
