/**
 * Document hierarchy and REST: subcollections, collection groups, ListCollectionIds,
 * ListDocuments (with missing parents), REST CRUD (create/get/patch/list/delete/runQuery) and
 * error statuses, as the official emulator serves them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_KINDS, useFixture } from './support/fixture.js';
import { dbRoot, rest, uniq } from './support/context.js';
import { V } from './support/rest-values.js';

const fx = useFixture();

const R = uniq('root');
const G = uniq('grp');

beforeAll(async () => {
  const admin = await fx.admin();
  await admin.batch([
    { op: 'set', path: `${G}/top`, data: { k: 1, n: 4 } },
    { op: 'set', path: `${R}/r1/${G}/m1`, data: { k: 1, n: 2 } },
    { op: 'set', path: `${R}/r1/${G}/m1/${G}/deep`, data: { k: 1, n: 3 } },
    { op: 'set', path: `${R}/r2/${G}/m2`, data: { k: 2, n: 1 } },
    { op: 'set', path: `${R}/r1/${G}x/decoy`, data: { k: 1, n: 0 } },
    { op: 'set', path: `${R}/r3`, data: { exists: true } },
  ]);
});

describe.each(ALL_KINDS)('hierarchy via %s', (kind) => {
  it('subcollection queries see only their own collection', async () => {
    const d = await fx.driver(kind);
    expect((await d.query({ collection: `${R}/r1/${G}` })).docs.map((x) => x.id)).toEqual(['m1']);
    expect((await d.query({ collection: `${R}/r1/${G}/m1/${G}` })).docs.map((x) => x.path)).toEqual(
      [`${R}/r1/${G}/m1/${G}/deep`],
    );
    // r1 and r2 exist only as parents of subcollections: they are not documents
    expect((await d.query({ collection: R })).docs.map((x) => x.id)).toEqual(['r3']);
    expect((await d.get(`${R}/r1`)).exists).toBe(false);
  });

  it('collection group queries span every depth, ordered by full path', async () => {
    const d = await fx.driver(kind);
    const all = await d.query({ collection: G, group: true });
    expect(all.docs.map((x) => x.path)).toEqual([
      `${G}/top`,
      `${R}/r1/${G}/m1`,
      `${R}/r1/${G}/m1/${G}/deep`,
      `${R}/r2/${G}/m2`,
    ]);
    const filtered = await d.query({
      collection: G,
      group: true,
      where: [{ field: 'k', op: '==', value: 1 }],
      orderBy: [['n', 'desc']],
    });
    expect(filtered.docs.map((x) => x.id)).toEqual(['top', 'deep', 'm1']);
    expect(
      await d.aggregate({ collection: G, group: true }, { c: ['count'], s: ['sum', 'n'] }),
    ).toEqual({ c: 4, s: 10 });
  });

  it('deleting a parent document leaves its subcollections', async () => {
    const d = await fx.driver(kind);
    const P = uniq('parent');
    await d.set(`${P}/p`, { v: 1 });
    await d.set(`${P}/p/kids/k1`, { v: 2 });
    await d.delete(`${P}/p`);
    expect((await d.get(`${P}/p`)).exists).toBe(false);
    expect((await d.query({ collection: `${P}/p/kids` })).docs.map((x) => x.id)).toEqual(['k1']);
  });
});

describe('admin listing', () => {
  it('listCollections at the root and under documents (existing or not)', async () => {
    const admin = await fx.admin();
    const root = (await admin.db.listCollections()).map((c) => c.id);
    expect(root).toEqual(expect.arrayContaining([R, G]));
    expect([...root].sort()).toEqual(root);
    expect((await admin.db.doc(`${R}/r1`).listCollections()).map((c) => c.id)).toEqual([
      G,
      `${G}x`,
    ]);
    expect((await admin.db.doc(`${R}/r1/${G}/m1`).listCollections()).map((c) => c.id)).toEqual([G]);
    expect(await admin.db.doc(`${R}/r3`).listCollections()).toEqual([]);
  });

  it('listDocuments includes missing documents that have subcollections', async () => {
    const admin = await fx.admin();
    const refs = await admin.db.collection(R).listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(['r1', 'r2', 'r3']);
  });
});

describe('REST', () => {
  const P = () => fx.projectId;
  const C = uniq('rest');

  it('create, get, patch, list with pages, delete', async () => {
    const created = await rest(P(), 'POST', `/${C}?documentId=a`, {
      fields: { v: V.int(1), s: V.str('x') },
    });
    expect(created.status).toBe(200);
    expect(created.json.name).toBe(`${dbRoot(P())}/documents/${C}/a`);
    expect(created.json.fields).toEqual({ v: V.int(1), s: V.str('x') });
    expect(created.json.createTime).toBe(created.json.updateTime);

    const dup = await rest(P(), 'POST', `/${C}?documentId=a`, { fields: {} });
    expect(dup.status).toBe(409);
    expect(dup.json.error.status).toBe('ALREADY_EXISTS');

    const auto = await rest(P(), 'POST', `/${C}`, { fields: { v: V.int(2) } });
    expect(auto.status).toBe(200);
    expect(auto.json.name).toMatch(new RegExp(`/${C}/[A-Za-z0-9]{20}$`));

    const got = await rest(P(), 'GET', `/${C}/a`);
    expect(got.json.fields).toEqual({ v: V.int(1), s: V.str('x') });

    const patched = await rest(
      P(),
      'PATCH',
      `/${C}/a?updateMask.fieldPaths=v&updateMask.fieldPaths=gone`,
      {
        fields: { v: V.int(5) },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.json.fields).toEqual({ v: V.int(5), s: V.str('x') });
    expect(patched.json.createTime).toBe(created.json.createTime);

    // PATCH without a mask replaces the document, creating it if needed
    const upsert = await rest(P(), 'PATCH', `/${C}/b`, { fields: { w: V.bool(true) } });
    expect(upsert.status).toBe(200);

    const missing = await rest(P(), 'PATCH', `/${C}/nope?currentDocument.exists=true`, {
      fields: {},
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error.status).toBe('NOT_FOUND');

    const page1 = await rest(P(), 'GET', `/${C}?pageSize=2`);
    expect(page1.status).toBe(200);
    expect(page1.json.documents).toHaveLength(2);
    expect(typeof page1.json.nextPageToken).toBe('string');
    const page2 = await rest(
      P(),
      'GET',
      `/${C}?pageSize=2&pageToken=${encodeURIComponent(page1.json.nextPageToken)}`,
    );
    const names = [...page1.json.documents, ...(page2.json.documents ?? [])].map(
      (x: { name: string }) => x.name,
    );
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    expect(page2.json.nextPageToken ?? '').toBe('');

    const del = await rest(P(), 'DELETE', `/${C}/a`);
    expect(del.status).toBe(200);
    const gone = await rest(P(), 'GET', `/${C}/a`);
    expect(gone.status).toBe(404);
    expect(gone.json.error.status).toBe('NOT_FOUND');
  });

  it('runQuery and runAggregationQuery answer JSON arrays', async () => {
    const C2 = uniq('restq');
    for (const [id, n] of [
      ['x', 1],
      ['y', 2],
      ['z', 3],
    ] as const) {
      await rest(P(), 'POST', `/${C2}?documentId=${id}`, { fields: { n: V.int(n) } });
    }
    const q = await rest(P(), 'POST', ':runQuery', {
      structuredQuery: {
        from: [{ collectionId: C2 }],
        where: {
          fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN_OR_EQUAL', value: V.int(2) },
        },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
      },
    });
    expect(q.status).toBe(200);
    const docs = (q.json as { document?: { name: string } }[])
      .filter((x) => x.document)
      .map((x) => x.document!.name);
    expect(docs).toEqual([`${dbRoot(P())}/documents/${C2}/z`, `${dbRoot(P())}/documents/${C2}/y`]);

    const a = await rest(P(), 'POST', ':runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: C2 }] },
        aggregations: [
          { alias: 'total', count: {} },
          { alias: 's', sum: { field: { fieldPath: 'n' } } },
        ],
      },
    });
    expect(a.status).toBe(200);
    expect(a.json[0].result.aggregateFields).toEqual({ total: V.int(3), s: V.int(6) });
  });

  it('listCollectionIds', async () => {
    const r = await rest(P(), 'POST', `/${R}/r1:listCollectionIds`, {});
    expect(r.status).toBe(200);
    expect(r.json.collectionIds).toEqual([G, `${G}x`]);
  });

  it('INVALID_ARGUMENT for a malformed write or query', async () => {
    const badName = await rest(P(), 'POST', ':commit', {
      writes: [{ update: { name: `${dbRoot(P())}/documents/${C}`, fields: {} } }],
    });
    expect(badName.status).toBe(400);
    expect(badName.json.error.status).toBe('INVALID_ARGUMENT');

    const tooManyIn = await rest(P(), 'POST', ':runQuery', {
      structuredQuery: {
        from: [{ collectionId: C }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'v' },
            op: 'IN',
            value: V.arr(...Array.from({ length: 31 }, (_, i) => V.int(i))),
          },
        },
      },
    });
    expect(tooManyIn.status).toBe(400);
    expect(tooManyIn.json.error.status).toBe('INVALID_ARGUMENT');

    const tooManyAggs = await rest(P(), 'POST', ':runAggregationQuery', {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: C }] },
        aggregations: Array.from({ length: 6 }, (_, i) => ({ alias: `a${i}`, count: {} })),
      },
    });
    expect(tooManyAggs.status).toBe(400);
    expect(tooManyAggs.json.error.status).toBe('INVALID_ARGUMENT');
  });
});
