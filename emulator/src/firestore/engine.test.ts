import { describe, expect, it } from 'vitest';
import { FirestoreEngine, RpcError } from './engine.js';
import type { ListenResponse, Value, WriteResponse } from './types.js';
import type { CallContext } from './authorizer.js';

const admin: CallContext = { admin: true, auth: null };
const user: CallContext = { admin: false, auth: { uid: 'u1', token: {} } };
const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;

/** A clock starting at 2026-11-21T10:00:00Z that advances 1 ms per reading. */
function steppingClock(): () => bigint {
  let t = BigInt(Date.UTC(2026, 10, 21, 10)) * 1_000_000n;
  return () => (t += 1_000_000n);
}

function newEngine(): FirestoreEngine {
  return new FirestoreEngine({ now: steppingClock() });
}

const int = (n: number | string): Value => ({ integerValue: String(n) });
const str = (s: string): Value => ({ stringValue: s });

async function set(e: FirestoreEngine, path: string, fields: Record<string, Value>) {
  return e.commit(admin, {
    database: DB,
    writes: [{ update: { name: `${ROOT}/${path}`, fields } }],
  });
}

function collectSink<T>() {
  const sent: T[] = [];
  const errors: RpcError[] = [];
  let ended = false;
  return {
    sent,
    errors,
    get ended() {
      return ended;
    },
    sink: {
      send: (m: T) => sent.push(m),
      error: (e: RpcError) => errors.push(e),
      end: () => (ended = true),
    },
  };
}

describe('FirestoreEngine commit and reads', () => {
  it('writes a document and reads it back with micro timestamps', async () => {
    const e = newEngine();
    const res = await set(e, 'c/a', { x: int(1) });
    expect(res.commitTime).toMatch(/^2026-11-21T10:00:00\.\d{6}Z$/);
    expect(res.writeResults).toEqual([{ updateTime: res.commitTime }]);
    const doc = await e.getDocument(admin, { name: `${ROOT}/c/a` });
    expect(doc).toEqual({
      name: `${ROOT}/c/a`,
      fields: { x: int(1) },
      createTime: res.commitTime,
      updateTime: res.commitTime,
    });
  });

  it('reports NOT_FOUND for a missing document', async () => {
    const e = newEngine();
    await expect(e.getDocument(admin, { name: `${ROOT}/c/none` })).rejects.toMatchObject({
      code: 5,
    });
  });

  it('batchGet returns found and missing with readTime', async () => {
    const e = newEngine();
    await set(e, 'c/a', { x: int(1) });
    const out = await e.batchGetDocuments(admin, {
      database: DB,
      documents: [`${ROOT}/c/a`, `${ROOT}/c/b`],
    });
    expect(out).toHaveLength(2);
    expect(out[0].found?.fields).toEqual({ x: int(1) });
    expect(out[1].missing).toBe(`${ROOT}/c/b`);
    expect(out[1].readTime).toMatch(/Z$/);
  });

  it('commit times strictly increase even with a frozen clock', async () => {
    const e = new FirestoreEngine({ now: () => 1_700_000_000_000_000_000n });
    const a = await set(e, 'c/a', {});
    const b = await set(e, 'c/b', {});
    expect(a.commitTime).toBe('2023-11-14T22:13:20.000000Z');
    expect(b.commitTime).toBe('2023-11-14T22:13:20.000001Z');
  });

  it('is atomic: a failing write leaves earlier writes of the batch unapplied', async () => {
    const e = newEngine();
    await set(e, 'c/exists', { v: int(1) });
    await expect(
      e.commit(admin, {
        database: DB,
        writes: [
          { update: { name: `${ROOT}/c/new`, fields: {} } },
          { update: { name: `${ROOT}/c/exists`, fields: {} }, currentDocument: { exists: false } },
        ],
      }),
    ).rejects.toMatchObject({ code: 6, message: `Document already exists: ${ROOT}/c/exists` });
    await expect(e.getDocument(admin, { name: `${ROOT}/c/new` })).rejects.toMatchObject({
      code: 5,
    });
  });

  it('rejects more than 500 writes', async () => {
    const e = newEngine();
    const writes = Array.from({ length: 501 }, (_, i) => ({
      update: { name: `${ROOT}/c/d${i}`, fields: {} },
    }));
    await expect(e.commit(admin, { database: DB, writes })).rejects.toMatchObject({ code: 3 });
  });
});

