/**
 * vitest globalSetup for the conformance suites (test/**): the Cloud Firestore emulator that
 * storage rules' firestore.get()/exists() read. FIRESTORE_EMULATOR_HOST when set, else Google's
 * emulator started for the run (found as `npm start` finds it: scripts/lib/firestore-emulator.mjs
 * at the repository root, a helper that knows nothing of any app).
 */
import type { TestProject } from 'vitest/node';
import { fileURLToPath } from 'node:url';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreHost: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env['FIRESTORE_EMULATOR_HOST'];
  if (external) {
    project.provide('firestoreHost', external);
    return async () => {};
  }
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const { startFirestoreEmulator } = await import('../../../scripts/lib/firestore-emulator.mjs');
  const emu = (await startFirestoreEmulator({ root })) as {
    hostPort: string;
    stop(): Promise<void>;
  };
  project.provide('firestoreHost', emu.hostPort);
  return () => emu.stop();
}
