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
        '--project',
        'demo-x',
        '--storage-port=9200',
        '--firestore-host',
        '127.0.0.2:8080',
        '--functions-host=127.0.0.2:5001',
        '--import',
        'in',
        '--export-on-exit=out',
      ]),
    ).toEqual({
      command: 'start',
      config: 'fb.json',
      project: 'demo-x',
      storagePort: 9200,
      firestoreHost: '127.0.0.2:8080',
      functionsHost: '127.0.0.2:5001',
      importDir: 'in',
      exportOnExit: 'out',
    });
  });
  it('rejects bad input', () => {
    expect(() => parseArgs(['serve'])).toThrow(UsageError);
    expect(() => parseArgs(['start', '--storage-port', 'x'])).toThrow(/not a port/);
    expect(() => parseArgs(['start', '--firestore-host', 'nohost'])).toThrow(/HOST:PORT/);
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
  it('takes the port, host and rules path from firebase.json, relative to it', () => {
    expect(resolveOptions({ command: 'start', project: 'demo-a' }, config, '/cfg', {})).toEqual({
      projectId: 'demo-a',
      storage: { host: '127.0.0.1', port: 9198 },
      rules: { storage: path.resolve('/cfg/rules/storage.rules') },
    });
  });
  it('lets flags win over the environment, which fills in the emulator addresses', () => {
    const env = {
      FIRESTORE_EMULATOR_HOST: '127.0.0.9:8080',
      FUNCTIONS_EMULATOR_HOST: '127.0.0.9:5001',
      GCLOUD_PROJECT: 'demo-env',
    };
    const o = resolveOptions(
      { command: 'start', storagePort: 0, importDir: 'x' },
      config,
      '/cfg',
      env,
    );
    expect(o).toMatchObject({
      projectId: 'demo-env',
      storage: { port: 0 },
      firestoreHost: '127.0.0.9:8080',
      functionsHost: '127.0.0.9:5001',
      importDir: path.resolve('x'),
    });
    expect(
      resolveOptions({ command: 'start', firestoreHost: '127.0.0.3:1' }, config, '/cfg', env)
        .firestoreHost,
    ).toBe('127.0.0.3:1');
  });
  it('defaults to the official port without a config', () => {
    const o = resolveOptions({ command: 'start' }, undefined, process.cwd(), {});
    expect(o.storage?.port).toBe(9199);
    expect(o.firestoreHost).toBeUndefined();
  });
});

describe('main (in process)', () => {
  it('starts, prints one ready line, exports on SIGTERM, and imports the export again', async () => {
    const { main } = await import('./cli.js');
    const { mkdtempSync, existsSync, readFileSync, rmSync, writeFileSync } =
      await import('node:fs');
    const os = await import('node:os');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nn-cli-'));
    writeFileSync(
      path.join(dir, 'storage.rules'),
      "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{f=**} { allow read, write: if true; } } }",
    );
    writeFileSync(
      path.join(dir, 'firebase.json'),
      JSON.stringify({ storage: { rules: 'storage.rules' }, emulators: { storage: { port: 0 } } }),
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
      const args = [
        'start',
        '--config',
        path.join(dir, 'firebase.json'),
        '--project',
        'demo-cli',
        '--import',
        exportDir,
      ];
      const done = main([...args, '--export-on-exit', exportDir]);
      const ready = async () => {
        for (let i = 0; i < 200 && !lines.some((l) => l.includes('ready')); i++)
          await new Promise((r) => setTimeout(r, 10));
        return lines.find((l) => l.includes('ready'))!;
      };
      const line = await ready();
      expect(lines).toHaveLength(1);
      const url = /storage=(\S+)/.exec(line)![1]!;
      const bucket = `${url}/v0/b/demo-cli.appspot.com/o`;
      const created = await fetch(`${bucket}?name=kept.txt`, {
        method: 'POST',
        body: 'kept',
        headers: { 'content-type': 'text/plain' },
      });
      expect(created.status).toBe(200);
      process.emit('SIGTERM');
      expect(await done).toBe(0);
      expect(
        JSON.parse(readFileSync(path.join(exportDir, 'notenest-export.json'), 'utf8')),
      ).toMatchObject({ version: 2, storage: 'storage' });
      expect(existsSync(path.join(exportDir, 'storage'))).toBe(true);

      lines.length = 0;
      const again = main(args);
      const url2 = /storage=(\S+)/.exec(await ready())![1]!;
      const got = await fetch(`${url2}/v0/b/demo-cli.appspot.com/o/kept.txt?alt=media`);
      expect(await got.text()).toBe('kept');
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
