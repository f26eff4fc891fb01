/**
 * Rules cases through the web SDK's browser build in headless Chromium (WebChannel for
 * Firestore, fetch for Storage), signed in with the unsigned mock token, like an app would be.
 * One emulator and one browser for the file; one browser context per user (each its own
 * connection pool, since every Firestore instance keeps hanging requests open).
 * A missing Chromium fails the file (src/testing/chromium.ts); browsers are never downloaded.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, requireChromium } from '../../src/testing/chromium.js';
import { serveBundle, type ServedBundle } from '../../src/testing/serve-bundle.js';
import { startRulesHarness, type RulesHarness } from './harness.js';
import type { BrowserApi, Outcome } from './browser/entry.js';

const here = dirname(fileURLToPath(import.meta.url));

const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /bnotes/{id} {
      allow get, list: if resource.data.owner == request.auth.uid;
      allow create: if request.resource.data.owner == request.auth.uid;
    }
  }
}`;
const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /u/{uid}/{file} {
      allow create: if request.auth.uid == uid && request.resource.size < 100 && request.resource.contentType == 'text/plain';
    }
  }
}`;

let h: RulesHarness;
let server: ServedBundle | undefined;
let browser: Browser;
const pages = new Map<string, Promise<Page>>();

let appUrl = '';
/** A page signed in as uid (null: signed out), created on first use. */
function page(uid: string | null): Promise<Page> {
  const key = uid ?? '';
  let p = pages.get(key);
  if (!p) {
    p = (async () => {
      const ctx = await browser.newContext();
      const pg = await ctx.newPage();
      await pg.goto(appUrl);
      await pg.waitForFunction(() => 'rules' in globalThis, undefined, { timeout: 15_000 });
      const init = await pg.evaluate(
        (o) => (globalThis as unknown as { rules: BrowserApi }).rules.init(o),
        {
          projectId: h.projectId,
          uid,
          fs: [h.firestore!.host, h.firestore!.port] as [string, number],
          st: [h.storage!.host, h.storage!.port] as [string, number],
        },
      );
      if (!init.ok) throw new Error(init.message);
      return pg;
    })();
    pages.set(key, p);
  }
  return p;
}

async function call<K extends keyof BrowserApi>(
  uid: string | null,
  method: K,
  ...args: Parameters<BrowserApi[K]>
): Promise<Outcome> {
  const pg = await page(uid);
  return pg.evaluate(
    ([m, a]) => {
      const api = (
        globalThis as unknown as { rules: Record<string, (...x: unknown[]) => Promise<Outcome>> }
      ).rules;
      return api[m as string]!(...(a as unknown[]));
    },
    [method, args] as const,
  );
}
const allowed = (o: Outcome) => expect(o, JSON.stringify(o)).toMatchObject({ ok: true });
const denied = (o: Outcome, code = 'permission-denied') =>
  expect(o, JSON.stringify(o)).toMatchObject({ ok: false, code });

describe('rules in headless Chromium (web SDK browser build)', () => {
  beforeAll(async () => {
    requireChromium();
    h = await startRulesHarness({ firestoreRules: FIRESTORE_RULES, storageRules: STORAGE_RULES });
    await h.env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.firestore().doc('bnotes/a').set({ owner: 'alice' });
      await ctx.firestore().doc('bnotes/b').set({ owner: 'bob' });
    });
    const [served, b] = await Promise.all([
      serveBundle({
        entry: join(here, 'browser', 'entry.ts'),
        target: 'es2022',
        title: 'rules',
        prefix: 'nn-rules-browser-',
      }),
      launchChromium(),
    ]);
    server = served;
    appUrl = served.url;
    browser = b;
  }, 60_000);
  afterAll(async () => {
    await browser?.close().catch(() => {});
    await server?.close();
    await h?.stop();
  });

  it('get of my note', async () => allowed(await call('alice', 'get', 'bnotes/a')));
  it("get of another user's note", async () => denied(await call('alice', 'get', 'bnotes/b')));
  it('create of a note I own', async () =>
    allowed(await call('alice', 'set', 'bnotes/a2', { owner: 'alice' })));
  it('create of a note for someone else', async () =>
    denied(await call('alice', 'set', 'bnotes/a3', { owner: 'bob' })));
  it('query constrained to my uid', async () =>
    allowed(await call('alice', 'query', 'bnotes', 'owner', 'alice')));
  it('query without the owner constraint', async () =>
    denied(await call('alice', 'query', 'bnotes', null, null)));
  it('signed out: the same constrained query', async () =>
    denied(await call(null, 'query', 'bnotes', 'owner', 'alice')));
  it('listener constrained to my uid', async () =>
    allowed(await call('bob', 'listen', 'bnotes', 'owner', 'bob')));
  it('listener without the constraint is refused', async () =>
    denied(await call('bob', 'listen', 'bnotes', null, null)));
  it('storage upload within size and type', async () =>
    allowed(await call('alice', 'upload', 'u/alice/a.txt', 10, 'text/plain')));
  it('storage upload over the size limit', async () =>
    denied(
      await call('alice', 'upload', 'u/alice/b.txt', 100, 'text/plain'),
      'storage/unauthorized',
    ));
  it('storage upload into another folder', async () =>
    denied(await call('bob', 'upload', 'u/alice/c.txt', 10, 'text/plain'), 'storage/unauthorized'));
});
