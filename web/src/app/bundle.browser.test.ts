/**
 * The production build (web/dist) holds no code of the Firebase SDKs the app never uses. reactfire's
 * single entry imports Realtime Database, Remote Config, Functions (and with them Installations),
 * the full Firestore SDK and Storage; vite.config.ts (reactfireSdkStubs) resolves those imports
 * of reactfire's to local stubs. Without that, they end up in the chunk with reactfire, which the
 * sign-in page loads (measured: /sign-in 350 KB gzip of JS instead of 187 KB).
 *
 * Firestore comes twice, on purpose: Lite for every screen that reads once, and the full SDK for
 * the note page alone, whose likes, counters and comments are live (onSnapshot).
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

/** Only the full SDK has the WebChannel transport its live listeners (onSnapshot) use. */
const FULL_FIRESTORE_MARKER = 'WebChannelConnection';

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
  });

  it('holds Firestore Lite once and the full Firestore SDK once, the latter only for the note page', () => {
    const all = chunks();
    const lite = all.filter(([name]) => name.startsWith('firebase-firestore-lite-'));
    const full = all.filter(([name]) => /^firebase-firestore-(?!lite-)/.test(name));
    expect(lite).toHaveLength(1);
    expect(full).toHaveLength(1);
    // Judged by content too: the full SDK's live transport is in that one chunk and nowhere else,
    // so reactfire's own import of firebase/firestore stayed stubbed and nothing else inlined it.
    const withFullSdk = all.filter(([, code]) => code.includes(FULL_FIRESTORE_MARKER));
    expect(withFullSdk.map(([name]) => name)).toEqual([full[0]![0]]);
    // Reached only through a dynamic import (shared/firebase/firestore-live.ts), which only the
    // note page's api calls: no chunk imports it statically.
    const fullFile = full[0]![0];
    const staticImporters = all.filter(([, code]) => code.includes(`from"./${fullFile}"`));
    expect(staticImporters.map(([name]) => name)).toEqual([]);
  });
});
