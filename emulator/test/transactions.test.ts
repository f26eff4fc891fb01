/**
 * Transactions: two concurrent read-write transactions on one document both succeed (the loser
 * is retried after ABORTED / a failed precondition) with the right final value; read-only
 * transactions; admin reads at a past readTime; a transaction's reads see a consistent snapshot.
 */
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, useFixture } from './support/fixture.js';
import { dbRoot, rest, uniq } from './support/context.js';
import { DriverError } from './support/driver.js';
import { Timestamp } from 'firebase-admin/firestore';

const fx = useFixture();

describe.each(ALL_KINDS)('transactions via %s', (kind) => {
  it('contention: both transactions succeed via retry and the final value counts both', async () => {
    const d = await fx.driver(kind);
    const path = `${uniq('tx')}/counter`;
    await (await fx.admin()).set(path, { n: 0 });
    const r = await d.contend(path, 'n', 1500);
    expect(r.finalValue).toBe(2);
    expect(r.attempts[0]).toBeGreaterThanOrEqual(1);
    expect(r.attempts[1]).toBeGreaterThanOrEqual(1);
    if (kind !== 'admin') {
      // The web SDK reads without locks and commits with updateTime preconditions: when both read
      // before either commits, exactly one commit must be refused and retried.
      expect(r.attempts[0] + r.attempts[1]).toBeGreaterThanOrEqual(3);
    }
  });

  it('a transaction that only reads returns the documents', async () => {
    const d = await fx.driver(kind);
    const C = uniq('txr');
    await (await fx.admin()).set(`${C}/a`, { v: 1 });
    const snaps = await d.txRead([`${C}/a`, `${C}/missing`]);
    expect(snaps.map((s) => [s.id, s.exists, s.data])).toEqual([
      ['a', true, { v: 1 }],
      ['missing', false, undefined],
    ]);
  });
});

