/**
 * REST routing against the real server and engine, with real fetch (and firebase-admin over gRPC
 * on the same port to cross-check what REST wrote).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startEmulator, type RunningEmulator } from '../server.js';
import { splitVerb } from './rest.js';

const PROJECT = 'demo-rest';
const DB = `projects/${PROJECT}/databases/(default)`;

describe('splitVerb', () => {
  it('only takes a trailing known verb as a method call', () => {
    expect(splitVerb('/v1/x/documents:commit')).toEqual({
      path: '/v1/x/documents',
      verb: 'commit',
    });
    expect(splitVerb('/v1/x/documents/c/a:b:listCollectionIds')).toEqual({
      path: '/v1/x/documents/c/a:b',
      verb: 'listCollectionIds',
    });
    expect(splitVerb('/v1/x/documents/c/a:b')).toEqual({ path: '/v1/x/documents/c/a:b' });
    expect(splitVerb('/v1/x/documents/c/a:toString')).toEqual({
      path: '/v1/x/documents/c/a:toString',
    });
    expect(splitVerb('/v1/x/documents:partitionQuery')).toMatchObject({ verb: 'partitionQuery' });
  });
});

describe('REST routing with real fetch', () => {
  let emu: RunningEmulator;
  let admin: App;
  let base: string;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

  beforeAll(async () => {
    emu = await startEmulator({ firestore: { port: 0 }, projectId: PROJECT });
    base = `http://127.0.0.1:${emu.firestore!.port}/v1/${DB}/documents`;
    admin = initializeApp({ projectId: PROJECT }, 'rest-test');
    getFirestore(admin).settings({ host: `127.0.0.1:${emu.firestore!.port}`, ssl: false });
  });
  afterAll(async () => {
    if (admin) await deleteApp(admin);
    await emu?.stop();
  });

  it('document ids containing ":" are documents, not method calls', async () => {
    const patch = await fetch(`${base}/c/a:b`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ fields: { v: { stringValue: 'colon' } } }),
    });
    expect(patch.status).toBe(200);
    expect((await patch.json()).name).toBe(`${DB}/documents/c/a:b`);

    const get = await fetch(`${base}/c/a:b`, { headers });
    expect(get.status).toBe(200);
    expect(await get.json()).toMatchObject({
      name: `${DB}/documents/c/a:b`,
      fields: { v: { stringValue: 'colon' } },
    });
    // The same document as firebase-admin sees it over gRPC.
    expect((await getFirestore(admin).doc('c/a:b').get()).get('v')).toBe('colon');

    // Subcollection under an id with ':' and a verb on top of it.
    await getFirestore(admin).doc('c/a:b/sub:x/d').set({ n: 1 });
    const ids = await fetch(`${base}/c/a:b:listCollectionIds`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(ids.status).toBe(200);
    expect(await ids.json()).toEqual({ collectionIds: ['sub:x'] });
    const list = await fetch(`${base}/c/a:b/sub:x`, { headers });
    expect((await list.json()).documents.map((d: { name: string }) => d.name)).toEqual([
      `${DB}/documents/c/a:b/sub:x/d`,
    ]);

    // An id that ends in a verb is reachable with an encoded colon.
    await getFirestore(admin).doc('c/x:commit').set({ w: true });
    const enc = await fetch(`${base}/c/x%3Acommit`, { headers });
    expect(enc.status).toBe(200);
    expect((await enc.json()).name).toBe(`${DB}/documents/c/x:commit`);

    const del = await fetch(`${base}/c/a:b`, { method: 'DELETE', headers });
    expect(del.status).toBe(200);
    expect((await getFirestore(admin).doc('c/a:b').get()).exists).toBe(false);
    const gone = await fetch(`${base}/c/a:b`, { headers });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.status).toBe('NOT_FOUND');
  });

  it('trailing known verbs are still method calls', async () => {
    const commit = await fetch(`${base}:commit`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        writes: [
          { update: { name: `${DB}/documents/k/one`, fields: { n: { integerValue: '7' } } } },
        ],
      }),
    });
    expect(commit.status).toBe(200);
    expect((await commit.json()).writeResults).toHaveLength(1);
    const query = await fetch(`${base}:runQuery`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'k' }] } }),
    });
    const rows = (await query.json()) as { document?: { name: string } }[];
    expect(rows.filter((r) => r.document).map((r) => r.document!.name)).toEqual([
      `${DB}/documents/k/one`,
    ]);
    const unsupported = await fetch(`${base}:partitionQuery`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(unsupported.status).toBe(501);
  });

  it('runQuery with a field mask, as a browser sends it: rules judge the Bearer ID token', async () => {
    const rules = await fetch(
      `http://127.0.0.1:${emu.firestore!.port}/emulator/v1/projects/${PROJECT}:securityRules`,
      {
        method: 'PUT',
        body: JSON.stringify({
          rules: {
            files: [
              {
                content:
                  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents {\n" +
                  '  match /masked/{id} { allow list: if resource.data.public == true || request.auth.uid == resource.data.owner; } } }',
              },
            ],
          },
        }),
      },
    );
    expect(rules.status).toBe(200);
    await getFirestore(admin)
      .collection('masked')
      .doc('m1')
      .set({ public: false, owner: 'u1', title: 'T', big: ['x', 'y'], n: 2 });
    // An unsigned ID token, as the Auth emulator issues them.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const idToken = `${b64({ alg: 'none' })}.${b64({ sub: 'u1', user_id: 'u1' })}.`;
    const query = (auth: string | null) =>
      fetch(`${base}:runQuery`, {
        method: 'POST',
        headers: {
          'Content-Type': 'text/plain',
          ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
        },
        body: JSON.stringify({
          structuredQuery: {
            from: [{ collectionId: 'masked' }],
            select: { fields: [{ fieldPath: 'title' }, { fieldPath: 'n' }] },
            where: {
              fieldFilter: {
                field: { fieldPath: 'owner' },
                op: 'EQUAL',
                value: { stringValue: 'u1' },
              },
            },
            orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
            limit: 5,
          },
        }),
      });

    const owner = await query(idToken);
    expect(owner.status).toBe(200);
    const rows = (await owner.json()) as { document?: { name: string; fields: object } }[];
    expect(rows.filter((r) => r.document).map((r) => r.document)).toEqual([
      expect.objectContaining({
        name: `${DB}/documents/masked/m1`,
        fields: { title: { stringValue: 'T' }, n: { integerValue: '2' } },
      }),
    ]);

    const visitor = await query(null);
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});
