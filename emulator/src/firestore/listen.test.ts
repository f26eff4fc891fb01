import { describe, expect, it } from 'vitest';
import type { CallContext, FirestoreAuthorizer } from './authorizer.js';
import { FirestoreEngine } from './engine.js';
import { decodeResumeToken, encodeResumeToken } from './listen.js';
import type { ListenResponse, StructuredQuery, Value } from './types.js';

const admin: CallContext = { admin: true, auth: null };
const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;
const int = (n: number): Value => ({ integerValue: String(n) });

function setup(authorizer?: FirestoreAuthorizer) {
  let t = 1_700_000_000_000_000_000n;
  const e = new FirestoreEngine({ now: () => (t += 1_000_000n), authorizer });
  const sent: ListenResponse[] = [];
  const sink = { send: (m: ListenResponse) => sent.push(m), error: () => {}, end: () => {} };
  return { e, sent, sink };
}

const write = (e: FirestoreEngine, ...writes: object[]) =>
  e.commit(admin, { database: DB, writes });
const setW = (path: string, fields: Record<string, Value>) => ({
  update: { name: `${ROOT}/${path}`, fields },
});
const delW = (path: string) => ({ delete: `${ROOT}/${path}` });

/** Compact trace: "ADD:1", "doc:c/a:[1]", "CURRENT:1", "global", "del:c/a:[1]", "rm:c/a:[1]". */
function trace(msgs: ListenResponse[]): string[] {
  return msgs.map((m) => {
    if (m.targetChange) {
      const tc = m.targetChange;
      return tc.targetChangeType
        ? `${tc.targetChangeType}:${(tc.targetIds ?? []).join(',')}${tc.cause ? `:${tc.cause.code}` : ''}`
        : 'global';
    }
    if (m.documentChange) {
      const rm = m.documentChange.removedTargetIds ? `-[${m.documentChange.removedTargetIds}]` : '';
      return `doc:${m.documentChange.document.name.slice(ROOT.length + 1)}:[${m.documentChange.targetIds}]${rm}`;
    }
    if (m.documentDelete)
      return `del:${m.documentDelete.document.slice(ROOT.length + 1)}:[${m.documentDelete.removedTargetIds}]`;
    if (m.documentRemove)
      return `rm:${m.documentRemove.document.slice(ROOT.length + 1)}:[${m.documentRemove.removedTargetIds}]`;
    return JSON.stringify(m);
  });
}

const query = (sq: StructuredQuery) => ({ query: { parent: ROOT, structuredQuery: sq } });

