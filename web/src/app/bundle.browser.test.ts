/**
 * The production build (web/dist) holds no code of the Firebase SDKs the app never uses. reactfire's
 * single entry imports Realtime Database, Remote Config, Functions (and with them Installations),
 * the full Firestore SDK and Storage; vite.config.ts (reactfireSdkStubs) resolves those imports
 * of reactfire's to local stubs. Without that, they end up in the chunk with reactfire, which the
 * sign-in page loads (measured: /sign-in 350 KB gzip of JS instead of 187 KB).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ASSETS = fileURLToPath(new URL('../../dist/assets/', import.meta.url));

/** Strings only the respective SDK's code contains (its production endpoints). */
const UNUSED_SDK_MARKERS = {
  database: 'firebaseio.com',
  'remote-config': 'firebaseremoteconfig.googleapis.com',
  functions: 'cloudfunctions.net',
  installations: 'firebaseinstallations.googleapis.com',
} as const;

function chunks(): Array<[name: string, code: string]> {
  return readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js'))
    .map((f) => [f, readFileSync(ASSETS + f, 'utf8')]);
}

describe('web/dist', () => {
  it('contains no Realtime Database, Remote Config, Functions or Installations code', () => {
    const found: string[] = [];
    for (const [name, code] of chunks()) {
      for (const [sdk, marker] of Object.entries(UNUSED_SDK_MARKERS)) {
        if (code.includes(marker)) found.push(`${sdk} in ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('bundles reactfire with the stubs in place of those SDKs', () => {
    const withReactfire = chunks().filter(([, code]) => code.includes('reactfire'));
    expect(withReactfire.length).toBeGreaterThan(0);
    expect(chunks().some(([, code]) => code.includes('is not bundled for reactfire'))).toBe(true);
    // The full Firestore SDK (reactfire's import) is not bundled: only Firestore Lite's one chunk.
    const firestoreChunks = chunks().filter(([name]) => name.startsWith('firebase-firestore-'));
    expect(firestoreChunks).toHaveLength(1);
  });
});