describe('runQuery', () => {
  it('filters, orders and limits', async () => {
    const e = newEngine();
    for (let i = 0; i < 10; i++)
      await set(e, `c/d${i}`, { n: int(i), even: { booleanValue: i % 2 === 0 } });
    const out = await e.runQuery(admin, {
      parent: ROOT,
      structuredQuery: {
        from: [{ collectionId: 'c' }],
        where: {
          fieldFilter: { field: { fieldPath: 'even' }, op: 'EQUAL', value: { booleanValue: true } },
        },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
        limit: 3,
      },
    });
    expect(out.map((r) => r.document?.fields?.n)).toEqual([int(8), int(6), int(4)]);
  });

  it('returns one response with only readTime when nothing matches', async () => {
    const e = newEngine();
    const out = await e.runQuery(admin, {
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'none' }] },
    });
    expect(out).toHaveLength(1);
    expect(out[0].document).toBeUndefined();
    expect(out[0].readTime).toBeDefined();
  });
});

describe('Listen stream', () => {
  it('sends ADD, documents, CURRENT, global; then changes + global per commit', async () => {
    const e = newEngine();
    await set(e, 'c/a', { n: int(1) });
    const c = collectSink<ListenResponse>();
    const h = e.openListen(admin, c.sink);
    h.write({
      database: DB,
      addTarget: {
        targetId: 2,
        query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } },
      },
    });
    expect(c.sent.map((m) => Object.keys(m)[0])).toEqual([
      'targetChange',
      'documentChange',
      'targetChange',
      'targetChange',
    ]);
    expect(c.sent[0].targetChange).toEqual({ targetChangeType: 'ADD', targetIds: [2] });
    expect(c.sent[1].documentChange?.targetIds).toEqual([2]);
    expect(c.sent[2].targetChange?.targetChangeType).toBe('CURRENT');
    expect(c.sent[2].targetChange?.resumeToken).toBeTruthy();
    expect(c.sent[3].targetChange?.targetChangeType).toBeUndefined();
    const initialReadTime = c.sent[3].targetChange!.readTime!;
    c.sent.length = 0;

    const { commitTime } = await set(e, 'c/b', { n: int(2) });
    expect(c.sent).toHaveLength(2);
    expect(c.sent[0].documentChange?.document.name).toBe(`${ROOT}/c/b`);
    expect(c.sent[1].targetChange?.readTime).toBe(commitTime);
    expect(commitTime > initialReadTime).toBe(true);
    c.sent.length = 0;

    await e.commit(admin, { database: DB, writes: [{ delete: `${ROOT}/c/a` }] });
    expect(c.sent[0].documentDelete).toMatchObject({
      document: `${ROOT}/c/a`,
      removedTargetIds: [2],
    });

    c.sent.length = 0;
    h.write({ removeTarget: 2 });
    expect(c.sent).toEqual([{ targetChange: { targetChangeType: 'REMOVE', targetIds: [2] } }]);
    h.close();
    await set(e, 'c/z', {});
    expect(c.sent).toHaveLength(1);
  });
});

describe('Write stream', () => {
  it('handshakes then commits each request', async () => {
    const e = newEngine();
    const c = collectSink<WriteResponse>();
    const h = e.openWrite(user, c.sink);
    h.write({ database: DB });
    expect(c.sent[0].streamId).toBeTruthy();
    expect(c.sent[0].streamToken).toBeTruthy();
    h.write({
      streamToken: c.sent[0].streamToken,
      writes: [{ update: { name: `${ROOT}/c/a`, fields: { s: str('x') } } }],
    });
    expect(c.sent[1].writeResults).toHaveLength(1);
    expect(c.sent[1].commitTime).toBeTruthy();
    h.write({
      writes: [{ update: { name: `${ROOT}/c/a`, fields: {} }, currentDocument: { exists: false } }],
    });
    expect(c.errors[0]).toBeInstanceOf(RpcError);
    expect(c.errors[0].status).toBe('ALREADY_EXISTS');
  });
});

