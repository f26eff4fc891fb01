/**
 * Shared set-up for the end-to-end rules corpus: one emulator per test file and a
 * @firebase/rules-unit-testing environment pointed at it.
 *
 * Target: FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST when set (e.g. the official
 * emulators, so the same corpus can be checked against them), else our emulator started
 * in-process on port 0. Every file uses its own project id so files never see each other.
 */
import { randomBytes } from 'node:crypto';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { startEmulator } from '../../src/index.js';

export interface HostPort {
  host: string;
  port: number;
}

export interface RulesHarness {
  env: RulesTestEnvironment;
  projectId: string;
  firestore?: HostPort;
  storage?: HostPort;
  /** true when this file started our own emulator (not an external one) */
  own: boolean;
  /** lines our emulator logged (rules load/reload messages, evaluation details) */
  logs: string[];
  stop(): Promise<void>;
}

function parseHost(v: string | undefined): HostPort | undefined {
  if (!v) return undefined;
  const i = v.lastIndexOf(':');
  return { host: v.slice(0, i), port: Number(v.slice(i + 1)) };
}

export function newProjectId(prefix = 'demo-rules'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export async function startRulesHarness(opts: {
  firestoreRules?: string;
  storageRules?: string;
  projectId?: string;
}): Promise<RulesHarness> {
  const projectId = opts.projectId ?? newProjectId();
  const wantFs = opts.firestoreRules !== undefined;
  const wantSt = opts.storageRules !== undefined;
  // Storage cases seed Firestore (cross-service firestore.get()), so storage implies firestore.
  let fs = parseHost(process.env.FIRESTORE_EMULATOR_HOST);
  let st = wantSt ? parseHost(process.env.FIREBASE_STORAGE_EMULATOR_HOST) : undefined;
  const logs: string[] = [];
  let stopOwn: () => Promise<void> = async () => {};
  let own = false;
  if (!fs || (wantSt && !st)) {
    // Storage rules' firestore.get() reads this emulator's Firestore, so both run together.
    const emu = await startEmulator({
      firestore: { host: '127.0.0.1', port: 0 },
      ...(wantSt ? { storage: { host: '127.0.0.1', port: 0 } } : {}),
      projectId,
      log: (l) => logs.push(l),
    });
    own = true;
    stopOwn = () => emu.stop();
    fs = emu.firestore;
    if (wantSt) st = emu.storage;
  }
  const env = await initializeTestEnvironment({
    projectId,
    firestore: { ...fs!, ...(wantFs ? { rules: opts.firestoreRules } : {}) },
    ...(wantSt ? { storage: { ...st!, rules: opts.storageRules } } : {}),
  });
  return {
    env,
    projectId,
    ...(fs ? { firestore: fs } : {}),
    ...(st ? { storage: st } : {}),
    own,
    logs,
    async stop() {
      await env.cleanup().catch(() => {});
      await stopOwn();
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