describe('Listen', () => {
  it('document targets: initial state, changes and deletes; missing docs just go CURRENT', async () => {
    const { e, sent, sink } = setup();
    await write(e, setW('c/a', { n: int(1) }));
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: { targetId: 4, documents: { documents: [`${ROOT}/c/a`, `${ROOT}/c/b`] } },
    });
    expect(trace(sent)).toEqual(['ADD:4', 'doc:c/a:[4]', 'CURRENT:4', 'global']);
    sent.length = 0;
    await write(e, setW('c/b', {}), setW('c/zz', {}));
    expect(trace(sent)).toEqual(['doc:c/b:[4]', 'global']);
    sent.length = 0;
    await write(e, delW('c/a'));
    expect(trace(sent)).toEqual(['del:c/a:[4]', 'global']);
  });

  it('query targets: modify, remove when no longer matching, re-add', async () => {
    const { e, sent, sink } = setup();
    await write(e, setW('c/a', { n: int(1) }), setW('c/b', { n: int(5) }));
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: {
        targetId: 2,
        ...query({
          from: [{ collectionId: 'c' }],
          where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'LESS_THAN', value: int(3) } },
        }),
      },
    });
    expect(trace(sent)).toEqual(['ADD:2', 'doc:c/a:[2]', 'CURRENT:2', 'global']);
    sent.length = 0;
    await write(e, setW('c/a', { n: int(2) }));
    await write(e, setW('c/a', { n: int(9) }));
    await write(e, setW('c/b', { n: int(0) }));
    expect(trace(sent)).toEqual([
      'doc:c/a:[2]',
      'global',
      'rm:c/a:[2]',
      'global',
      'doc:c/b:[2]',
      'global',
    ]);
  });

  it('one commit = one batch then one global message; no-op writes send nothing', async () => {
    const { e, sent, sink } = setup();
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: { targetId: 2, ...query({ from: [{ collectionId: 'c' }] }) },
    });
    sent.length = 0;
    const { commitTime } = await write(
      e,
      setW('c/a', { n: int(1) }),
      setW('c/b', {}),
      setW('other/x', {}),
    );
    expect(trace(sent)).toEqual(['doc:c/a:[2]', 'doc:c/b:[2]', 'global']);
    expect(sent[2].targetChange).toEqual({
      resumeToken: encodeResumeToken(decodeResumeToken(sent[2].targetChange!.resumeToken)!),
      readTime: commitTime,
    });
    sent.length = 0;
    await write(e, setW('c/a', { n: int(1) }));
    expect(sent).toEqual([]);
  });

  it('limit windows: when a document leaves, the next one enters', async () => {
    const { e, sent, sink } = setup();
    await write(
      e,
      setW('c/a', { n: int(1) }),
      setW('c/b', { n: int(2) }),
      setW('c/c', { n: int(3) }),
    );
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: {
        targetId: 6,
        ...query({
          from: [{ collectionId: 'c' }],
          orderBy: [{ field: { fieldPath: 'n' } }],
          limit: 2,
        }),
      },
    });
    expect(trace(sent)).toEqual(['ADD:6', 'doc:c/a:[6]', 'doc:c/b:[6]', 'CURRENT:6', 'global']);
    sent.length = 0;
    await write(e, delW('c/a'));
    expect(trace(sent)).toEqual(['doc:c/c:[6]', 'del:c/a:[6]', 'global']);
    sent.length = 0;
    await write(e, setW('c/z', { n: int(0) }));
    expect(trace(sent)).toEqual(['doc:c/z:[6]', 'rm:c/c:[6]', 'global']);
    sent.length = 0;
    await write(e, setW('c/late', { n: int(99) }));
    expect(sent).toEqual([]);
  });

  it('several targets on one stream share one documentChange', async () => {
    const { e, sent, sink } = setup();
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: { targetId: 2, ...query({ from: [{ collectionId: 'c' }] }) },
    });
    h.write({
      database: DB,
      addTarget: { targetId: 4, documents: { documents: [`${ROOT}/c/a`] } },
    });
    h.write({
      database: DB,
      addTarget: {
        targetId: 6,
        ...query({
          from: [{ collectionId: 'c' }],
          where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value: int(1) } },
        }),
      },
    });
    sent.length = 0;
    await write(e, setW('c/a', { n: int(1) }));
    expect(trace(sent)).toEqual(['doc:c/a:[2,4,6]', 'global']);
    sent.length = 0;
    await write(e, setW('c/a', { n: int(2) }));
    expect(trace(sent)).toEqual(['doc:c/a:[2,4]-[6]', 'global']);
    sent.length = 0;
    h.write({ removeTarget: 2 });
    expect(trace(sent)).toEqual(['REMOVE:2']);
  });

  it('global readTime never goes backwards', async () => {
    const { e, sent, sink } = setup();
    const h = e.openListen(admin, sink);
    for (let i = 0; i < 5; i++) {
      h.write({
        database: DB,
        addTarget: { targetId: 100 + i, ...query({ from: [{ collectionId: 'c' }] }) },
      });
      await write(e, setW(`c/d${i}`, {}));
    }
    const times = sent
      .filter((m) => m.targetChange && !m.targetChange.targetChangeType)
      .map((m) => m.targetChange!.readTime!);
    expect(times.length).toBe(10);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a target the authorizer denies with REMOVE + cause 7', async () => {
    const deny: FirestoreAuthorizer = {
      authorizeGet: () => 'no get',
      authorizeQuery: () => 'no list',
      authorizeWrites: () => null,
    };
    const { e, sent, sink } = setup(deny);
    const h = e.openListen({ admin: false, auth: null }, sink);
    h.write({
      database: DB,
      addTarget: { targetId: 2, ...query({ from: [{ collectionId: 'c' }] }) },
    });
    expect(sent).toEqual([
      {
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [2],
          cause: { code: 7, message: 'no list' },
        },
      },
    ]);
    sent.length = 0;
    await e.commit({ admin: false, auth: null }, { database: DB, writes: [setW('c/a', {})] });
    expect(sent).toEqual([]);
  });

  it('resuming with a token tells the client what left meanwhile', async () => {
    const { e, sent, sink } = setup();
    await write(e, setW('c/a', {}), setW('c/b', {}));
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: { targetId: 2, ...query({ from: [{ collectionId: 'c' }] }) },
    });
    const token = sent.find((m) => m.targetChange?.targetChangeType === 'CURRENT')!.targetChange!
      .resumeToken!;
    h.close();
    await write(e, delW('c/a'), setW('c/c', {}));
    sent.length = 0;
    const h2 = e.openListen(admin, sink);
    h2.write({
      database: DB,
      addTarget: { targetId: 2, resumeToken: token, ...query({ from: [{ collectionId: 'c' }] }) },
    });
    expect(trace(sent)).toEqual([
      'ADD:2',
      'del:c/a:[2]',
      'doc:c/b:[2]',
      'doc:c/c:[2]',
      'CURRENT:2',
      'global',
    ]);
  });

  it('sends nothing after close, and invalid targets are refused', async () => {
    const { e, sent, sink } = setup();
    const h = e.openListen(admin, sink);
    h.write({ database: DB, addTarget: { targetId: 3, ...query({ from: [] }) } });
    expect(trace(sent)).toEqual(['REMOVE:3:3']);
    h.write({
      database: DB,
      addTarget: { targetId: 2, ...query({ from: [{ collectionId: 'c' }] }) },
    });
    h.close();
    sent.length = 0;
    await write(e, setW('c/a', {}));
    h.write({ removeTarget: 2 });
    expect(sent).toEqual([]);
  });
});

