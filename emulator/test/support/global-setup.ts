/**
 * vitest globalSetup for the conformance suites (test/**):
 * - target: FIRESTORE_EMULATOR_HOST when set (e.g. the official emulator), else our emulator
 *   started in-process on port 0;
 * - the web SDK's browser build bundled once per run with esbuild and served from a loopback
 *   HTTP server (a different origin from the emulator, so CORS is exercised like in an app).
 */
import type { TestProject } from 'vitest/node';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveBundle } from '../../src/testing/serve-bundle.js';

const here = dirname(fileURLToPath(import.meta.url));

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

  try {
    const served = await serveBundle({
      entry: join(here, 'browser-entry.ts'),
      target: 'es2022',
      prefix: 'nn-conformance-',
    });
    cleanups.push(() => served.close());
    project.provide('browserAppUrl', served.url);
    project.provide('browserAppError', '');
  } catch (e) {
    project.provide('browserAppUrl', '');
    project.provide('browserAppError', String(e));
  }

  return async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  };
}
