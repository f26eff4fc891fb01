import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from './server.js';

const ALLOW =
  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read, write: if true; } } }";
const DENY =
  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read, write: if false; } } }";

describe('startEmulator', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nn-server-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the rules file at start and reloads it when it changes; bad rules keep the old ones', async () => {
    const file = path.join(dir, 'firestore.rules');
    writeFileSync(file, ALLOW);
    const logs: string[] = [];
    const emu = await startEmulator({
      firestore: { port: 0 },
      projectId: 'demo-srv',
      rules: { firestore: file },
      log: (l) => logs.push(l),
    });
    try {
      expect(emu.storage).toBeUndefined();
      const url = `http://127.0.0.1:${emu.firestore!.port}/v1/projects/any-project/databases/(default)/documents/c/d`;
      const patch = () => fetch(url, { method: 'PATCH', body: JSON.stringify({ fields: {} }) });
      expect((await patch()).status).toBe(200);
      writeFileSync(file, DENY + '\n');
      let status = 0;
      for (let i = 0; i < 50 && status !== 403; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await patch()).status;
      }
      expect(status).toBe(403);
      writeFileSync(file, 'this is not rules');
      await new Promise((r) => setTimeout(r, 1200));
      expect(logs.some((l) => l.includes('not loaded'))).toBe(true);
      expect((await patch()).status).toBe(403);
    } finally {
      await emu.stop();
    }
  });

  it('starts storage alone and stops everything promptly', async () => {
    const emu = await startEmulator({ storage: { port: 0 } });
    expect(emu.firestore).toBeUndefined();
    expect(emu.storage!.port).toBeGreaterThan(0);
    const t0 = Date.now();
    await emu.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('fails clearly on a missing rules file or import directory', async () => {
    await expect(
      startEmulator({ firestore: { port: 0 }, rules: { firestore: path.join(dir, 'nope.rules') } }),
    ).rejects.toThrow(/Cannot read rules file/);
    await expect(
      startEmulator({ firestore: { port: 0 }, importDir: path.join(dir, 'nothing') }),
    ).rejects.toThrow(/Not an export directory/);
  });
});
