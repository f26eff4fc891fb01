/**
 * Writes through every client: set, merge, mergeFields, update with dotted paths and with
 * FieldPaths that need backticks on the wire, delete, FieldValue.delete, all transforms with their
 * results, atomic batches; preconditions and transformResults through admin and REST.
 */
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, useFixture } from './support/fixture.js';
import { dbRoot, rest, tsToNanos, uniq } from './support/context.js';
import { restGet, V } from './support/rest-values.js';
import { DriverError } from './support/driver.js';
import { Timestamp } from 'firebase-admin/firestore';

const fx = useFixture();

async function rejection(p: Promise<unknown>): Promise<DriverError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof DriverError)) throw new Error(`expected a DriverError, got ${String(e)}`);
  return e;
}

describe.each(ALL_KINDS)('writes via %s', (kind) => {
  it('set replaces the whole document', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    await d.set(p, { a: 1, b: { c: 2 } });
    await d.set(p, { b: { d: 3 } });
    expect((await d.get(p)).data).toEqual({ b: { d: 3 } });
  });

  it('set with merge deep-merges maps; deleteField removes', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    await d.set(p, { a: 1, b: { c: 2, e: 5 }, gone: true });
    await d.set(p, { b: { d: 3 }, x: 1, gone: { $delete: true } }, { merge: true });
    expect((await d.get(p)).data).toEqual({ a: 1, b: { c: 2, e: 5, d: 3 }, x: 1 });
    // merge on a missing document creates it
    const q = `${uniq('w')}/fresh`;
    await d.set(q, { k: 1 }, { merge: true });
    expect((await d.get(q)).data).toEqual({ k: 1 });
  });

  it('set with mergeFields writes only the listed paths', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    await d.set(p, { a: 1, b: { c: 2, e: 5 }, keep: 'k' });
    await d.set(p, { a: 9, b: { c: 7, d: 8 }, z: 1 }, { mergeFields: ['a', 'b.c'] });
    expect((await d.get(p)).data).toEqual({ a: 9, b: { c: 7, e: 5 }, keep: 'k' });
  });

  it('update: dotted paths reach into maps, plain keys replace maps', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    await d.set(p, { a: 1, b: { c: 2, e: 5 }, m: { x: 1, y: 2 } });
    await d.update(p, { data: { 'b.c': 10, 'n.x': 1, m: { z: 3 } } });
    expect((await d.get(p)).data).toEqual({ a: 1, b: { c: 10, e: 5 }, n: { x: 1 }, m: { z: 3 } });
    await d.update(p, { data: { 'b.e': { $delete: true }, a: { $delete: true } } });
    expect((await d.get(p)).data).toEqual({ b: { c: 10 }, n: { x: 1 }, m: { z: 3 } });
  });

  it('update with FieldPaths whose segments need backticks on the wire', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    await d.set(p, { 'we.ird': { 'sp ace': 0, other: 1 }, plain: 1 });
    await d.update(p, {
      pairs: [
        [['we.ird', 'sp ace'], 1],
        [['`tick`'], 2],
        [['back\\slash'], 3],
        [['ünï'], 4],
        [['1num'], 5],
      ],
    });
    expect((await d.get(p)).data).toEqual({
      'we.ird': { 'sp ace': 1, other: 1 },
      plain: 1,
      '`tick`': 2,
      'back\\slash': 3,
      ünï: 4,
      '1num': 5,
    });
  });

  it('update of a missing document fails NOT_FOUND and creates nothing', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/missing`;
    const e = await rejection(d.update(p, { data: { a: 1 } }));
    expect(e.code).toBe('not-found');
    expect(e.message).toContain('No document to update');
    expect((await d.get(p)).exists).toBe(false);
  });

  it('delete removes; deleting a missing document succeeds', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    await d.set(p, { a: 1 });
    await d.delete(p);
    expect((await d.get(p)).exists).toBe(false);
    await d.delete(`${uniq('w')}/never`);
  });

  it('transforms: serverTimestamp, increment, arrayUnion/Remove, maximum/minimum', async () => {
    const d = await fx.driver(kind);
    const p = `${uniq('w')}/doc`;
    const before = Date.now();
    await d.set(p, { i: 5, dbl: 5, s: 'text', arr: [1, 2, 1], mx: 5, mn: 5, keep: 1 });
    await d.update(p, {
      data: {
        t: { $serverTimestamp: true },
        i: { $increment: 3 },
        dbl: { $increment: 0.5 },
        s: { $increment: 2 },
        fresh: { $increment: 7 },
        arr: { $arrayUnion: [2, 3, 3, { o: 1 }] },
        arr2: { $arrayUnion: ['a'] },
        mx: { $maximum: 7.5 },
        mn: { $minimum: 3 },
        mxNew: { $maximum: 4 },
      },
    });
    let data = (await d.get(p)).data!;
    const t = (data.t as { $ts: [number, number] }).$ts;
    expect(t[0] * 1000 + t[1] / 1e6).toBeGreaterThanOrEqual(before - 2000);
    expect(t[0] * 1000 + t[1] / 1e6).toBeLessThanOrEqual(Date.now() + 2000);
    expect(data).toMatchObject({
      i: 8,
      dbl: 5.5,
      s: 2,
      fresh: 7,
      arr: [1, 2, 1, 3, { o: 1 }],
      arr2: ['a'],
      mx: 7.5,
      mn: 3,
      mxNew: 4,
      keep: 1,
    });
    const f = (await restGet(fx.projectId, p))!.fields!;
    expect(f.i).toEqual({ integerValue: '8' });
    expect(f.dbl).toEqual({ doubleValue: 5.5 });
    expect(f.mx).toEqual({ doubleValue: 7.5 });
    expect(f.mn).toEqual({ integerValue: '3' });

    await d.update(p, {
      data: {
        arr: { $arrayRemove: [1, { o: 1 }, 99] },
        i: { $increment: -10 },
        mx: { $minimum: 100 },
      },
    });
    data = (await d.get(p)).data!;
    expect(data.arr).toEqual([2, 3]);
    expect(data.i).toBe(-2);
    expect(data.mx).toBe(7.5);
  });

  it('a batch is atomic: one failing write means nothing is applied', async () => {
    const d = await fx.driver(kind);
    const c = uniq('batch');
    await d.set(`${c}/existing`, { v: 0 });
    const e = await rejection(
      d.batch([
        { op: 'set', path: `${c}/a`, data: { v: 1 } },
        { op: 'update', path: `${c}/existing`, data: { v: 1 } },
        { op: 'update', path: `${c}/missing`, data: { v: 1 } },
        { op: 'set', path: `${c}/b`, data: { v: 1 } },
      ]),
    );
    expect(e.code).toBe('not-found');
    expect((await d.get(`${c}/a`)).exists).toBe(false);
    expect((await d.get(`${c}/b`)).exists).toBe(false);
    expect((await d.get(`${c}/existing`)).data).toEqual({ v: 0 });
    // and a good batch applies every write, in order
    await d.batch([
      { op: 'set', path: `${c}/a`, data: { v: 1 } },
      { op: 'update', path: `${c}/a`, data: { w: 2 } },
      { op: 'delete', path: `${c}/existing` },
    ]);
    expect((await d.get(`${c}/a`)).data).toEqual({ v: 1, w: 2 });
    expect((await d.get(`${c}/existing`)).exists).toBe(false);
  });
});

describe('preconditions (admin)', () => {
  it('create on an existing document fails ALREADY_EXISTS', async () => {
    const d = await fx.admin();
    const ref = d.db.doc(`${uniq('pre')}/doc`);
    await ref.create({ a: 1 });
    const e = await ref.create({ a: 2 }).catch((x: { code: number; message: string }) => x);
    expect((e as { code: number }).code).toBe(6);
    expect((e as unknown as Error).message).toContain('Document already exists');
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('update with lastUpdateTime: matching succeeds, stale fails FAILED_PRECONDITION', async () => {
    const d = await fx.admin();
    const ref = d.db.doc(`${uniq('pre')}/doc`);
    const w1 = await ref.set({ v: 1 });
    const w2 = await ref.update({ v: 2 }, { lastUpdateTime: w1.writeTime });
    expect(tsToNanos([w2.writeTime.seconds, w2.writeTime.nanoseconds])).toBeGreaterThan(
      tsToNanos([w1.writeTime.seconds, w1.writeTime.nanoseconds]),
    );
    const e = await ref
      .update({ v: 3 }, { lastUpdateTime: w1.writeTime })
      .catch((x: { code: number }) => x);
    expect((e as { code: number }).code).toBe(9);
    expect((await ref.get()).get('v')).toBe(2);
    // the snapshot's updateTime is the one the precondition compares
    const snap = await ref.get();
    expect(snap.updateTime!.isEqual(w2.writeTime)).toBe(true);
    await ref.delete({ lastUpdateTime: snap.updateTime! });
    expect((await ref.get()).exists).toBe(false);
  });

  it('delete with exists:true on a missing document fails NOT_FOUND', async () => {
    const d = await fx.admin();
    const e = await d.db
      .doc(`${uniq('pre')}/missing`)
      .delete({ exists: true })
      .catch((x: { code: number }) => x);
    expect((e as { code: number }).code).toBe(5);
  });

  it('createTime/updateTime: create sets both, update moves only updateTime', async () => {
    const d = await fx.admin();
    const ref = d.db.doc(`${uniq('pre')}/doc`);
    await ref.set({ v: 1 });
    const s1 = await ref.get();
    await ref.update({ v: 2 });
    const s2 = await ref.get();
    expect(s1.createTime!.isEqual(s1.updateTime!)).toBe(true);
    expect(s2.createTime!.isEqual(s1.createTime!)).toBe(true);
    expect(s2.updateTime! > s1.updateTime!).toBe(true);
    expect(s2.readTime >= s2.updateTime!).toBe(true);
    expect(s2.updateTime).toBeInstanceOf(Timestamp);
  });
});

describe('REST writes', () => {
  it('commit returns transformResults in order, with the documented values', async () => {
    const P = fx.projectId;
    const path = `${uniq('rest')}/doc`;
    const name = `${dbRoot(P)}/documents/${path}`;
    const r1 = await rest(P, 'POST', ':commit', {
      writes: [
        {
          update: {
            name,
            fields: { n: V.int(1), arr: V.arr(V.int(1)), mx: V.int(5), mn: V.int(5) },
          },
        },
      ],
    });
    expect(r1.status).toBe(200);
    const r = await rest(P, 'POST', ':commit', {
      writes: [
        {
          update: { name, fields: {} },
          updateMask: { fieldPaths: [] },
          currentDocument: { exists: true },
          updateTransforms: [
            { fieldPath: 'n', increment: V.int(2) },
            { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'arr', appendMissingElements: { values: [V.double(1), V.int(2)] } },
            { fieldPath: 'mx', maximum: V.double(6.5) },
            { fieldPath: 'mn', minimum: V.double(5) },
          ],
        },
      ],
    });
    expect(r.status).toBe(200);
    const wr = r.json.writeResults[0];
    expect(wr.transformResults).toHaveLength(5);
    expect(wr.transformResults[0]).toEqual({ integerValue: '3' });
    expect(tsToNanos(wr.transformResults[1].timestampValue)).toBe(tsToNanos(r.json.commitTime));
    expect(wr.transformResults[2]).toEqual({ nullValue: null });
    expect(wr.transformResults[3]).toEqual({ doubleValue: 6.5 });
    // 5 and 5.0 are equivalent: the field keeps its stored integer
    expect(wr.transformResults[4]).toEqual({ integerValue: '5' });
    expect(tsToNanos(wr.updateTime)).toBe(tsToNanos(r.json.commitTime));
    const f = (await restGet(P, path))!.fields!;
    // 1.0 is equivalent to the stored 1, so only 2 is appended
    expect(f.arr).toEqual(V.arr(V.int(1), V.int(2)));
    expect(f.mn).toEqual({ integerValue: '5' });
  });

  it('updateMask with a backticked path', async () => {
    const P = fx.projectId;
    const path = `${uniq('rest')}/doc`;
    await rest(P, 'POST', ':commit', {
      writes: [
        {
          update: {
            name: `${dbRoot(P)}/documents/${path}`,
            fields: { keep: V.int(1), 'a.b': V.int(1) },
          },
        },
      ],
    });
    const r = await rest(
      P,
      'PATCH',
      `/${path}?updateMask.fieldPaths=${encodeURIComponent('`a.b`')}`,
      {
        fields: { 'a.b': V.int(2) },
      },
    );
    expect(r.status).toBe(200);
    expect(r.json.fields).toEqual({ keep: V.int(1), 'a.b': V.int(2) });
  });
});
