/**
 * Vitest globalSetup of web/'s `e2e` project: ONE test stack for the whole run, provided to the
 * tests as `inject('testStack')` ({ url, host }); stopped when the run ends. See stack.ts.
 */
import type { TestProject } from 'vitest/node';
import { startTestStack, stopAtTeardown } from './stack.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startTestStack();
  // The facade's first request starts its runtime (and the search database's pool): 5 s idle,
  // 30 s and more on a busy machine, which fell on whichever test came first (an admin's first
  // visit to /browse timed out there). Paid here, under the hook's timeout, instead.
  try {
    const res = await fetch(`${stack.url}/browse`);
    if (!res.ok) throw new Error(`warming GET /browse: ${res.status}`);
    await res.text();
  } catch (err) {
    await stack.stop();
    throw err;
  }
  project.provide('testStack', { url: stack.url, host: stack.host });
  return stopAtTeardown(stack);
}
