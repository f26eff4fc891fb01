/**
 * Vitest globalSetup of web/'s `e2e` project: ONE test stack for the whole run, provided to the
 * tests as `inject('testStack')` ({ url, host }); stopped when the run ends. See stack.ts.
 */
import type { TestProject } from 'vitest/node';
import { startTestStack } from './stack.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startTestStack();
  project.provide('testStack', { url: stack.url, host: stack.host });
  return () => stack.stop();
}
