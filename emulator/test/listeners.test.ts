/**
 * Listeners through every client: document and query targets, the initial snapshot,
 * added/modified/removed with indexes (deleted, or no longer matching), limit windows,
 * pending-write and fromCache metadata, unsubscribe, many listeners on one client, resume after
 * the client goes offline and back, and admin's readTime never going backwards.
 * Remote changes come from a separate admin client, so each arrives as one server snapshot.
 */
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, WEB_KINDS, useFixture } from './support/fixture.js';
import { uniq } from './support/context.js';
import type { ListenEvent, QuerySnap, DocSnap } from './support/spec.js';
import type { Timestamp } from 'firebase-admin/firestore';

const fx = useFixture();

function q(e: ListenEvent): QuerySnap {
  if (e.kind !== 'query') throw new Error(`expected a query snapshot, got ${JSON.stringify(e)}`);
  return e.snap;
}
function doc(e: ListenEvent): DocSnap {
  if (e.kind !== 'doc') throw new Error(`expected a document snapshot, got ${JSON.stringify(e)}`);
  return e.snap;
}
const ids = (e: ListenEvent) => (e.kind === 'query' ? e.snap.docs.map((d) => d.id) : []);
const changes = (e: ListenEvent) => q(e).changes.map((c) => [c.type, c.id, c.oldIndex, c.newIndex]);
/** Web snapshots carry metadata; a server snapshot is the one not from cache. */
const fromServer = (e: ListenEvent) => e.kind !== 'error' && e.snap.fromCache !== true;

