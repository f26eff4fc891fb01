/**
 * The firebase web SDK's BROWSER build (closure WebChannel client, proto3 JSON serializer) run in
 * Node against the real server. With the SDK's private `useFetchStreams` setting the WebChannel
 * client uses fetch + ReadableStream instead of XMLHttpRequest, both of which Node has, so the
 * unmodified client code drives our WebChannel endpoint in streaming and long-polling mode.
 * Only the Listen and Write streams are used (unary calls need XMLHttpRequest).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp as initAdmin, deleteApp as deleteAdmin, type App } from 'firebase-admin/app';
import { getFirestore as adminFirestore } from 'firebase-admin/firestore';
import { startEmulator, type RunningEmulator } from '../server.js';
import { bundleToTempDir, type Bundle } from '../testing/serve-bundle.js';

const PROJECT = 'demo-transport-webchannel';

const ENTRY = `
export { initializeApp, deleteApp } from 'firebase/app';
export { initializeFirestore, connectFirestoreEmulator, doc, setDoc, getDoc, onSnapshot, terminate,
  deleteDoc } from 'firebase/firestore';
`;

describe('web SDK browser build (WebChannel) in Node', () => {
  let emu: RunningEmulator;
  let admin: App;
  let fb: any;
  let bundle: Bundle | undefined;
  const seenUrls: string[] = [];
  let restoreFetch = () => {};

  beforeAll(async () => {
    emu = await startEmulator({ firestore: { port: 0 }, projectId: PROJECT });
    admin = initAdmin({ projectId: PROJECT }, 'webchannel-admin');
    adminFirestore(admin).settings({ host: `127.0.0.1:${emu.firestore!.port}`, ssl: false });
    const require = createRequire(import.meta.url);
    bundle = await bundleToTempDir({
      contents: ENTRY,
      resolveDir: path.dirname(require.resolve('firebase/package.json')),
      format: 'esm',
      prefix: 'nn-wc-',
    });
    fb = await import(pathToFileURL(bundle.file).href);
    // Record what the WebChannel client fetches, to prove which transport was exercised.
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: any, init?: any) => {
      seenUrls.push(String(typeof input === 'string' ? input : (input?.url ?? input)));
      return realFetch(input, init);
    }) as typeof fetch;
    restoreFetch = () => (globalThis.fetch = realFetch);
    const rules = await realFetch(
      `http://127.0.0.1:${emu.firestore!.port}/emulator/v1/projects/${PROJECT}:securityRules`,
      {
        method: 'PUT',
        body: JSON.stringify({
          rules: {
            files: [
              {
                content:
                  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents {\n" +
                  '  match /notes/{id} { allow read, write: if request.auth.uid == "alice"; }\n' +
                  '  match /denied/{id} { allow read, write: if false; } } }',
              },
            ],
          },
        }),
      },
    );
    expect(rules.ok).toBe(true);
  });

  afterAll(async () => {
    restoreFetch();
    await deleteAdmin(admin);
    await emu?.stop();
    await bundle?.remove();
  });

  for (const [mode, settings] of [
    ['streaming', { experimentalAutoDetectLongPolling: false, useFetchStreams: true }],
    ['long-polling', { experimentalForceLongPolling: true, useFetchStreams: true }],
  ] as const) {
    it(`set/get/onSnapshot round trip (${mode})`, async () => {
      const app = fb.initializeApp(
        { projectId: PROJECT, apiKey: 'fake-key', appId: 'x' },
        `wc-${mode}`,
      );
      const db = fb.initializeFirestore(app, settings);
      fb.connectFirestoreEmulator(db, '127.0.0.1', emu.firestore!.port, {
        mockUserToken: { sub: 'alice', email: 'alice@example.com' },
      });
      const id = `d-${mode}`;
      seenUrls.length = 0;
      try {
        await fb.setDoc(fb.doc(db, 'notes', id), {
          title: 'from browser build',
          n: 1,
          big: 2 ** 40,
          f: 1.5,
          nested: { a: [1, 'x', null] },
        });
        const s = await fb.getDoc(fb.doc(db, 'notes', id));
        expect(s.metadata.fromCache).toBe(false);
        expect(s.data()).toEqual({
          title: 'from browser build',
          n: 1,
          big: 2 ** 40,
          f: 1.5,
          nested: { a: [1, 'x', null] },
        });
        expect((await adminFirestore(admin).doc(`notes/${id}`).get()).get('title')).toBe(
          'from browser build',
        );

        const events: any[] = [];
        let wake: () => void = () => {};
        const unsub = fb.onSnapshot(fb.doc(db, 'notes', id), (snap: any) => {
          events.push(snap.data());
          wake();
        });
        const until = (pred: () => boolean, ms = 10_000) =>
          new Promise<void>((resolve, reject) => {
            if (pred()) return resolve();
            const t = setTimeout(
              () => reject(new Error(`timed out; events: ${JSON.stringify(events)}`)),
              ms,
            );
            wake = () => {
              if (pred()) {
                clearTimeout(t);
                resolve();
              }
            };
          });
        await until(() => events.length >= 1);
        const t0 = Date.now();
        await adminFirestore(admin).doc(`notes/${id}`).update({ n: 2 });
        await until(() => events.some((e) => e?.n === 2));
        expect(Date.now() - t0).toBeLessThan(5_000);
        await adminFirestore(admin).doc(`notes/${id}`).delete();
        await until(() => events.at(-1) === undefined);
        unsub();

        // Refusals: a denied write is an error message on the Write stream, a denied listen a
        // REMOVE with a cause; the client surfaces both as permission-denied and carries on.
        await expect(fb.setDoc(fb.doc(db, 'denied', id), { x: 1 })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        const listenError = await new Promise<any>((resolve) => {
          fb.onSnapshot(
            fb.doc(db, 'denied', id),
            () => resolve(null),
            (err: any) => resolve(err),
          );
        });
        expect(listenError?.code).toBe('permission-denied');
        await fb.setDoc(fb.doc(db, 'notes', `${id}-after`), { ok: true });
        expect((await fb.getDoc(fb.doc(db, 'notes', `${id}-after`))).data()).toEqual({ ok: true });

        const channelCalls = seenUrls.filter((u) => u.includes('/channel?'));
        expect(channelCalls.some((u) => u.includes('/Listen/channel'))).toBe(true);
        expect(channelCalls.some((u) => u.includes('/Write/channel'))).toBe(true);
        expect(channelCalls.some((u) => u.includes(mode === 'streaming' ? 'CI=0' : 'CI=1'))).toBe(
          true,
        );
        // The handshake's X-HTTP-Session-Id header was read and is sent back on every later
        // request of the session (forward channel and backchannel).
        const afterHandshake = channelCalls.filter((u) => /[?&]SID=/.test(u));
        expect(afterHandshake.length).toBeGreaterThan(0);
        expect(afterHandshake.every((u) => /[?&]gsessionid=[\w-]+/.test(u))).toBe(true);
      } finally {
        await fb.terminate(db);
        await fb.deleteApp(app);
      }
    });
  }
});
