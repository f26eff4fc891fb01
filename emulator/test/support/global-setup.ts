/**
 * vitest globalSetup for the conformance suites (test/**):
 * - target: FIRESTORE_EMULATOR_HOST when set (e.g. the official emulator), else our emulator
 *   started in-process on port 0;
 * - the web SDK's browser build bundled once per run with esbuild and served from a loopback
 *   HTTP server (a different origin from the emulator, so CORS is exercised like in an app).
 */
import type { TestProject } from 'vitest/node';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

async function bundle(): Promise<{ dir: string; error?: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'nn-conformance-'));
  try {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(here, 'browser-entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outfile: join(dir, 'bundle.js'),
      logLevel: 'silent',
    });
    return { dir };
  } catch (e) {
    return { dir, error: String(e) };
  }
}

function serve(dir: string): Promise<Server> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>nn</title><script type="module" src="/bundle.js"></script>';
  const server = createServer(async (req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(await readFile(join(dir, 'bundle.js')));
    } else if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export default async function setup(project: TestProject) {
  const cleanups: (() => Promise<void>)[] = [];
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  let hostPort: string;
  if (external) {
    hostPort = external;
  } else {
    const { startEmulator } = await import('../../src/index.js');
    const emu = await startEmulator({
      firestore: { host: '127.0.0.1', port: 0 },
      projectId: 'demo-conformance',
    });
    hostPort = `${emu.firestore!.host}:${emu.firestore!.port}`;
    cleanups.push(() => emu.stop());
  }
  project.provide('firestoreHost', hostPort);
  project.provide('ownEmulator', !external);

  const b = await bundle();
  cleanups.push(() => rm(b.dir, { recursive: true, force: true }));
  if (b.error) {
    project.provide('browserAppUrl', '');
    project.provide('browserAppError', b.error);
  } else {
    const server = await serve(b.dir);
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const addr = server.address() as { port: number };
    project.provide('browserAppUrl', `http://127.0.0.1:${addr.port}/`);
    project.provide('browserAppError', '');
  }

  return async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  };
}