describe('Listen limit windows (randomized against a full re-run)', () => {
  it.each([
    [4, 12, 3],
    [2, 6, 5],
    [3, 8, 4],
  ])(
    'limit %i over %i ids, up to %i writes per commit: view equals a full re-run',
    async (limit, ids, perCommit) => {
      const { e, sent, sink } = setup();
      let seed = 42 + limit;
      const rnd = (n: number) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed % n;
      };
      const sq: StructuredQuery = {
        from: [{ collectionId: 'c' }],
        where: { fieldFilter: { field: { fieldPath: 'k' }, op: 'LESS_THAN', value: int(7) } },
        orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
        limit,
      };
      const view = new Set<string>();
      const apply = () => {
        for (const m of sent) {
          if (m.documentChange?.targetIds?.includes(9)) view.add(m.documentChange.document.name);
          if (m.documentChange?.removedTargetIds?.includes(9))
            view.delete(m.documentChange.document.name);
          if (m.documentDelete) view.delete(m.documentDelete.document);
          if (m.documentRemove) view.delete(m.documentRemove.document);
        }
        sent.length = 0;
      };
      const h = e.openListen(admin, sink);
      h.write({ database: DB, addTarget: { targetId: 9, ...query(sq) } });
      apply();
      for (let step = 0; step < 400; step++) {
        const writes = Array.from({ length: 1 + rnd(perCommit) }, () => {
          const id = `c/d${rnd(ids)}`;
          return rnd(5) === 0 ? delW(id) : setW(id, { n: int(rnd(10)), k: int(rnd(10)) });
        });
        await write(e, ...writes);
        apply();
        const expected = (await e.runQuery(admin, { parent: ROOT, structuredQuery: sq }))
          .filter((r) => r.document)
          .map((r) => r.document!.name);
        expect([...view].sort()).toEqual([...expected].sort());
      }
    },
  );
});

describe('Listen limit windows (edge cases)', () => {
  it('a window that overflows and loses a member in the same commit takes the evicted one back', async () => {
    const { e, sent, sink } = setup();
    await write(e, setW('c/a', { n: int(1) }), setW('c/b', { n: int(2) }));
    const h = e.openListen(admin, sink);
    h.write({
      database: DB,
      addTarget: {
        targetId: 1,
        ...query({
          from: [{ collectionId: 'c' }],
          orderBy: [{ field: { fieldPath: 'n' } }],
          limit: 3,
        }),
      },
    });
    sent.length = 0;
    // x and y enter (window 4 > 3: b is pushed out), then a leaves: b must come back.
    await write(e, setW('c/x', { n: int(0) }), setW('c/y', { n: int(1) }), delW('c/a'));
    expect(trace(sent).sort()).toEqual(
      ['del:c/a:[1]', 'doc:c/x:[1]', 'doc:c/y:[1]', 'global'].sort(),
    );
  });
});
