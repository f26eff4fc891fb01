/**
 * Helpers for the web e2e suites (`*.e2e.test.ts`) on top of test/support/stack.ts: the Admin SDK
 * pointed at the run's stack (to check what the app left behind), unique test users, and small
 * page helpers. Test-only.
 */
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import type { Page } from 'playwright-core';
import type { StackAddress } from '../../../test/support/stack';

export const PROJECT = 'demo-notenest';
export const BUCKET = 'demo-notenest.appspot.com';

/** Admin SDK handles on the stack's emulators (the env vars are how the Admin SDK finds them). */
export function adminFor(stack: StackAddress) {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `${stack.host}:9099`;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `${stack.host}:9199`;
  process.env['FIRESTORE_EMULATOR_HOST'] = `${stack.host}:8080`;
  const name = `e2e-${stack.host}`;
  const app: App =
    getApps().find((a) => a.name === name) ??
    initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, name);
  return {
    auth: getAuth(app),
    db: getFirestore(app),
    bucket: getStorage(app).bucket(BUCKET),
    close: () => deleteApp(app),
  };
}

let counter = 0;
/** A unique email for this run (the stack is shared by every e2e file). */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@e2e.notenest.dev`;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A small valid PNG of about `bytes` bytes (a 1x1 image followed by padding in a text chunk). */
export function pngOfSize(bytes: number): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  if (bytes <= base.length) return base;
  // Padding after IEND is ignored by decoders; the upload only needs the size and the type.
  return Buffer.concat([base, Buffer.alloc(bytes - base.length, 0)]);
}
