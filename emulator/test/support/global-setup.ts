/**
 * vitest globalSetup for the conformance suites (test/**): the Cloud Firestore emulator that
 * storage rules' firestore.get()/exists() read. FIRESTORE_EMULATOR_HOST when set, else Google's
 * emulator started for the run (found as `npm start` finds it: scripts/lib/firestore-emulator.mjs
 * at the repository root, a helper that knows nothing of any app).
 */
import type { TestProject } from 'vitest/node';
import { fileURLToPath } from 'node:url';
import { firestoreForRun } from '../../../scripts/lib/firestore-emulator.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreHost: string;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await firestoreForRun({
    root: fileURLToPath(new URL('../../..', import.meta.url)),
  });
  project.provide('firestoreHost', emulator.hostPort);
  return () => emulator.stop();
}
