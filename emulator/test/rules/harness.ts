/**
 * Shared set-up for the storage rules corpus: our Storage emulator started in-process on port 0
 * per test file, reading `firestore.get()` data from the Cloud Firestore emulator of the run
 * (globalSetup: FIRESTORE_EMULATOR_HOST or Google's emulator), and a
 * @firebase/rules-unit-testing environment pointed at both. Every file uses its own project id so
 * files never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { inject } from 'vitest';
import { startEmulator } from '../../src/index.js';

export interface HostPort {
  host: string;
  port: number;
}

export interface RulesHarness {
  env: RulesTestEnvironment;
  projectId: string;
  firestore: HostPort;
  storage: HostPort;
  /** lines our emulator logged (rules load/reload messages) */
  logs: string[];
  stop(): Promise<void>;
}

function parseHost(v: string): HostPort {
  const i = v.lastIndexOf(':');
  return { host: v.slice(0, i), port: Number(v.slice(i + 1)) };
}

export function newProjectId(prefix = 'demo-rules'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function startRulesHarness(opts: {
  storageRules: string;
  projectId?: string;
}): Promise<RulesHarness> {
  const projectId = opts.projectId ?? newProjectId();
  const firestoreHost = inject('firestoreHost');
  const logs: string[] = [];
  const emu = await startEmulator({
    storage: { host: '127.0.0.1', port: 0 },
    projectId,
    firestoreHost,
    log: (l) => logs.push(l),
  });
  const firestore = parseHost(firestoreHost);
  const env = await initializeTestEnvironment({
    projectId,
    firestore,
    storage: { ...emu.storage, rules: opts.storageRules },
  });
  return {
    env,
    projectId,
    firestore,
    storage: emu.storage,
    logs,
    async stop() {
      await env.cleanup().catch(() => {});
      await emu.stop();
    },
  };
}

/** The unsigned JWT rules-unit-testing and the web SDK send for a mock user (alg "none"). */
export function mockIdToken(
  uid: string,
  claims: Record<string, unknown> = {},
  projectId = 'demo-project',
): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
  return `${b64({ alg: 'none', type: 'JWT' })}.${b64(payload)}.`;
}

/** 1-based line of the first line of `rules` containing `needle` (for `@ L<n>` assertions). */
export function lineOf(rules: string, needle: string): number {
  const i = rules.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`not in rules: ${needle}`);
  return i + 1;
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { code?: string };
  }
  throw new Error('expected the operation to be refused, but it succeeded');
}
