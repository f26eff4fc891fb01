import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { classify, HTTP2_PREFACE } from './mux.js';
import { startFirestoreTransport, type FirestoreTransport } from './index.js';
import { FakeEngine } from './fake-engine.js';

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

describe('one port for gRPC and HTTP/1.1', () => {
  let engine: FakeEngine;
  let server: FirestoreTransport;
  let app: App;

  beforeAll(async () => {
    engine = new FakeEngine();
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
    expect(engine.contexts.every((c) => c.admin)).toBe(true);
  });

  it('maps engine errors to gRPC status codes', async () => {
    const db = getFirestore(app);
    // The fake engine's runAggregationQuery works; listDocuments via REST-like gRPC works too.
    const count = await db.collection('rooms').count().get();
    expect(count.data().count).toBeGreaterThanOrEqual(1);
  });

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
      const body = '{"rules":{"files":[{"content":"x"}]}}';
      setTimeout(() => s.write(`Content-Length: ${body.length}\r\n\r\n${body}`), 40);
    });
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(engine.rules.at(-1)).toEqual({ projectId: 'demo-mux', files: [{ content: 'x' }] });
  });

  it('closes every connection promptly on close()', async () => {
    const other = await startFirestoreTransport(new FakeEngine(), { port: 0 });
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
