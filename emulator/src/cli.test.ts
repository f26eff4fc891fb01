import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, resolveOptions, UsageError } from './cli.js';

describe('parseArgs', () => {
  it('parses every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseArgs([
        'start',
        '--config',
        'fb.json',
        '--only=firestore',
        '--project',
        'demo-x',
        '--firestore-port',
        '0',
        '--storage-port=9200',
        '--import',
        'in',
        '--export-on-exit=out',
      ]),
    ).toEqual({
      command: 'start',
      config: 'fb.json',
      only: ['firestore'],
      project: 'demo-x',
      firestorePort: 0,
      storagePort: 9200,
      importDir: 'in',
      exportOnExit: 'out',
    });
    expect(parseArgs(['start', '--only', 'firestore, storage']).only).toEqual([
      'firestore',
      'storage',
    ]);
  });
  it('rejects bad input', () => {
    expect(() => parseArgs(['serve'])).toThrow(UsageError);
    expect(() => parseArgs(['start', '--only', 'database'])).toThrow(/unknown emulator/);
    expect(() => parseArgs(['start', '--firestore-port', 'x'])).toThrow(/not a port/);
    expect(() => parseArgs(['start', '--project'])).toThrow(/needs a value/);
    expect(() => parseArgs(['start', '--bogus'])).toThrow(/Unknown option/);
    expect(parseArgs([])).toEqual({ command: 'help' });
  });
});

describe('resolveOptions', () => {
  const config = JSON.stringify({
    emulators: { firestore: { host: '0.0.0.0', port: 8081 }, storage: { port: 9198 } },
    firestore: { rules: 'firestore.rules' },
    storage: [{ bucket: 'b', rules: 'rules/storage.rules' }],
  });
  it('takes ports, hosts and rules paths from firebase.json, relative to it', () => {
    expect(resolveOptions({ command: 'start', project: 'demo-a' }, config, '/cfg')).toEqual({
      projectId: 'demo-a',
      firestore: { host: '0.0.0.0', port: 8081 },
      storage: { host: '127.0.0.1', port: 9198 },
      rules: {
        firestore: path.resolve('/cfg/firestore.rules'),
        storage: path.resolve('/cfg/rules/storage.rules'),
      },
    });
  });
  it('lets flags win and --only drop an emulator', () => {
    const o = resolveOptions(
      { command: 'start', only: ['firestore'], firestorePort: 0, importDir: 'x' },
      config,
      '/cfg',
    );
    expect(o.firestore).toEqual({ host: '0.0.0.0', port: 0 });
    expect(o.storage).toBeUndefined();
    expect(o.rules).toEqual({ firestore: path.resolve('/cfg/firestore.rules') });
    expect(o.importDir).toBe(path.resolve('x'));
  });
  it('defaults to the official ports without a config', () => {
    const o = resolveOptions({ command: 'start' });
    expect(o.firestore?.port).toBe(8080);
    expect(o.storage?.port).toBe(9199);
  });
});

describe('main (in process)', () => {
  it('starts, prints one ready line, exports on SIGTERM, and imports the export again', async () => {
    const { main } = await import('./cli.js');
    const { mkdtempSync, existsSync, readFileSync, rmSync, writeFileSync } =
      await import('node:fs');
    const os = await import('node:os');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nn-cli-'));
    const rulesFile = path.join(dir, 'firestore.rules');
    writeFileSync(
      rulesFile,
      "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read, write: if true; } } }",
    );
    writeFileSync(
      path.join(dir, 'firebase.json'),
      JSON.stringify({
        firestore: { rules: 'firestore.rules' },
        emulators: { firestore: { port: 0 }, storage: { port: 0 } },
      }),
    );
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const exportDir = path.join(dir, 'export');
      // --import of a directory that does not exist yet (first run of import+export-on-exit).
      const done = main([
        'start',
        '--config',
        path.join(dir, 'firebase.json'),
        '--project',
        'demo-cli',
        '--import',
        exportDir,
        '--export-on-exit',
        exportDir,
      ]);
      const ready = async () => {
        for (let i = 0; i < 200 && !lines.some((l) => l.includes('ready')); i++)
          await new Promise((r) => setTimeout(r, 10));
        return lines.find((l) => l.includes('ready'))!;
      };
      const line = await ready();
      expect(lines).toHaveLength(1);
      const fsUrl = /firestore=(\S+)/.exec(line)![1]!;
      expect(line).toMatch(/storage=http:\/\/127\.0\.0\.1:\d+/);
      const docs = `${fsUrl}/v1/projects/demo-cli/databases/(default)/documents`;
      const created = await fetch(`${docs}/things?documentId=t1`, {
        method: 'POST',
        body: JSON.stringify({ fields: { a: { stringValue: 'kept' } } }),
      });
      expect(created.status).toBe(200);
      process.emit('SIGTERM');
      expect(await done).toBe(0);
      expect(existsSync(path.join(exportDir, 'notenest-export.json'))).toBe(true);
      expect(
        JSON.parse(readFileSync(path.join(exportDir, 'notenest-export.json'), 'utf8')),
      ).toMatchObject({ version: 1, firestore: 'firestore.json', storage: 'storage' });

      lines.length = 0;
      const again = main([
        'start',
        '--only',
        'firestore',
        '--firestore-port',
        '0',
        '--project',
        'demo-cli',
        '--import',
        exportDir,
      ]);
      const line2 = await ready();
      const fsUrl2 = /firestore=(\S+)/.exec(line2)![1]!;
      const got = await fetch(
        `${fsUrl2}/v1/projects/demo-cli/databases/(default)/documents/things/t1`,
      );
      expect(((await got.json()) as { fields: object }).fields).toEqual({
        a: { stringValue: 'kept' },
      });
      // Ctrl-C under `npm start` arrives twice at once (terminal + npm's forwarding): one stop.
      process.emit('SIGINT');
      process.emit('SIGINT');
      expect(await again).toBe(0);
    } finally {
      process.stdout.write = write;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