describe('REST-style CRUD and listing', () => {
  it('createDocument with and without id, ALREADY_EXISTS, masks', async () => {
    const e = newEngine();
    const d = await e.createDocument(admin, {
      parent: ROOT,
      collectionId: 'c',
      documentId: 'x',
      document: { name: '', fields: { a: int(1), b: int(2) } },
      mask: { fieldPaths: ['a'] },
    });
    expect(d.fields).toEqual({ a: int(1) });
    const auto = await e.createDocument(admin, {
      parent: `${ROOT}/c/x`,
      collectionId: 'sub',
      document: { name: '', fields: {} },
    });
    expect(auto.name).toMatch(
      new RegExp(`^${ROOT.replace(/[()]/g, '\\$&')}/c/x/sub/[A-Za-z0-9]{20}$`),
    );
    await expect(
      e.createDocument(admin, {
        parent: ROOT,
        collectionId: 'c',
        documentId: 'x',
        document: { name: '' },
      }),
    ).rejects.toMatchObject({
      code: 6,
      message: `Document already exists: ${ROOT}/c/x`,
    });
    const got = await e.getDocument(admin, { name: `${ROOT}/c/x`, mask: { fieldPaths: ['b'] } });
    expect(got.fields).toEqual({ b: int(2) });
  });

  it('updateDocument merges with updateMask, creates without precondition; deleteDocument honours preconditions', async () => {
    const e = newEngine();
    const name = `${ROOT}/c/x`;
    await e.updateDocument(admin, { document: { name, fields: { a: int(1), b: int(1) } } });
    const u = await e.updateDocument(admin, {
      document: { name, fields: { b: int(2), c: int(3) } },
      updateMask: { fieldPaths: ['b', 'a'] },
    });
    expect(u.fields).toEqual({ b: int(2) });
    await expect(
      e.updateDocument(admin, {
        document: { name: `${ROOT}/c/none`, fields: {} },
        currentDocument: { exists: true },
      }),
    ).rejects.toMatchObject({
      code: 5,
      message: `No document to update: ${ROOT}/c/none`,
    });
    await expect(
      e.deleteDocument(admin, { name, currentDocument: { updateTime: '2000-01-01T00:00:00Z' } }),
    ).rejects.toMatchObject({ code: 9 });
    await e.deleteDocument(admin, { name });
    await e.deleteDocument(admin, { name });
    await expect(e.getDocument(admin, { name })).rejects.toMatchObject({ code: 5 });
  });

  it('listDocuments pages in name order and shows missing parents', async () => {
    const e = newEngine();
    for (const id of ['b', 'a', 'c']) await set(e, `c/${id}`, { id: str(id) });
    await set(e, 'c/ghost/sub/s', {});
    const p1 = await e.listDocuments(admin, { parent: ROOT, collectionId: 'c', pageSize: 2 });
    expect(p1.documents.map((d) => d.name.slice(-1))).toEqual(['a', 'b']);
    const p2 = await e.listDocuments(admin, {
      parent: ROOT,
      collectionId: 'c',
      pageSize: 2,
      pageToken: p1.nextPageToken,
    });
    expect(p2.documents.map((d) => d.name.slice(-1))).toEqual(['c']);
    expect(p2.nextPageToken).toBeUndefined();
    const all = await e.listDocuments(admin, {
      parent: ROOT,
      collectionId: 'c',
      showMissing: true,
      mask: { fieldPaths: [] },
    });
    expect(all.documents).toEqual([
      expect.objectContaining({ name: `${ROOT}/c/a`, fields: {} }),
      expect.objectContaining({ name: `${ROOT}/c/b` }),
      expect.objectContaining({ name: `${ROOT}/c/c` }),
      { name: `${ROOT}/c/ghost` },
    ]);
  });

  it('listCollectionIds includes collections under missing documents', async () => {
    const e = newEngine();
    await set(e, 'b/1', {});
    await set(e, 'a/1/sub/x', {});
    await set(e, 'ghost/g/deep/y', {});
    expect((await e.listCollectionIds(admin, { parent: ROOT })).collectionIds).toEqual([
      'a',
      'b',
      'ghost',
    ]);
    expect((await e.listCollectionIds(admin, { parent: `${ROOT}/ghost/g` })).collectionIds).toEqual(
      ['deep'],
    );
    const page = await e.listCollectionIds(admin, { parent: ROOT, pageSize: 2 });
    expect(page.collectionIds).toEqual(['a', 'b']);
    expect(
      (await e.listCollectionIds(admin, { parent: ROOT, pageToken: page.nextPageToken }))
        .collectionIds,
    ).toEqual(['ghost']);
  });

  it('batchWrite applies writes independently', async () => {
    const e = newEngine();
    const r = await e.batchWrite(admin, {
      database: DB,
      writes: [
        { update: { name: `${ROOT}/c/a`, fields: {} } },
        { update: { name: `${ROOT}/c/b`, fields: {} }, currentDocument: { exists: true } },
      ],
    });
    expect(r.status.map((s) => s.code)).toEqual([0, 5]);
    expect(r.writeResults[0].updateTime).toBeTruthy();
    await e.getDocument(admin, { name: `${ROOT}/c/a` });
  });

  it('runAggregationQuery returns aggregateFields and readTime', async () => {
    const e = newEngine();
    for (let i = 1; i <= 4; i++) await set(e, `c/d${i}`, { n: int(i) });
    const [r] = await e.runAggregationQuery(admin, {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: {
          from: [{ collectionId: 'c' }],
          orderBy: [{ field: { fieldPath: 'n' } }],
          limit: 3,
        },
        aggregations: [
          { alias: 'aggregate_0', count: {} },
          { alias: 's', sum: { field: { fieldPath: 'n' } } },
        ],
      },
    });
    expect(r.result?.aggregateFields).toEqual({ aggregate_0: int(3), s: int(6) });
    expect(r.readTime).toBeDefined();
  });
});

