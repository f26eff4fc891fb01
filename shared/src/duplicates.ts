/**
 * Duplicate uploads (docs/data-model.md "Duplicates"):
 * - exact: a file whose SHA-256 is already shared is refused (the form, the facade) or marked
 *   `duplicateOf` (a direct upload the trigger finds); the lookup is one get of
 *   `fileHashes/{sha256}`;
 * - near: a note whose text is at least NEAR_DUPLICATE_THRESHOLD similar to another's is flagged
 *   `similarTo` for the admins, never refused. Similarity is the Jaccard index of the texts' word
 *   shingles, estimated by MinHash; candidates come from LSH bands stored as index keys, so the
 *   lookup is one array-contains-any query whatever the number of notes.
 * Pure code, no dependency: no maintained npm MinHash library fits (the few are unmaintained or
 * pull in native code), and this one is short and tested (duplicates.test.ts). The documents'
 * schemas are in schemas/duplicates.ts: the upload form reads these messages without zod.
 */

/** The words the user reads, in the form, the facade's 409 and the trigger's marker. */
export const DUPLICATE_MESSAGES = {
  /** The existing note is readable by the uploader (approved, or their own): linked. */
  alreadyShared: (title: string) => `This file is already shared as ${title}`,
  /** Someone else's pending note: it cannot be linked (the uploader may not read it). */
  awaitingReview: 'This file is already uploaded and awaiting review',
  /** The admin's review of a note marked duplicateOf. */
  cannotApprove: (title: string) =>
    `This note is a copy of ${title}, already shared: it cannot be approved. Delete it instead`,
} as const;

/** A note's text at least this similar (estimated Jaccard of its shingles) is flagged. */
export const NEAR_DUPLICATE_THRESHOLD = 0.9;

/** Words per shingle: a few changed words change only the shingles that hold them. */
export const SHINGLE_WORDS = 5;
/** Hash functions in a signature: the estimate's error is about sqrt(J(1-J)/128), 0.027 at 0.9. */
export const MINHASH_SIZE = 128;
/**
 * LSH: 16 bands of 8 rows. Two texts share a band with probability 1-(1-J^8)^16: 0.9998 at
 * J = 0.9, 0.06 at J = 0.5; 16 keys fit one array-contains-any (30 at most).
 */
export const LSH_BANDS = 16;
export const LSH_ROWS = MINHASH_SIZE / LSH_BANDS;
/** Fewer shingles than this (a photo of a page, a one-line file): too short to compare. */
export const MIN_SHINGLES = 20;
/** The words read of a text (a 2 M-character file): enough to tell copies apart, bounded time. */
export const MAX_WORDS = 200_000;

/** Lower-cased words of letters and digits (any script), in order. */
export function wordsOf(text: string, max = MAX_WORDS): string[] {
  const words: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    words.push(m[0]);
    if (words.length >= max) break;
  }
  return words;
}

/** 32-bit FNV-1a of a string's UTF-16 units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finalizer: spreads every input bit over the output (the per-function mixing). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Fixed seeds, one per hash function: signatures must compare across releases. */
const SEEDS: readonly number[] = Array.from({ length: MINHASH_SIZE }, (_, i) =>
  fmix32(Math.imul(i + 1, 0x9e3779b9)),
);

/** The distinct hashes of a text's word shingles. */
export function shingleHashes(text: string, k = SHINGLE_WORDS): Set<number> {
  const words = wordsOf(text);
  const out = new Set<number>();
  if (words.length === 0) return out;
  if (words.length < k) {
    out.add(fnv1a(words.join(' ')));
    return out;
  }
  for (let i = 0; i + k <= words.length; i++) out.add(fnv1a(words.slice(i, i + k).join(' ')));
  return out;
}

/**
 * The MinHash signature of a text (MINHASH_SIZE unsigned 32-bit minima), or null when it has
 * fewer than MIN_SHINGLES shingles (nothing meaningful to compare).
 */
export function minhashOf(text: string): number[] | null {
  const shingles = shingleHashes(text);
  if (shingles.size < MIN_SHINGLES) return null;
  const sig = new Array<number>(MINHASH_SIZE).fill(0xffffffff);
  for (const h of shingles) {
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const v = fmix32(h ^ SEEDS[i]!);
      if (v < sig[i]!) sig[i] = v;
    }
  }
  return sig;
}

/** The estimated Jaccard similarity of two signatures: the share of equal minima. */
export function minhashSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/**
 * The signature's LSH band keys (`<band>_<hash of its rows, hex>`): two texts that share a key
 * are candidates, compared by their signatures.
 */
export function lshBandKeys(sig: readonly number[]): string[] {
  const keys: string[] = [];
  for (let b = 0; b < LSH_BANDS; b++) {
    const rows = sig.slice(b * LSH_ROWS, (b + 1) * LSH_ROWS).join(',');
    keys.push(`${b}_${fnv1a(rows).toString(16).padStart(8, '0')}`);
  }
  return keys;
}

/** A lowercase hex SHA-256 (the id of a `fileHashes` document). */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}
