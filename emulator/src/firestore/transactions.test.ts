import { describe, expect, it } from 'vitest';
import type { CallContext } from './authorizer.js';
import { FirestoreEngine } from './engine.js';
import type { Value } from './types.js';

const admin: CallContext = { admin: true, auth: null };
const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;
const int = (n: number): Value => ({ integerValue: String(n) });

function engine() {
  let t = 1_700_000_000_000_000_000n;
  return new FirestoreEngine({ now: () => (t += 1_000_000n) });
}
const setW = (path: string, fields: Record<string, Value>) => ({
  update: { name: `${ROOT}/${path}`, fields },
});

describe('transactions', () => {
  it('newTransaction on a read returns the id; commit with it succeeds', async () => {
    const e = engine();
    await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(1) })] });
    const [first] = await e.batchGetDocuments(admin, {
      database: DB,
      documents: [`${ROOT}/c/a`],
      newTransaction: { readWrite: {} },
    });
    expect(Buffer.from(first.transaction!, 'base64')).toHaveLength(16);
    expect(first.found?.fields).toEqual({ n: int(1) });
    const res = await e.commit(admin, {
      database: DB,
      transaction: first.transaction,
      writes: [setW('c/a', { n: int(2) })],
    });
    expect(res.writeResults).toHaveLength(1);
    // a finished transaction cannot be reused
    await expect(
      e.commit(admin, { database: DB, transaction: first.transaction, writes: [] }),
    ).rejects.toMatchObject({ code: 3 });
  });

  it('aborts when a document read in the transaction changed (ABORTED = 10)', async () => {
    const e = engine();
    await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(1) })] });
    const { transaction } = await e.beginTransaction(admin, { database: DB });
    await e.getDocument(admin, { name: `${ROOT}/c/a`, transaction });
    await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(5) })] });
    await expect(
      e.commit(admin, { database: DB, transaction, writes: [setW('c/a', { n: int(2) })] }),
    ).rejects.toMatchObject({ code: 10 });
    expect((await e.getDocument(admin, { name: `${ROOT}/c/a` })).fields).toEqual({ n: int(5) });
  });

  it('aborts when a missing document read in the transaction was created', async () => {
    const e = engine();
    const { transaction } = await e.beginTransaction(admin, {
      database: DB,
      options: { readWrite: {} },
    });
    const [r] = await e.batchGetDocuments(admin, {
      database: DB,
      documents: [`${ROOT}/c/x`],
      transaction,
    });
    expect(r.missing).toBe(`${ROOT}/c/x`);
    await e.commit(admin, { database: DB, writes: [setW('c/x', {})] });
    await expect(e.commit(admin, { database: DB, transaction, writes: [] })).rejects.toMatchObject({
      code: 10,
    });
  });

  it('aborts when a query read in the transaction gains a result', async () => {
    const e = engine();
    const [r] = await e.runQuery(admin, {
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'q' }] },
      newTransaction: { readWrite: {} },
    });
    expect(r.transaction).toBeTruthy();
    expect(r.document).toBeUndefined();
    await e.commit(admin, { database: DB, writes: [setW('q/new', {})] });
    await expect(
      e.commit(admin, { database: DB, transaction: r.transaction, writes: [setW('c/y', {})] }),
    ).rejects.toMatchObject({
      code: 10,
    });
  });

  it('unrelated writes do not abort', async () => {
    const e = engine();
    await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(1) })] });
    const { transaction } = await e.beginTransaction(admin, { database: DB });
    await e.getDocument(admin, { name: `${ROOT}/c/a`, transaction });
    await e.commit(admin, { database: DB, writes: [setW('c/other', {})] });
    await e.commit(admin, { database: DB, transaction, writes: [setW('c/a', { n: int(2) })] });
  });

  it('read-only transactions read a snapshot and refuse writes', async () => {
    const e = engine();
    const w1 = await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(1) })] });
    const { transaction } = await e.beginTransaction(admin, {
      database: DB,
      options: { readOnly: {} },
    });
    await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(2) })] });
    const d = await e.getDocument(admin, { name: `${ROOT}/c/a`, transaction });
    expect(d.fields).toEqual({ n: int(1) });
    expect(d.updateTime).toBe(w1.commitTime);
    await expect(
      e.commit(admin, { database: DB, transaction, writes: [setW('c/a', {})] }),
    ).rejects.toMatchObject({ code: 3 });
  });

  it('readTime reads serve historical versions', async () => {
    const e = engine();
    const w1 = await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(1) })] });
    await e.commit(admin, { database: DB, writes: [setW('c/a', { n: int(2) }), setW('c/b', {})] });
    const old = await e.runQuery(admin, {
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'c' }] },
      readTime: w1.commitTime,
    });
    expect(old.map((r) => r.document?.fields)).toEqual([{ n: int(1) }]);
    expect(old[0].readTime).toBe(w1.commitTime);
    expect(
      (await e.getDocument(admin, { name: `${ROOT}/c/a`, readTime: w1.commitTime })).fields,
    ).toEqual({ n: int(1) });
  });

  it('rollback ends the transaction; unknown ids are INVALID_ARGUMENT', async () => {
    const e = engine();
    const { transaction } = await e.beginTransaction(admin, { database: DB });
    await e.rollback(admin, { database: DB, transaction });
    await expect(e.rollback(admin, { database: DB, transaction })).rejects.toMatchObject({
      code: 3,
    });
    await expect(
      e.getDocument(admin, { name: `${ROOT}/c/a`, transaction: 'bm9wZQ==' }),
    ).rejects.toMatchObject({ code: 3 });
  });

  it('idle transactions expire', async () => {
    let now = 1_700_000_000_000_000_000n;
    const e = new FirestoreEngine({ now: () => now });
    const { transaction } = await e.beginTransaction(admin, { database: DB });
    now += 300n * 1_000_000_000n;
    await expect(e.commit(admin, { database: DB, transaction, writes: [] })).rejects.toMatchObject({
      code: 3,
    });
  });
});