describe.each(ALL_KINDS)('listeners via %s', (kind) => {
  it('document listener: initial (missing), created, modified, deleted, then unsubscribed', async () => {
    const d = await fx.driver(kind);
    const admin = await fx.admin();
    const path = `${uniq('l')}/doc`;
    const l = await d.listen({ doc: path });
    const first = doc(await l.next());
    expect(first).toMatchObject({ exists: false, id: 'doc' });
    if (kind !== 'admin') expect(first.fromCache).toBe(false);

    await admin.set(path, { v: 1 });
    expect(doc(await l.next())).toMatchObject({ exists: true, data: { v: 1 } });
    await admin.update(path, { data: { w: 2 } });
    expect(doc(await l.next())).toMatchObject({ exists: true, data: { v: 1, w: 2 } });
    await admin.delete(path);
    expect(doc(await l.next())).toMatchObject({ exists: false });

    await l.stop();
    await admin.set(path, { v: 3 });
    expect(await l.quiet(300)).toBeNull();
  });

  it('query listener: added, modified, removed (deleted and no longer matching) with indexes', async () => {
    const d = await fx.driver(kind);
    const admin = await fx.admin();
    const C = uniq('lq');
    await admin.batch([
      { op: 'set', path: `${C}/a`, data: { open: true, n: 1 } },
      { op: 'set', path: `${C}/b`, data: { open: true, n: 2 } },
      { op: 'set', path: `${C}/x`, data: { open: false, n: 0 } },
    ]);
    const l = await d.listen({
      query: { collection: C, where: [{ field: 'open', op: '==', value: true }], orderBy: [['n']] },
    });
    const init = await l.next();
    expect(ids(init)).toEqual(['a', 'b']);
    expect(changes(init)).toEqual([
      ['added', 'a', -1, 0],
      ['added', 'b', -1, 1],
    ]);
    if (kind !== 'admin') expect(q(init).fromCache).toBe(false);

    await admin.set(`${C}/c`, { open: true, n: 3 });
    let e = await l.next();
    expect(ids(e)).toEqual(['a', 'b', 'c']);
    expect(changes(e)).toEqual([['added', 'c', -1, 2]]);

    await admin.update(`${C}/b`, { data: { label: 'B' } });
    e = await l.next();
    expect(changes(e)).toEqual([['modified', 'b', 1, 1]]);
    expect(q(e).changes[0].data).toEqual({ open: true, n: 2, label: 'B' });

    // moving within the order reports both indexes
    await admin.update(`${C}/a`, { data: { n: 10 } });
    e = await l.next();
    expect(ids(e)).toEqual(['b', 'c', 'a']);
    expect(changes(e)).toEqual([['modified', 'a', 0, 2]]);

    // stops matching
    await admin.update(`${C}/b`, { data: { open: false } });
    e = await l.next();
    expect(ids(e)).toEqual(['c', 'a']);
    expect(changes(e)).toEqual([['removed', 'b', 0, -1]]);

    // starts matching
    await admin.update(`${C}/x`, { data: { open: true } });
    e = await l.next();
    expect(ids(e)).toEqual(['x', 'c', 'a']);
    expect(changes(e)).toEqual([['added', 'x', -1, 0]]);

    await admin.delete(`${C}/c`);
    e = await l.next();
    expect(ids(e)).toEqual(['x', 'a']);
    expect(changes(e)).toEqual([['removed', 'c', 1, -1]]);

    // a write that does not touch the result set produces no snapshot
    await admin.set(`${C}/y`, { open: false, n: 5 });
    expect(await l.quiet(300)).toBeNull();
    await l.stop();
  });

  it('limit window: a document leaving lets the next one in, in the same snapshot', async () => {
    const d = await fx.driver(kind);
    const admin = await fx.admin();
    const C = uniq('lim');
    await admin.batch(
      ['a', 'b', 'c', 'd'].map((id, i) => ({
        op: 'set' as const,
        path: `${C}/${id}`,
        data: { n: i + 1 },
      })),
    );
    const l = await d.listen({ query: { collection: C, orderBy: [['n']], limit: 2 } });
    expect(ids(await l.next())).toEqual(['a', 'b']);

    await admin.delete(`${C}/a`);
    let e = await l.next();
    expect(ids(e)).toEqual(['b', 'c']);
    expect(changes(e)).toEqual([
      ['removed', 'a', 0, -1],
      ['added', 'c', -1, 1],
    ]);

    await admin.set(`${C}/z`, { n: 0 });
    e = await l.next();
    expect(ids(e)).toEqual(['z', 'b']);
    expect(changes(e)).toEqual([
      ['removed', 'c', 1, -1],
      ['added', 'z', -1, 0],
    ]);

    // a document moving out of the window by update
    await admin.update(`${C}/z`, { data: { n: 100 } });
    e = await l.next();
    expect(ids(e)).toEqual(['b', 'c']);
    await l.stop();
  });

  it('limitToLast window', async () => {
    const d = await fx.driver(kind);
    const admin = await fx.admin();
    const C = uniq('ltl');
    await admin.batch(
      ['a', 'b', 'c'].map((id, i) => ({
        op: 'set' as const,
        path: `${C}/${id}`,
        data: { n: i + 1 },
      })),
    );
    const l = await d.listen({ query: { collection: C, orderBy: [['n']], limitToLast: 2 } });
    expect(ids(await l.next())).toEqual(['b', 'c']);
    await admin.set(`${C}/d`, { n: 4 });
    expect(ids(await l.until((e) => ids(e).includes('d')).then((r) => r.event))).toEqual([
      'c',
      'd',
    ]);
    await l.stop();
  });

  it('many listeners on one client all see their documents', async () => {
    const d = await fx.driver(kind);
    const admin = await fx.admin();
    const C = uniq('many');
    const N = 25;
    const ls = await Promise.all(
      Array.from({ length: N }, (_, i) => d.listen({ doc: `${C}/d${i}` })),
    );
    for (const l of ls) expect(doc(await l.next())).toMatchObject({ exists: false });
    const ql = await d.listen({ query: { collection: C } });
    expect(ids(await ql.next())).toEqual([]);
    await admin.batch(
      Array.from({ length: N }, (_, i) => ({
        op: 'set' as const,
        path: `${C}/d${i}`,
        data: { i },
      })),
    );
    for (let i = 0; i < N; i++)
      expect(doc(await ls[i].next())).toMatchObject({ exists: true, data: { i } });
    const all = await ql.until((e) => ids(e).length === N);
    expect(q(all.event).changes.filter((c) => c.type === 'added')).toHaveLength(N);
    await Promise.all([...ls, ql].map((l) => l.stop()));
  });
});

