import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { classify, HTTP2_PREFACE } from './mux.js';
import { startFirestoreTransport, type FirestoreTransport } from './index.js';
import { createFirestoreEngine } from '../server.js';
import type { FirestoreEngine } from '../firestore/engine.js';

describe('classify', () => {
  it('waits while the bytes are a prefix of the HTTP/2 preface', () => {
    expect(classify(Buffer.from('PRI * HT'))).toBeUndefined();
    expect(classify(Buffer.from(''))).toBeUndefined();
    expect(classify(HTTP2_PREFACE)).toBe('http2');
    expect(classify(Buffer.concat([HTTP2_PREFACE, Buffer.from([0, 0, 0])]))).toBe('http2');
    expect(classify(Buffer.from('POST / HTTP/1.1'))).toBe('http1');
    expect(classify(Buffer.from('P'))).toBeUndefined();
    expect(classify(Buffer.from('PU'))).toBe('http1');
  });
});

const DENY_ALL =
  "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { " +
  'match /{doc=**} { allow read, write: if false; } } }';

describe('one port for gRPC and HTTP/1.1', () => {
  let engine: FirestoreEngine;
  let server: FirestoreTransport;
  let app: App;

  beforeAll(async () => {
    engine = createFirestoreEngine();
    // Rules that refuse everything: only rule-bypassing (admin) calls can succeed.
    engine.setRules('demo-mux', [{ content: DENY_ALL }]);
    server = await startFirestoreTransport(engine, { port: 0 });
    app = initializeApp({ projectId: 'demo-mux' }, 'mux-test');
    getFirestore(app).settings({ host: `127.0.0.1:${server.port}`, ssl: false });
  });
  afterAll(async () => {
    await deleteApp(app);
    await server.close();
  });

  it('serves firebase-admin over gRPC (Commit, BatchGetDocuments) as admin', async () => {
    const db = getFirestore(app);
    await db.doc('rooms/a').set({ n: 1, s: 'x', nested: { ok: true } });
    const snap = await db.doc('rooms/a').get();
    expect(snap.exists).toBe(true);
    expect(snap.data()).toEqual({ n: 1, s: 'x', nested: { ok: true } });
    expect((await db.doc('rooms/missing').get()).exists).toBe(false);
    // Every call was made as admin: the deny-all rules of this project did not apply.
    expect(engine.getRules('demo-mux')).toEqual([{ content: DENY_ALL }]);
    const unauthenticated = await fetch(
      `http://127.0.0.1:${server.port}/v1/projects/demo-mux/databases/(default)/documents/rooms/a`,
    );
    expect(unauthenticated.status).toBe(403);
  });

  it('maps engine errors to gRPC status codes', async () => {
    const db = getFirestore(app);
    const count = await db.collection('rooms').count().get();
    expect(count.data().count).toBeGreaterThanOrEqual(1);
    // The engine's NOT_FOUND (update of a missing document) arrives as gRPC status 5.
    await expect(db.doc('rooms/missing').update({ n: 2 })).rejects.toMatchObject({
      code: 5,
      message: expect.stringContaining('No document to update'),
    });
  });

  const ALLOW_READ =
    "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { " +
    'match /{doc=**} { allow read: if true; } } }';

  it('serves HTTP/1.1 on the same port, even when the request line arrives in pieces', async () => {
    expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('Ok');
    const text = await new Promise<string>((resolve, reject) => {
      const s = net.connect(server.port, '127.0.0.1');
      let out = '';
      s.on('data', (d) => (out += d.toString()));
      s.on('end', () => resolve(out));
      s.on('error', reject);
      s.write('P');
      setTimeout(
        () =>
          s.write(
            'UT /emulator/v1/projects/demo-mux:securityRules HTTP/1.1\r\nHost: x\r\nConnection: close\r\n',
          ),
        20,
      );
      const body = JSON.stringify({ rules: { files: [{ content: ALLOW_READ }] } });
      setTimeout(() => s.write(`Content-Length: ${body.length}\r\n\r\n${body}`), 40);
    });
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(engine.getRules('demo-mux')).toEqual([{ content: ALLOW_READ }]);
  });

  it('closes every connection promptly on close()', async () => {
    const other = await startFirestoreTransport(createFirestoreEngine(), { port: 0 });
    const s = net.connect(other.port, '127.0.0.1');
    await new Promise((r) => s.once('connect', r));
    s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => s.once('data', r));
    const closed = new Promise((r) => s.once('close', r));
    const t0 = Date.now();
    await other.close();
    await closed;
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
