/**
 * A @firebase/rules-unit-testing environment loaded with the real firestore.rules /
 * storage.rules of the repository: Google's Firestore emulator of the run (globalSetup
 * test/support/firestore-setup.ts) and, for storage suites, our Storage emulator started
 * in-process on port 0 per file, whose rules read that Firestore. Every file uses its own project
 * id so files never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { startEmulator } from '@notenest/emulator';
import { inject } from 'vitest';
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

function parseHost(v: string): HostPort {
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
  const fs = parseHost(inject('firestoreHost'));
  let st: HostPort | undefined;
  let stopOwn = async () => {};
  if (opts.storage) {
    const emu = await startEmulator({
      storage: { host: '127.0.0.1', port: 0 },
      projectId,
      firestoreHost: inject('firestoreHost'),
      log: () => {},
    });
    stopOwn = () => emu.stop();
    st = emu.storage;
  }
  const env = await initializeTestEnvironment({
    projectId,
    firestore: { ...fs, rules: FIRESTORE_RULES },
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
