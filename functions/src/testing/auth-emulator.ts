/**
 * Vitest globalSetup: one firebase-tools Auth emulator for every test file (starting it costs
 * seconds; our Firestore/Storage emulator starts per file in-process in milliseconds). It runs
 * from a temp directory with its own TMPDIR and free ports, so it never meets `npm start` or
 * another suite's emulators. Files share it safely because each uses its own email addresses.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PROJECT = 'demo-notenest';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

declare module 'vitest' {
  export interface ProvidedContext {
    authHost: string;
  }
}

export default async function setup({
  provide,
}: {
  provide: (key: 'authHost', value: string) => void;
}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'nn-fn-auth-'));
  const host = '127.0.0.1';
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  await writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host, port: auth },
        hub: { host, port: hub },
        logging: { host, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT,
    ],
    {
      cwd: dir,
      env: { ...process.env, TMPDIR: dir, METADATA_SERVER_DETECTION: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Auth emulator not ready:\n${output}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/All emulators ready/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Auth emulator exited (${code}):\n${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  provide('authHost', `${host}:${auth}`);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
}
