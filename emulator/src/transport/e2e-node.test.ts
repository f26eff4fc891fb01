/**
 * End-to-end through the real server (real engine) and the real Node clients: firebase-admin
 * (gRPC), the web SDK's Node build (gRPC, Listen/Write streams), plain fetch (REST, emulator
 * control). Loopback only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp as initAdmin, deleteApp as deleteAdmin, type App } from 'firebase-admin/app';
import { getFirestore as adminFirestore, FieldValue } from 'firebase-admin/firestore';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  onSnapshot,
  setDoc,
  terminate,
  collection,
  query,
  where,
  getDocs,
  getCountFromServer,
  runTransaction,
  type DocumentSnapshot,
} from 'firebase/firestore';
import { startEmulator, type RunningEmulator } from '../server.js';

const PROJECT = 'demo-transport-e2e';

describe('Node clients against the real server', () => {
  let emu: RunningEmulator;
  let admin: App;
  let web: FirebaseApp;
  let base: string;

  beforeAll(async () => {
    emu = await startEmulator({ firestore: { port: 0 }, projectId: PROJECT });
    base = `http://127.0.0.1:${emu.firestore!.port}`;
    admin = initAdmin({ projectId: PROJECT }, 'e2e-admin');
    adminFirestore(admin).settings({ host: `127.0.0.1:${emu.firestore!.port}`, ssl: false });
    web = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, 'e2e-web');
    connectFirestoreEmulator(getFirestore(web), '127.0.0.1', emu.firestore!.port);
  });
  afterAll(async () => {
    await terminate(getFirestore(web));
    await deleteApp(web);
    await deleteAdmin(admin);
    await emu.stop();
  });

  it('admin: set/get/query/count/transaction/increment over gRPC', async () => {
    const db = adminFirestore(admin);
    await db.doc('rooms/a').set({
      n: 1,
      tags: ['x'],
      at: new Date('2026-01-01T00:00:00Z'),
      nan: NaN,
      big: 9007199254740991,
    });
    await db.doc('rooms/a').update({ n: FieldValue.increment(2) });
    const snap = await db.doc('rooms/a').get();
    expect(snap.get('n')).toBe(3);
    expect(snap.get('nan')).toBeNaN();
    expect(snap.get('big')).toBe(9007199254740991);
    expect(snap.get('at').toDate().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await db.doc('rooms/b').set({ n: 10 });
    const q = await db.collection('rooms').where('n', '>', 2).orderBy('n').get();
    expect(q.docs.map((d) => d.id)).toEqual(['a', 'b']);
    expect((await db.collection('rooms').count().get()).data().count).toBe(2);
    await db.runTransaction(async (tx) => {
      const s = await tx.get(db.doc('rooms/b'));
      tx.update(db.doc('rooms/b'), { n: (s.get('n') as number) + 1 });
    });
    expect((await db.doc('rooms/b').get()).get('n')).toBe(11);
    expect((await db.listCollections()).map((c) => c.id)).toContain('rooms');
  });

  it('admin: engine errors surface as gRPC status codes', async () => {
    const db = adminFirestore(admin);
    await expect(db.doc('rooms/a').create({ x: 1 })).rejects.toMatchObject({ code: 6 });
    await expect(db.doc('rooms/none').update({ x: 1 })).rejects.toMatchObject({ code: 5 });
  });

  it('admin: onSnapshot over the gRPC Listen stream', async () => {
    const db = adminFirestore(admin);
    const seen: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const unsub = db.doc('rooms/live').onSnapshot((s) => {
        seen.push(s.exists ? (s.get('v') as number) : -1);
        if (seen.length === 1) void db.doc('rooms/live').set({ v: 7 });
        if (s.exists && s.get('v') === 7) {
          unsub();
          resolve();
        }
      }, reject);
    });
    expect(seen).toEqual([-1, 7]);
  });

  it('web SDK (Node build): Write stream, Listen stream, queries, count, transaction', async () => {
    const db = getFirestore(web);
    await setDoc(doc(db, 'notes/w1'), {
      title: 'hello',
      n: 1,
      when: new Date('2026-02-03T04:05:06.789Z'),
    });
    const got = await getDoc(doc(db, 'notes/w1'));
    expect(got.data()).toMatchObject({ title: 'hello', n: 1 });
    // Written by the web SDK, read by admin: same data through a different transport.
    const viaAdmin = await adminFirestore(admin).doc('notes/w1').get();
    expect(viaAdmin.get('title')).toBe('hello');

    const snaps: (DocumentSnapshot | null)[] = [];
    await new Promise<void>((resolve, reject) => {
      const unsub = onSnapshot(
        doc(db, 'notes/w2'),
        { includeMetadataChanges: false },
        (s) => {
          snaps.push(s);
          if (!s.exists() && !s.metadata.fromCache)
            void adminFirestore(admin).doc('notes/w2').set({ by: 'admin' });
          if (s.exists()) {
            unsub();
            resolve();
          }
        },
        reject,
      );
    });
    expect(snaps.at(-1)!.data()).toEqual({ by: 'admin' });

    const q = await getDocs(query(collection(db, 'notes'), where('n', '==', 1)));
    expect(q.docs.map((d) => d.id)).toEqual(['w1']);
    expect((await getCountFromServer(collection(db, 'notes'))).data().count).toBe(2);
    await runTransaction(db, async (tx) => {
      const s = await tx.get(doc(db, 'notes/w1'));
      tx.update(doc(db, 'notes/w1'), { n: (s.get('n') as number) + 1 });
    });
    expect((await getDoc(doc(db, 'notes/w1'))).get('n')).toBe(2);
  });

  it('REST: CRUD, custom methods, errors, emulator control', async () => {
    const docs = `${base}/v1/projects/${PROJECT}/databases/(default)/documents`;
    const post = (url: string, body: object) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(body),
      });

    const created = await post(`${docs}/rest?documentId=one`, {
      fields: { a: { integerValue: '1' }, d: { doubleValue: 'NaN' } },
    });
    expect(created.status).toBe(200);
    const createdBody = (await created.json()) as { name: string; fields: Record<string, unknown> };
    expect(createdBody.name).toBe(`projects/${PROJECT}/databases/(default)/documents/rest/one`);
    expect(createdBody.fields.d).toEqual({ doubleValue: 'NaN' });

    const patched = await fetch(
      `${docs}/rest/one?updateMask.fieldPaths=b&currentDocument.exists=true`,
      {
        method: 'PATCH',
        body: JSON.stringify({ fields: { b: { stringValue: 'x' } } }),
      },
    );
    expect(((await patched.json()) as { fields: object }).fields).toEqual({
      a: { integerValue: '1' },
      b: { stringValue: 'x' },
      d: { doubleValue: 'NaN' },
    });

    const masked = (await (await fetch(`${docs}/rest/one?mask.fieldPaths=b`)).json()) as {
      fields: object;
    };
    expect(masked.fields).toEqual({ b: { stringValue: 'x' } });

    const list = (await (await fetch(`${docs}/rest?pageSize=10`)).json()) as {
      documents: unknown[];
    };
    expect(list.documents).toHaveLength(1);

    const rq = await post(`${docs}:runQuery`, {
      structuredQuery: { from: [{ collectionId: 'rest' }], limit: 5 },
    });
    const rows = (await rq.json()) as { document?: { name: string } }[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.filter((r) => r.document).map((r) => r.document!.name)).toEqual([createdBody.name]);

    const agg = (await (
      await post(`${docs}:runAggregationQuery`, {
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'rest' }] },
          aggregations: [{ alias: 'aggregate_0', count: {} }],
        },
      })
    ).json()) as { result: { aggregateFields: object } }[];
    expect(agg[0]!.result.aggregateFields).toEqual({ aggregate_0: { integerValue: '1' } });

    const bg = (await (
      await post(`${docs}:batchGet`, { documents: [createdBody.name, `${createdBody.name}x`] })
    ).json()) as object[];
    expect(bg).toHaveLength(2);

    const commit = await post(`${docs}:commit`, {
      writes: [{ delete: createdBody.name, currentDocument: { exists: true } }],
    });
    expect(commit.status).toBe(200);

    const missing = await fetch(`${docs}/rest/one`, {
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(missing.headers.get('access-control-allow-credentials')).toBe('true');
    expect(((await missing.json()) as { error: object }).error).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
    });

    const bad = await post(`${docs}:commit`, { writes: [{ update: { name: 'nonsense' } }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { status: string } }).error.status).toBe(
      'INVALID_ARGUMENT',
    );

    // Emulator control as @firebase/rules-unit-testing sends it.
    const rules = await fetch(`${base}/emulator/v1/projects/${PROJECT}:securityRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({
        rules: {
          files: [
            {
              content:
                "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if true; allow write: if false; } } }",
            },
          ],
        },
      }),
    });
    expect(rules.ok).toBe(true);
    const denied = await post(`${docs}/rest?documentId=two`, { fields: {} });
    expect(denied.status).toBe(403);
    // Admin bypasses rules.
    await adminFirestore(admin).doc('rest/admin').set({ ok: true });
    const cleared = await fetch(
      `${base}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
      { method: 'DELETE' },
    );
    expect(cleared.ok).toBe(true);
    expect((await adminFirestore(admin).doc('rest/admin').get()).exists).toBe(false);
    expect((await adminFirestore(admin).doc('rooms/a').get()).exists).toBe(false);
  });

  it('web SDK (Node build): refusals end the gRPC Write stream / remove the Listen target, then it recovers', async () => {
    const put = await fetch(`${base}/emulator/v1/projects/${PROJECT}:securityRules`, {
      method: 'PUT',
      body: JSON.stringify({
        rules: {
          files: [
            {
              content:
                "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents {\n" +
                '  match /open/{id} { allow read, write: if true; }\n  match /denied/{id} { allow read, write: if false; } } }',
            },
          ],
        },
      }),
    });
    expect(put.ok).toBe(true);
    const db = getFirestore(web);
    await expect(setDoc(doc(db, 'denied/x'), { a: 1 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const err = await new Promise<{ code?: string } | null>((resolve) => {
      onSnapshot(
        doc(db, 'denied/x'),
        () => resolve(null),
        (e) => resolve(e),
      );
    });
    expect(err?.code).toBe('permission-denied');
    await setDoc(doc(db, 'open/y'), { ok: true });
    expect((await getDoc(doc(db, 'open/y'))).data()).toEqual({ ok: true });
  });
});
