import { describe, expect, it } from 'vitest';
import { DatabaseStore, type StoredDoc } from './store.js';

const ROOT = 'projects/p/databases/(default)/documents';
function doc(path: string, t: bigint): StoredDoc {
  return {
    json: { name: `${ROOT}/${path}`, fields: {}, createTime: '', updateTime: '' },
    createNs: t,
    updateNs: t,
  };
}

describe('DatabaseStore', () => {
  it('keeps versions for reads in the past', () => {
    const s = new DatabaseStore(ROOT);
    const n = `${ROOT}/c/a`;
    const v1 = doc('c/a', 10n);
    const v2 = doc('c/a', 20n);
    s.put(n, v1, 10n, 0n);
    s.put(n, v2, 20n, 0n);
    s.put(n, null, 30n, 0n);
    expect([s.getAt(n, 5n), s.getAt(n, 10n), s.getAt(n, 25n), s.getAt(n, 30n), s.get(n)]).toEqual([
      null,
      v1,
      v2,
      null,
      null,
    ]);
    expect(s.versionTime(n)).toBe(30n);
  });

  it('prunes versions older than the history floor but keeps the one visible at the floor', () => {
    const s = new DatabaseStore(ROOT);
    const n = `${ROOT}/c/a`;
    for (let t = 1n; t <= 5n; t++) s.put(n, doc('c/a', t * 10n), t * 10n, 35n);
    expect(s.entries.get(n)!.versions.map((v) => v.time)).toEqual([30n, 40n, 50n]);
    expect(s.getAt(n, 36n)!.updateNs).toBe(30n);
  });

  it('lists collection ids, including under missing parents, and missing documents with children', () => {
    const s = new DatabaseStore(ROOT);
    s.put(`${ROOT}/a/1`, doc('a/1', 1n), 1n, 0n);
    s.put(`${ROOT}/b/missing/sub/x`, doc('b/missing/sub/x', 2n), 2n, 0n);
    s.put(`${ROOT}/a/1/kids/k`, doc('a/1/kids/k', 3n), 3n, 0n);
    expect(s.collectionIds(ROOT).sort()).toEqual(['a', 'b']);
    expect(s.collectionIds(`${ROOT}/a/1`)).toEqual(['kids']);
    expect(s.collectionIds(`${ROOT}/b/missing`)).toEqual(['sub']);
    expect(s.missingWithChildren(`${ROOT}/b`)).toEqual([`${ROOT}/b/missing`]);
    expect(s.missingWithChildren(`${ROOT}/a`)).toEqual([]);
    s.put(`${ROOT}/b/missing/sub/x`, null, 4n, 0n);
    expect(s.collectionIds(ROOT)).toEqual(['a']);
    expect(s.missingWithChildren(`${ROOT}/b`)).toEqual([]);
  });

  it('sweeps old tombstones out of the index', () => {
    const s = new DatabaseStore(ROOT);
    for (let i = 0; i < 1500; i++) s.put(`${ROOT}/c/d${i}`, doc(`c/d${i}`, 1n), 1n, 0n);
    for (let i = 0; i < 1500; i++) s.put(`${ROOT}/c/d${i}`, null, 2n, 10n);
    expect(s.entries.size).toBeLessThan(1500);
    expect([...s.collectionDocs(`${ROOT}/c`)]).toEqual([]);
  });
});

describe('DatabaseStore history limits', () => {
  it('refuses reads older than the retained versions of a document', () => {
    const s = new DatabaseStore(ROOT);
    const n = `${ROOT}/c/a`;
    for (let t = 1n; t <= 100n; t++) s.put(n, doc('c/a', t), t, 0n);
    expect(s.getAt(n, 100n)!.updateNs).toBe(100n);
    expect(s.getAt(n, 37n)!.updateNs).toBe(37n);
    expect(() => s.getAt(n, 2n)).toThrow(expect.objectContaining({ code: 9 }));
  });
});
