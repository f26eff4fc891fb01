/**
 * Vitest globalSetup of the root suites: one Google Cloud Firestore emulator for the run
 * (FIRESTORE_EMULATOR_HOST when set), found as `npm start` finds it. The rules suites and the
 * seed suite share it; each file uses a project id of its own, so files never see each other's
 * data or rules.
 */
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { firestoreForRun } from '../../scripts/lib/firestore-emulator.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreHost: string;
  }
}

export default async function setup(project: TestProject) {
  const emulator = await firestoreForRun({ root: ROOT });
  project.provide('firestoreHost', emulator.hostPort);
  return () => emulator.stop();
}
