/**
 * One emulator per test file and a @firebase/rules-unit-testing environment loaded with the real
 * firestore.rules / storage.rules of the repository.
 *
 * Target: FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST when set (e.g. the official
 * emulators), else our emulator (@notenest/emulator) started in-process on port 0. Every file
 * uses its own project id so files never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { startEmulator } from '@notenest/emulator';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import 'firebase/compat/storage';

export const FIRESTORE_RULES = readFileSync(
  new URL('../../firestore.rules', import.meta.url),
  'utf8',
);
export const STORAGE_RULES = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');

interface HostPort {
  host: string;
  port: number;
}

function parseHost(v: string | undefined): HostPort | undefined {
  if (!v) return undefined;
  const i = v.lastIndexOf(':');
  return { host: v.slice(0, i), port: Number(v.slice(i + 1)) };
}

export interface RulesHarness {
  env: RulesTestEnvironment;
  /** Firestore with rules disabled, for fixtures. */
  admin: Db;
  projectId: string;
  stop(): Promise<void>;
}

export async function startRulesHarness(opts: { storage?: boolean } = {}): Promise<RulesHarness> {
  const projectId = `demo-notenest-rules-${randomBytes(4).toString('hex')}`;
  let fs = parseHost(process.env.FIRESTORE_EMULATOR_HOST);
  let st = opts.storage ? parseHost(process.env.FIREBASE_STORAGE_EMULATOR_HOST) : undefined;
  let stopOwn = async () => {};
  if (!fs || (opts.storage && !st)) {
    // Storage rules' firestore.get() reads this emulator's Firestore, so both run together.
    const emu = await startEmulator({
      firestore: { host: '127.0.0.1', port: 0 },
      ...(opts.storage ? { storage: { host: '127.0.0.1', port: 0 } } : {}),
      projectId,
      log: () => {},
    });
    stopOwn = () => emu.stop();
    fs = emu.firestore;
    st = emu.storage;
  }
  const env = await initializeTestEnvironment({
    projectId,
    firestore: { ...fs!, rules: FIRESTORE_RULES },
    ...(opts.storage ? { storage: { ...st!, rules: STORAGE_RULES } } : {}),
  });
  // One rules-disabled context for every fixture of the file: withSecurityRulesDisabled deletes
  // its app when the callback returns, so the callback stays pending until stop().
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const admin = await new Promise<Db>((resolve, reject) => {
    env
      .withSecurityRulesDisabled(async (ctx) => {
        resolve(ctx.firestore());
        await held;
      })
      .catch(reject);
  });
  return {
    env,
    projectId,
    admin,
    async stop() {
      release();
      await env.cleanup().catch(() => {});
      await stopOwn();
    },
  };
}

// Denials are the point of these suites: keep the SDK from logging each one to stderr.
(firebase as unknown as { firestore: { setLogLevel(l: string): void } }).firestore.setLogLevel(
  'silent',
);

/** The compat namespace's sentinels (rules-unit-testing hands out compat instances). */
export const FieldValue = (
  firebase as unknown as {
    firestore: {
      FieldValue: {
        serverTimestamp(): unknown;
        increment(n: number): unknown;
        delete(): unknown;
      };
    };
  }
).firestore.FieldValue;

export type Db = ReturnType<
  ReturnType<RulesTestEnvironment['unauthenticatedContext']>['firestore']
>;
export type Bucket = ReturnType<
  ReturnType<RulesTestEnvironment['unauthenticatedContext']>['storage']
>;