describe('admin transactions', () => {
  it('runTransaction with reads then writes commits atomically', async () => {
    const admin = await fx.admin();
    const C = uniq('txa');
    await admin.set(`${C}/from`, { balance: 10 });
    await admin.set(`${C}/to`, { balance: 0 });
    await admin.db.runTransaction(async (tx) => {
      const [f, t] = await tx.getAll(admin.db.doc(`${C}/from`), admin.db.doc(`${C}/to`));
      tx.update(f.ref, { balance: f.get('balance') - 4 });
      tx.update(t.ref, { balance: t.get('balance') + 4 });
      tx.create(admin.db.doc(`${C}/log`), { amount: 4 });
    });
    expect((await admin.get(`${C}/from`)).data).toEqual({ balance: 6 });
    expect((await admin.get(`${C}/to`)).data).toEqual({ balance: 4 });
    expect((await admin.get(`${C}/log`)).data).toEqual({ amount: 4 });
  });

  it('a failing write in a transaction applies nothing', async () => {
    const admin = await fx.admin();
    const C = uniq('txf');
    await admin.set(`${C}/a`, { v: 1 });
    const e = await admin.db
      .runTransaction(async (tx) => {
        await tx.get(admin.db.doc(`${C}/a`));
        tx.set(admin.db.doc(`${C}/a`), { v: 2 });
        tx.create(admin.db.doc(`${C}/a`), { v: 3 });
      })
      .catch((x: { code: number }) => x);
    expect((e as { code: number }).code).toBe(6);
    expect((await admin.get(`${C}/a`)).data).toEqual({ v: 1 });
  });

  it('read-only transaction, and a read-only transaction at a past readTime', async () => {
    const admin = await fx.admin();
    const ref = admin.db.doc(`${uniq('txro')}/doc`);
    const w1 = await ref.set({ v: 1 });
    // Timestamps after w1 and before w2: read there, the document is v1.
    await new Promise((r) => setTimeout(r, 20));
    const between = Timestamp.now();
    await new Promise((r) => setTimeout(r, 20));
    const w2 = await ref.set({ v: 2 });
    expect(w2.writeTime.valueOf() > between.valueOf()).toBe(true);

    const now = await admin.db.runTransaction(async (tx) => (await tx.get(ref)).get('v'), {
      readOnly: true,
    });
    expect(now).toBe(2);
    const past = await admin.db.runTransaction(async (tx) => (await tx.get(ref)).get('v'), {
      readOnly: true,
      readTime: between,
    });
    expect(past).toBe(1);
    const atW1 = await admin.db.runTransaction(async (tx) => (await tx.get(ref)).get('v'), {
      readOnly: true,
      readTime: w1.writeTime,
    });
    expect(atW1).toBe(1);
    // before the document existed
    const before = await admin.db.runTransaction(async (tx) => (await tx.get(ref)).exists, {
      readOnly: true,
      readTime: Timestamp.fromMillis(w1.writeTime.toMillis() - 1000),
    });
    expect(before).toBe(false);
    // queries at a readTime too
    const qPast = await admin.db.runTransaction(
      async (tx) => (await tx.get(ref.parent)).docs.map((x) => x.get('v')),
      {
        readOnly: true,
        readTime: between,
      },
    );
    expect(qPast).toEqual([1]);
  });

  it('REST: beginTransaction, reads in it, commit; a rolled-back transaction cannot commit', async () => {
    const P = fx.projectId;
    const path = `${uniq('txrest')}/doc`;
    const name = `${dbRoot(P)}/documents/${path}`;
    const b = await rest(P, 'POST', ':beginTransaction', {});
    expect(b.status).toBe(200);
    expect(typeof b.json.transaction).toBe('string');
    const c = await rest(P, 'POST', ':commit', {
      transaction: b.json.transaction,
      writes: [{ update: { name, fields: { v: { integerValue: '1' } } } }],
    });
    expect(c.status).toBe(200);

    const b2 = await rest(P, 'POST', ':beginTransaction', {});
    const rb = await rest(P, 'POST', ':rollback', { transaction: b2.json.transaction });
    expect(rb.status).toBe(200);
    const c2 = await rest(P, 'POST', ':commit', {
      transaction: b2.json.transaction,
      writes: [{ update: { name, fields: { v: { integerValue: '2' } } } }],
    });
    expect(c2.ok).toBe(false);
    expect(['INVALID_ARGUMENT', 'ABORTED', 'FAILED_PRECONDITION', 'NOT_FOUND']).toContain(
      c2.json?.error?.status,
    );
    const g = await rest(P, 'GET', `/${path}`);
    expect(g.json.fields).toEqual({ v: { integerValue: '1' } });
  });

  it('ABORTED is what a conflicting locked commit reports over REST', async () => {
    // Two transactions read the same document; after the first commits a write to it, the
    // second's commit must not succeed (its read is stale).
    const P = fx.projectId;
    const path = `${uniq('txab')}/doc`;
    const name = `${dbRoot(P)}/documents/${path}`;
    await rest(P, 'POST', ':commit', {
      writes: [{ update: { name, fields: { v: { integerValue: '0' } } } }],
    });
    const t1 = (await rest(P, 'POST', ':beginTransaction', {})).json.transaction;
    const t2 = (await rest(P, 'POST', ':beginTransaction', {})).json.transaction;
    const r1 = rest(P, 'POST', ':batchGet', { documents: [name], transaction: t1 });
    const r2 = rest(P, 'POST', ':batchGet', { documents: [name], transaction: t2 });
    await Promise.all([r1, r2]);
    const write = (t: string, v: string) =>
      rest(P, 'POST', ':commit', {
        transaction: t,
        writes: [{ update: { name, fields: { v: { integerValue: v } } } }],
      });
    const [c1, c2] = await Promise.all([write(t1, '1'), write(t2, '2')]);
    const oks = [c1, c2].filter((c) => c.ok);
    expect(oks).toHaveLength(1);
    const failed = [c1, c2].find((c) => !c.ok)!;
    expect(failed.json.error.status).toBe('ABORTED');
  });
});

describe('transaction errors surface codes', () => {
  it.each(['web-node', 'web-browser'] as const)(
    '%s: update of a missing doc inside a transaction is NOT_FOUND',
    async (kind) => {
      const d = await fx.driver(kind);
      const e = await d
        .batch([{ op: 'update', path: `${uniq('txe')}/missing`, data: { a: 1 } }])
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(DriverError);
      expect((e as DriverError).code).toBe('not-found');
    },
  );
});
