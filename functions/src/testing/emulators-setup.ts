/**
 * Vitest globalSetup of the `via-emulators` project: ONE whole seeded test stack (firebase-tools'
 * Auth, Functions, Firestore and Hosting emulators, our Storage emulator, the demo data) on a
 * random loopback address, serving the BUILT function (functions/lib: the root `npm test` builds
 * every workspace first). Tests reach it through `startStack()` of ./stack.ts, which sends
 * `/api/...` paths through Hosting's rewrite and the others to the Functions emulator's URL.
 */
import type { TestProject } from 'vitest/node';
import { emulatorEnvFor } from '../../../scripts/lib/stack.mjs';
import { startTestStack, stopAtTeardown } from '../../../test/support/stack.js';

export interface EmulatorStack {
  /** Hosting, e.g. http://127.31.7.200:5000 (`/api/**` is rewritten to the `api` function). */
  url: string;
  host: string;
  ports: { firestore: number; storage: number; auth: number; functions: number; hosting: number };
  /** The stack's search database (scripts/lib/stack.mjs: its `search` child), for in-process tests. */
  searchDatabaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorStack: EmulatorStack;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startTestStack();
  project.provide('emulatorStack', {
    url: stack.url,
    host: stack.host,
    ports: stack.ports,
    searchDatabaseUrl: emulatorEnvFor(stack.host).SEARCH_DATABASE_URL,
  });
  return stopAtTeardown(stack);
}
