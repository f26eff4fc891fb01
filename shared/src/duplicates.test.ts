import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_MESSAGES,
  LSH_BANDS,
  MINHASH_SIZE,
  NEAR_DUPLICATE_THRESHOLD,
  isSha256Hex,
  lshBandKeys,
  minhashOf,
  minhashSimilarity,
  shingleHashes,
  wordsOf,
} from './duplicates.js';
import { fileHashSchema, nearHashSchema } from './schemas/duplicates.js';

/** A long text of varied words (deterministic), like a page of notes. */
function longText(words: number, seed = 1): string[] {
  const vocab = [
    'matrix',
    'vector',
    'eigen',
    'value',
    'space',
    'basis',
    'linear',
    'map',
    'rank',
    'kernel',
    'image',
    'theorem',
    'proof',
    'lemma',
    'field',
    'scalar',
    'norm',
    'inner',
    'product',
    'orthogonal',
    'projection',
    'determinant',
    'trace',
    'column',
    'row',
    'pivot',
    'echelon',
  ];
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(`${vocab[x % vocab.length]}${(x >>> 8) % 50}`);
  }
  return out;
}

/** The exact Jaccard index of two texts' shingle sets (what MinHash estimates). */
function jaccard(a: string, b: string): number {
  const x = shingleHashes(a);
  const y = shingleHashes(b);
  let both = 0;
  for (const h of x) if (y.has(h)) both++;
  return both / (x.size + y.size - both);
}

describe('MinHash over word shingles', () => {
  const original = longText(2000);
  const text = original.join(' ');

  it('reads words case- and punctuation-insensitively', () => {
    expect(wordsOf('Eigen-values, of A: ÉTÉ 2024!')).toEqual([
      'eigen',
      'values',
      'of',
      'a',
      'été',
      '2024',
    ]);
  });

  it('gives identical texts the same signature, similarity 1, and the same band keys', () => {
    const a = minhashOf(text)!;
    expect(a).toHaveLength(MINHASH_SIZE);
    // Formatting does not count: case, punctuation and line breaks.
    const b = minhashOf(text.toUpperCase().replaceAll(' ', ',\n'))!;
    expect(minhashSimilarity(a, b)).toBe(1);
    expect(lshBandKeys(a)).toEqual(lshBandKeys(b));
    expect(lshBandKeys(a)).toHaveLength(LSH_BANDS);
  });

  it('finds a lightly edited copy (a few words changed) at least 90% similar and a band in common', () => {
    const edited = [...original];
    for (const i of [100, 600, 1200, 1700, 1999]) edited[i] = 'changed';
    const a = minhashOf(text)!;
    const b = minhashOf(edited.join(' '))!;
    const exact = jaccard(text, edited.join(' '));
    expect(exact).toBeGreaterThan(0.95);
    expect(minhashSimilarity(a, b)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
    // Within the estimate's error of the exact value.
    expect(Math.abs(minhashSimilarity(a, b) - exact)).toBeLessThan(0.08);
    const keys = new Set(lshBandKeys(a));
    expect(lshBandKeys(b).some((k) => keys.has(k))).toBe(true);
  });

  it("keeps different texts well under the threshold and (almost always) out of each other's bands", () => {
    const a = minhashOf(text)!;
    const other = minhashOf(longText(2000, 7).join(' '))!;
    expect(minhashSimilarity(a, other)).toBeLessThan(0.2);
    const keys = new Set(lshBandKeys(a));
    expect(lshBandKeys(other).filter((k) => keys.has(k))).toEqual([]);
  });

  it('rates a half-copied text (half the pages new) under the threshold', () => {
    const half = [...original.slice(0, 1000), ...longText(1000, 9)].join(' ');
    const s = minhashSimilarity(minhashOf(text)!, minhashOf(half)!);
    expect(s).toBeGreaterThan(0.2);
    expect(s).toBeLessThan(NEAR_DUPLICATE_THRESHOLD);
  });

  it('does not compare texts too short to mean anything', () => {
    expect(minhashOf('')).toBeNull();
    expect(minhashOf('Unit 1 notes, scanned')).toBeNull();
  });

  it('names the band in each key, so equal rows in different bands never match', () => {
    const keys = lshBandKeys(minhashOf(text)!);
    expect(keys.map((k) => k.split('_')[0])).toEqual(
      Array.from({ length: LSH_BANDS }, (_, i) => String(i)),
    );
  });

  it('rates signatures of different sizes as unrelated', () => {
    expect(minhashSimilarity([1, 2], [1, 2, 3])).toBe(0);
  });
});

describe('duplicate messages and hashes', () => {
  it('says the spec words', () => {
    expect(DUPLICATE_MESSAGES.alreadyShared('Linear Algebra Unit 1')).toBe(
      'This file is already shared as Linear Algebra Unit 1',
    );
  });

  it('takes only a lowercase hex SHA-256 as a hash id', () => {
    expect(isSha256Hex('a'.repeat(64))).toBe(true);
    expect(isSha256Hex('A'.repeat(64))).toBe(false);
    expect(isSha256Hex('a'.repeat(63))).toBe(false);
    expect(isSha256Hex(null)).toBe(false);
  });
});

describe('duplicate documents', () => {
  const at = { seconds: 1, nanoseconds: 0, toDate: () => new Date(1000), toMillis: () => 1000 };
  it('take a hash document and a signature of the right shape, and refuse others', () => {
    expect(
      fileHashSchema.safeParse({ noteId: 'n1', uploaderId: 'u1', createdAt: at }).success,
    ).toBe(true);
    expect(fileHashSchema.safeParse({ noteId: 'n1', createdAt: at }).success).toBe(false);
    const sig = minhashOf(longText(300).join(' '))!;
    const near = { noteId: 'n1', bands: lshBandKeys(sig), minhash: sig, createdAt: at };
    expect(nearHashSchema.safeParse(near).success).toBe(true);
    expect(nearHashSchema.safeParse({ ...near, minhash: sig.slice(1) }).success).toBe(false);
  });
});