describe.each(WEB_KINDS)('web listener metadata via %s', (kind) => {
  it('a local write shows hasPendingWrites, then the server snapshot', async () => {
    const d = await fx.driver(kind);
    const path = `${uniq('meta')}/doc`;
    const l = await d.listen({ doc: path }, { includeMetadataChanges: true });
    const first = doc(await l.until(fromServer).then((r) => r.event));
    expect(first).toMatchObject({ exists: false, fromCache: false, hasPendingWrites: false });

    await d.set(path, { v: 1 });
    const local = doc(await l.next());
    expect(local).toMatchObject({ exists: true, data: { v: 1 }, hasPendingWrites: true });
    const acked = doc(
      await l
        .until((e) => e.kind === 'doc' && e.snap.hasPendingWrites === false)
        .then((r) => r.event),
    );
    expect(acked).toMatchObject({ exists: true, data: { v: 1 }, fromCache: false });
    await l.stop();
  });

  it('query listener: pending local add, then confirmed', async () => {
    const d = await fx.driver(kind);
    const C = uniq('metaq');
    const l = await d.listen({ query: { collection: C } }, { includeMetadataChanges: true });
    await l.until((e) => fromServer(e) && ids(e).length === 0);
    await d.set(`${C}/a`, { v: 1 });
    const pending = q(await l.next());
    expect(pending.hasPendingWrites).toBe(true);
    expect(pending.docs.map((x) => x.id)).toEqual(['a']);
    expect(pending.changes.map((c) => c.type)).toEqual(['added']);
    const done = q(
      await l
        .until((e) => e.kind === 'query' && e.snap.hasPendingWrites === false)
        .then((r) => r.event),
    );
    expect(done.docs.map((x) => x.id)).toEqual(['a']);
    await l.stop();
  });

  it('resumes after the client goes offline and back online', async () => {
    const d = await fx.driver(kind);
    const admin = await fx.admin();
    const C = uniq('resume');
    await admin.set(`${C}/a`, { n: 1 });
    const l = await d.listen(
      { query: { collection: C, orderBy: [['n']] } },
      { includeMetadataChanges: true },
    );
    await l.until((e) => fromServer(e) && ids(e).join() === 'a');

    await d.disableNetwork!();
    const offline = await l.until((e) => e.kind === 'query' && e.snap.fromCache === true);
    expect(ids(offline.event)).toEqual(['a']);

    // changes made while the client is away
    await admin.set(`${C}/b`, { n: 2 });
    await admin.update(`${C}/a`, { data: { n: 3 } });
    await d.enableNetwork!();
    const back = await l.until((e) => fromServer(e) && ids(e).join() === 'b,a');
    expect(q(back.event).docs.map((x) => x.data)).toEqual([{ n: 2 }, { n: 3 }]);

    // and it keeps listening afterwards
    await admin.delete(`${C}/b`);
    const after = await l.until((e) => fromServer(e) && ids(e).join() === 'a');
    expect(q(after.event).changes.map((c) => [c.type, c.id])).toEqual([['removed', 'b']]);
    await l.stop();
  });

  it('a write from another web client reaches this one', async () => {
    const d = await fx.driver(kind);
    const other = await fx.fresh(kind);
    const path = `${uniq('x')}/doc`;
    const l = await d.listen({ doc: path });
    expect(doc(await l.next()).exists).toBe(false);
    await other.set(path, { from: 'other' });
    expect(doc(await l.next())).toMatchObject({ exists: true, data: { from: 'other' } });
    await l.stop();
  });
});

describe('admin snapshot readTime', () => {
  it('never goes backwards across snapshots and is not before the writes it reflects', async () => {
    const admin = await fx.admin();
    const C = uniq('rt');
    const times: Timestamp[] = [];
    const updates: Timestamp[] = [];
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    const unsub = admin.db.collection(C).onSnapshot((s) => {
      times.push(s.readTime);
      if (s.size === 5) resolve();
    });
    for (let i = 0; i < 5; i++)
      updates.push((await admin.db.doc(`${C}/d${i}`).set({ i })).writeTime);
    await done;
    unsub();
    for (let i = 1; i < times.length; i++)
      expect(times[i].valueOf() >= times[i - 1].valueOf()).toBe(true);
    expect(times[times.length - 1].valueOf() >= updates[4].valueOf()).toBe(true);
  });
});
