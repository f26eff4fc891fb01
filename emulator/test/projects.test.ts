/**
 * Isolation and lifecycle: several projects side by side on one port, clearing one project
 * through the emulator HTTP endpoint, and an export -> import round trip through startEmulator.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp, GeoPoint } from 'firebase-admin/firestore';
import { useFixture } from './support/fixture.js';
import { clearProject, newProjectId, uniq } from './support/context.js';
import { AdminDriver } from './support/admin-driver.js';

const fx = useFixture();

describe('several projects on one port', () => {
  it('the same path holds different data per project, for queries and listeners too', async () => {
    const pB = newProjectId();
    await clearProject(pB);
    const a = await fx.admin();
    const b = (await fx.fresh('admin', pB)) as AdminDriver;
    const webB = await fx.fresh('web-node', pB);
    const C = uniq('same');

    const l = await webB.listen({ query: { collection: C } });
    expect((await l.next()).kind).toBe('query');

    await a.set(`${C}/doc`, { owner: 'A' });
    await b.set(`${C}/doc`, { owner: 'B' });
    await a.set(`${C}/onlyA`, { owner: 'A' });

    expect((await a.get(`${C}/doc`)).data).toEqual({ owner: 'A' });
    expect((await b.get(`${C}/doc`)).data).toEqual({ owner: 'B' });
    expect((await b.query({ collection: C })).docs.map((d) => d.id)).toEqual(['doc']);
    expect((await a.query({ collection: C })).docs.map((d) => d.id)).toEqual(['doc', 'onlyA']);

    // B's listener only ever sees B's document
    const seen = await l.until((e) => e.kind === 'query' && e.snap.docs.length > 0);
    expect(seen.event.kind === 'query' && seen.event.snap.docs.map((d) => d.data)).toEqual([
      { owner: 'B' },
    ]);
    expect(await l.quiet(300)).toBeNull();
    await l.stop();
  });

  it('clearing one project leaves the others', async () => {
    const pB = newProjectId();
    const pC = newProjectId();
    const b = (await fx.fresh('admin', pB)) as AdminDriver;
    const c = (await fx.fresh('admin', pC)) as AdminDriver;
    await b.set('k/doc', { v: 1 });
    await b.set('k/doc/sub/x', { v: 2 });
    await c.set('k/doc', { v: 3 });
    await clearProject(pB);
    expect((await b.get('k/doc')).exists).toBe(false);
    expect((await b.get('k/doc/sub/x')).exists).toBe(false);
    expect(await b.db.listCollections()).toEqual([]);
    expect((await c.get('k/doc')).data).toEqual({ v: 3 });
    // the cleared project is usable again at once
    await b.set('k/doc', { v: 4 });
    expect((await b.get('k/doc')).data).toEqual({ v: 4 });
  });
});

describe('export and import', () => {
  it.skipIf(!inject('ownEmulator'))(
    'exportTo -> startEmulator({importDir}) restores every project',
    async () => {
      const { startEmulator } = await import('../src/index.js');
      const dir = await mkdtemp(join(tmpdir(), 'nn-export-'));
      const p1 = newProjectId();
      const p2 = newProjectId();
      const first = await startEmulator({
        firestore: { host: '127.0.0.1', port: 0 },
        projectId: p1,
      });
      let second: Awaited<ReturnType<typeof startEmulator>> | undefined;
      const drivers: AdminDriver[] = [];
      try {
        const host1 = `${first.firestore!.host}:${first.firestore!.port}`;
        const a1 = new AdminDriver(p1, host1);
        const a2 = new AdminDriver(p2, host1);
        drivers.push(a1, a2);
        const data = {
          s: 'text',
          i: 7,
          d: 1.25,
          t: Timestamp.fromMillis(1_700_000_000_123),
          g: new GeoPoint(1, 2),
          b: Buffer.from([1, 2, 3]),
          r: a1.db.doc('x/y'),
          m: { nested: [1, { deep: true }] },
          n: null,
        };
        await a1.db.doc('rooms/r1').set(data);
        await a1.db.doc('rooms/r1/msgs/m1').set({ text: 'hi' });
        await a1.db.doc('orphans/o1/kids/k1').set({ k: 1 });
        await a2.db.doc('rooms/r1').set({ other: true });
        const before = await a1.db.doc('rooms/r1').get();

        await first.exportTo(dir);
        const meta = JSON.parse(await readFile(join(dir, 'notenest-export.json'), 'utf8'));
        expect(meta).toMatchObject({ version: 1, firestore: 'firestore.json' });
        JSON.parse(await readFile(join(dir, 'firestore.json'), 'utf8'));
        await first.stop();

        second = await startEmulator({
          firestore: { host: '127.0.0.1', port: 0 },
          projectId: p1,
          importDir: dir,
        });
        const host2 = `${second.firestore!.host}:${second.firestore!.port}`;
        const b1 = new AdminDriver(p1, host2);
        const b2 = new AdminDriver(p2, host2);
        drivers.push(b1, b2);
        const after = await b1.db.doc('rooms/r1').get();
        const got = after.data()!;
        expect(got.s).toBe('text');
        expect(got.i).toBe(7);
        expect(got.d).toBe(1.25);
        expect((got.t as Timestamp).isEqual(data.t)).toBe(true);
        expect((got.g as GeoPoint).isEqual(data.g)).toBe(true);
        expect(Buffer.from(got.b as Uint8Array)).toEqual(data.b);
        expect(got.r.path).toBe('x/y');
        expect(got.m).toEqual({ nested: [1, { deep: true }] });
        expect(got.n).toBeNull();
        expect(after.updateTime!.isEqual(before.updateTime!)).toBe(true);
        expect(after.createTime!.isEqual(before.createTime!)).toBe(true);
        expect((await b1.db.doc('rooms/r1/msgs/m1').get()).data()).toEqual({ text: 'hi' });
        expect((await b1.db.collection('orphans').listDocuments()).map((r) => r.id)).toEqual([
          'o1',
        ]);
        expect((await b2.db.doc('rooms/r1').get()).data()).toEqual({ other: true });
        // and the imported data is live: queries and new writes work
        expect((await b1.db.collectionGroup('msgs').get()).docs.map((d) => d.id)).toEqual(['m1']);
        await b1.db.doc('rooms/r2').set({ s: 'new' });
        expect((await b1.db.collection('rooms').get()).size).toBe(2);
      } finally {
        for (const d of drivers) await d.close();
        await first.stop();
        await second?.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!inject('ownEmulator'))('NaN and infinities survive export and import', async () => {
    const { startEmulator } = await import('../src/index.js');
    const dir = await mkdtemp(join(tmpdir(), 'nn-export-'));
    const p = newProjectId();
    const first = await startEmulator({ firestore: { host: '127.0.0.1', port: 0 }, projectId: p });
    let second: Awaited<ReturnType<typeof startEmulator>> | undefined;
    const drivers: AdminDriver[] = [];
    try {
      const a = new AdminDriver(p, `${first.firestore!.host}:${first.firestore!.port}`);
      drivers.push(a);
      await a.db.doc('n/doc').set({ nan: NaN, inf: Infinity, ninf: -Infinity });
      await first.exportTo(dir);
      await first.stop();
      second = await startEmulator({
        firestore: { host: '127.0.0.1', port: 0 },
        projectId: p,
        importDir: dir,
      });
      const b = new AdminDriver(p, `${second.firestore!.host}:${second.firestore!.port}`);
      drivers.push(b);
      const got = (await b.db.doc('n/doc').get()).data()!;
      expect(Number.isNaN(got.nan)).toBe(true);
      expect(got.inf).toBe(Infinity);
      expect(got.ninf).toBe(-Infinity);
    } finally {
      for (const d of drivers) await d.close();
      await first.stop();
      await second?.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
