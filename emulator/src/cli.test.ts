import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, resolveOptions, UsageError } from './cli.js';

describe('parseArgs', () => {
  it('parses every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseArgs(['start', '--config', 'fb.json', '--only=firestore', '--project', 'demo-x', '--firestore-port', '0', '--storage-port=9200', '--import', 'in', '--export-on-exit=out']),
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
    expect(parseArgs(['start', '--only', 'firestore, storage']).only).toEqual(['firestore', 'storage']);
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
      rules: { firestore: path.resolve('/cfg/firestore.rules'), storage: path.resolve('/cfg/rules/storage.rules') },
    });
  });
  it('lets flags win and --only drop an emulator', () => {
    const o = resolveOptions({ command: 'start', only: ['firestore'], firestorePort: 0, importDir: 'x' }, config, '/cfg');
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