describe('projects, clear, throughput', () => {
  it('keeps projects and databases apart; clear empties one and notifies listeners', async () => {
    const e = newEngine();
    const other = 'projects/q/databases/(default)';
    await set(e, 'c/a', {});
    await e.commit(admin, {
      database: other,
      writes: [{ update: { name: `${other}/documents/c/a`, fields: { q: int(1) } } }],
    });
    const c = collectSink<ListenResponse>();
    e.openListen(admin, c.sink).write({
      database: DB,
      addTarget: {
        targetId: 1,
        query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } },
      },
    });
    c.sent.length = 0;
    e.clear('p');
    expect(c.sent.map((m) => Object.keys(m)[0])).toEqual(['documentDelete', 'targetChange']);
    await expect(e.getDocument(admin, { name: `${ROOT}/c/a` })).rejects.toMatchObject({ code: 5 });
    expect((await e.getDocument(admin, { name: `${other}/documents/c/a` })).fields).toEqual({
      q: int(1),
    });
    expect(e.lookup('q', '(default)', 'c/a')?.fields).toEqual({ q: int(1) });
    expect(e.lookup('q', '(default)', '/databases/(default)/documents/c/a')?.fields).toEqual({
      q: int(1),
    });
  });

  it('sustains thousands of sequential commits per second with a listener attached', async () => {
    const e = new FirestoreEngine();
    const c = collectSink<ListenResponse>();
    e.openListen(admin, c.sink).write({
      database: DB,
      addTarget: {
        targetId: 1,
        query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'notes' }], limit: 24 } },
      },
    });
    const start = performance.now();
    for (let i = 0; i < 3000; i++) {
      await e.commit(admin, {
        database: DB,
        writes: [{ update: { name: `${ROOT}/c/d${i % 500}`, fields: { n: int(i), s: str('x') } } }],
      });
    }
    const perSecond = 3000 / ((performance.now() - start) / 1000);
    expect(perSecond).toBeGreaterThan(2000);
  });
});
