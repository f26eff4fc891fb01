/**
 * The web SDK in headless Chromium against the real server: WebChannel Listen/Write in streaming
 * mode and in long-polling mode, plus the unary REST calls the browser build makes. The page is
 * served from a different loopback port, so every request is cross-origin with credentials and
 * CORS is exercised for real.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { initializeApp as initAdmin, deleteApp as deleteAdmin, type App } from 'firebase-admin/app';
import { getFirestore as adminFirestore } from 'firebase-admin/firestore';
import { startEmulator, type RunningEmulator } from '../server.js';
import { launchChromium, requireChromium } from '../testing/chromium.js';
import { serveBundle, type ServedBundle } from '../testing/serve-bundle.js';

const PROJECT = 'demo-transport-browser';

const ENTRY = `
import { initializeApp } from 'firebase/app';
import { initializeFirestore, connectFirestoreEmulator, doc, setDoc, getDoc, onSnapshot,
  collection, getDocs, getCountFromServer, runTransaction, deleteDoc } from 'firebase/firestore';
window.fb = { initializeApp, initializeFirestore, connectFirestoreEmulator, doc, setDoc, getDoc,
  onSnapshot, collection, getDocs, getCountFromServer, runTransaction, deleteDoc };
`;

declare global {
  interface Window {
    fb: any;

    db: any;
    events: unknown[];
  }
}

// Never downloads a browser; a missing /usr/bin/chromium fails this suite (CI installs it).
describe('web SDK in headless Chromium', () => {
  let emu: RunningEmulator;
  let admin: App;
  let browser: Browser;
  let pageServer: ServedBundle;
  let pageUrl: string;

  beforeAll(async () => {
    requireChromium(); // fail first, with the clear message, before starting anything
    emu = await startEmulator({ firestore: { port: 0 }, projectId: PROJECT });
    admin = initAdmin({ projectId: PROJECT }, 'browser-admin');
    adminFirestore(admin).settings({ host: `127.0.0.1:${emu.firestore!.port}`, ssl: false });

    const require = createRequire(import.meta.url);
    pageServer = await serveBundle({
      contents: ENTRY,
      resolveDir: path.dirname(require.resolve('firebase/package.json')),
      format: 'iife',
      prefix: 'nn-transport-browser-',
    });
    pageUrl = pageServer.url;

    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await pageServer?.close();
    if (admin) await deleteAdmin(admin);
    await emu?.stop();
  });

  const requested: string[] = [];

  async function openPage(settings: object): Promise<Page> {
    const page = await browser.newPage();
    requested.length = 0;
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(pageUrl);
    await page.waitForFunction(() => !!window.fb);
    await page.evaluate(
      ({ port, project, settings }) => {
        const { fb } = window;
        const app = fb.initializeApp({ projectId: project, apiKey: 'fake-key', appId: 'x' });
        window.db = fb.initializeFirestore(app, settings);
        fb.connectFirestoreEmulator(window.db, '127.0.0.1', port);
        window.events = [];
      },
      { port: emu.firestore!.port, project: PROJECT, settings },
    );
    return page;
  }

  for (const [mode, settings] of [
    ['streaming', { experimentalAutoDetectLongPolling: false }],
    ['long-polling', { experimentalForceLongPolling: true }],
  ] as const) {
    it(`set/get/onSnapshot round trip (${mode})`, async () => {
      const page = await openPage(settings);
      const id = `d-${mode}`;
      try {
        // Write stream + Listen stream from the page itself.
        const got = await page.evaluate(async (id) => {
          const { fb, db } = window;
          await fb.setDoc(fb.doc(db, 'notes', id), {
            title: 'from browser',
            n: 1,
            nested: { a: [1, 'x', null] },
          });
          const s = await fb.getDoc(fb.doc(db, 'notes', id));
          return { exists: s.exists(), data: s.data(), fromCache: s.metadata.fromCache };
        }, id);
        expect(got).toEqual({
          exists: true,
          data: { title: 'from browser', n: 1, nested: { a: [1, 'x', null] } },
          fromCache: false,
        });
        expect((await adminFirestore(admin).doc(`notes/${id}`).get()).get('title')).toBe(
          'from browser',
        );

        // A change made elsewhere reaches the page's listener.
        await page.evaluate((id) => {
          const { fb, db } = window;
          fb.onSnapshot(
            fb.doc(db, 'notes', id),
            (s: { data(): unknown; metadata: { fromCache: boolean } }) =>
              window.events.push({ data: s.data(), fromCache: s.metadata.fromCache }),
          );
        }, id);
        await page.waitForFunction(() => window.events.length >= 1);
        const t0 = Date.now();
        await adminFirestore(admin).doc(`notes/${id}`).update({ n: 2 });
        await page.waitForFunction(
          () => window.events.some((e) => (e as { data?: { n?: number } }).data?.n === 2),
          undefined,
          { timeout: 10_000 },
        );
        expect(Date.now() - t0).toBeLessThan(5_000);

        // Unary REST calls made by the browser build (RunAggregationQuery, BatchGetDocuments,
        // Commit), cross-origin with credentials.
        await adminFirestore(admin).doc(`counters/${id}`).set({ v: 1 });
        const extra = await page.evaluate(async (id) => {
          const { fb, db } = window;
          const count = (await fb.getCountFromServer(fb.collection(db, 'counters'))).data().count;
          const ref = fb.doc(db, 'counters', id);
          await fb.runTransaction(
            db,
            async (tx: {
              get(r: unknown): Promise<{ get(f: string): number }>;
              update(r: unknown, d: object): void;
            }) => {
              const s = await tx.get(ref);
              tx.update(ref, { v: s.get('v') + 1 });
            },
          );
          return { count };
        }, id);
        expect(extra.count).toBeGreaterThanOrEqual(1);
        expect((await adminFirestore(admin).doc(`counters/${id}`).get()).get('v')).toBe(2);

        // The mode under test is the one the page actually used.
        const backchannels = requested.filter(
          (u) => u.includes('/Listen/channel?') && u.includes('RID=rpc'),
        );
        expect(backchannels.length).toBeGreaterThan(0);
        expect(backchannels.every((u) => u.includes(mode === 'streaming' ? 'CI=0' : 'CI=1'))).toBe(
          true,
        );
        // Chromium let the client read the (exposed) X-HTTP-Session-Id handshake header: every
        // later request of a session carries it back as gsessionid.
        const sessionCalls = requested.filter((u) => u.includes('/channel?') && /[?&]SID=/.test(u));
        expect(sessionCalls.length).toBeGreaterThan(0);
        expect(sessionCalls.every((u) => /[?&]gsessionid=[\w-]+/.test(u))).toBe(true);
      } finally {
        await page.close();
      }
    });
  }
});
