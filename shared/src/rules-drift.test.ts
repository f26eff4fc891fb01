/**
 * firestore.rules and storage.rules repeat the limits of this package (rules cannot import
 * code). This test reads both files and fails when a number or list there drifts from
 * NOTE_LIMITS, USER_LIMITS, RATE_LIMITS, BATCHES, NOTE_FILE_TYPES or MAX_*_BYTES.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BATCHES,
  COPYRIGHT_STRIKE_LIMIT,
  FOLLOW_KINDS,
  MAX_FOLLOWS,
  RATE_LIMITS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  RATE_WINDOW_MS,
  AVATAR_TYPES,
  MAX_AVATAR_BYTES,
  MAX_NOTE_FILE_BYTES,
  NOTE_FILE_TYPES,
  NOTE_LIMITS,
  USER_LIMITS,
} from './index.js';

const firestoreRules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
const storageRules = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');

/** Every match of `re` (global) as its capture groups. */
function all(source: string, re: RegExp): string[][] {
  return [...source.matchAll(re)].map((m) => m.slice(1));
}
/** The single match of `re`, failing when there is none or several. */
function one(source: string, re: RegExp): string[] {
  const found = all(source, new RegExp(re.source, 'g'));
  expect(found, `exactly one ${re} in the rules`).toHaveLength(1);
  return found[0]!;
}
/** A rules list literal `['a', 'b']` as strings. */
function list(literal: string): string[] {
  return [...literal.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}
const num = (s: string | undefined) => Number(s);

describe('firestore.rules limits match @notenest/shared', () => {
  it.each([
    'title',
    'description',
    'collegeName',
    'courseName',
    'subjectName',
    'fileName',
  ] as const)('note %s length', (field) => {
    const [min, max] = one(firestoreRules, new RegExp(`isText\\(d\\.${field}, (\\d+), (\\d+)\\)`));
    expect({ min: num(min), max: num(max) }).toEqual(NOTE_LIMITS[field]);
  });

  it('note fileUrl length', () => {
    expect(num(one(firestoreRules, /isUrl\(d\.fileUrl, (\d+)\)/)[0])).toBe(NOTE_LIMITS.fileUrl.max);
  });

  it('semester range', () => {
    const [min, max] = one(firestoreRules, /d\.semester >= (\d+) && d\.semester <= (\d+)/);
    expect({ min: num(min), max: num(max) }).toEqual(NOTE_LIMITS.semester);
  });

  it('batches', () => {
    expect(list(one(firestoreRules, /d\.batch in (\[[^\]]*\])/)[0]!)).toEqual([...BATCHES]);
  });

  it('file types and size', () => {
    expect(list(one(firestoreRules, /d\.fileType in (\[[^\]]*\])/)[0]!)).toEqual(
      Object.values(NOTE_FILE_TYPES),
    );
    expect(num(one(firestoreRules, /d\.fileSize <= (\d+)/)[0])).toBe(MAX_NOTE_FILE_BYTES);
  });

  it('username, email and avatar', () => {
    const [min, max] = one(
      firestoreRules,
      /function isValidUsername\(v\) \{\s*return isText\(v, (\d+), (\d+)\)/,
    );
    expect({ min: num(min), max: num(max) }).toEqual(USER_LIMITS.username);
    const [emin, emax] = one(
      firestoreRules,
      /isText\(request\.resource\.data\.email, (\d+), (\d+)\)/,
    );
    expect({ min: num(emin), max: num(emax) }).toEqual(USER_LIMITS.email);
    const [amax] = one(
      firestoreRules,
      /function isValidAvatar\(v\) \{\s*return v == null \|\| isUrl\(v, (\d+)\)/,
    );
    expect(num(amax)).toBe(USER_LIMITS.avatar.max);
  });

  it('rate limits', () => {
    const [like, upload, other] = one(
      firestoreRules,
      /return action == 'like' \? (\d+) : \(action == 'upload' \? (\d+) : (\d+)\);/,
    );
    // Comments and reports share the last branch (10 a minute each).
    expect({
      like: num(like),
      upload: num(upload),
      comment: num(other),
      report: num(other),
    }).toEqual(RATE_LIMITS);
    expect(firestoreRules).toContain(`duration.value(${RATE_WINDOW_MS / 1000}, 's')`);
  });
});

describe('the report rules match @notenest/shared (shared/src/reports.ts)', () => {
  it('reasons, text length and the copyright strike limit', () => {
    expect(list(one(firestoreRules, /d\.reason in (\[[^\]]*\])/)[0]!)).toEqual([...REPORT_REASONS]);
    expect(num(one(firestoreRules, /isText\(d\.text, 1, (\d+)\)/)[0])).toBe(REPORT_TEXT_MAX);
    for (const rules of [firestoreRules, storageRules])
      expect(num(one(rules, /get\('copyrightStrikes', 0\) >= (\d+)/)[0])).toBe(
        COPYRIGHT_STRIKE_LIMIT,
      );
  });
});

describe('the follow rules match @notenest/shared (shared/src/follows.ts)', () => {
  it('MAX_FOLLOWS and FOLLOW_KINDS', () => {
    expect(num(one(firestoreRules, /data\.followCount <= (\d+)/)[0])).toBe(MAX_FOLLOWS);
    expect(list(one(firestoreRules, /data\.kind in (\[[^\]]*\])/)[0]!)).toEqual([...FOLLOW_KINDS]);
  });
});

describe('storage.rules limits match @notenest/shared', () => {
  const notesBlock = one(
    storageRules,
    /match \/notes\/\{uid\}\/\{noteId\}\/\{fileName\} \{([\s\S]*?)\n {4}\}/,
  )[0]!;
  const avatarsBlock = one(
    storageRules,
    /match \/avatars\/\{uid\}\/\{fileName\} \{([\s\S]*?)\n {4}\}/,
  )[0]!;

  it('note files: size and the four types', () => {
    expect(num(one(notesBlock, /request\.resource\.size <= (\d+)/)[0])).toBe(MAX_NOTE_FILE_BYTES);
    expect(list(one(notesBlock, /request\.resource\.contentType in (\[[^\]]*\])/)[0]!)).toEqual(
      Object.values(NOTE_FILE_TYPES),
    );
  });

  it('avatars: size and the raster types', () => {
    expect(num(one(avatarsBlock, /request\.resource\.size <= (\d+)/)[0])).toBe(MAX_AVATAR_BYTES);
    expect(list(one(avatarsBlock, /request\.resource\.contentType in (\[[^\]]*\])/)[0]!)).toEqual([
      ...AVATAR_TYPES,
    ]);
  });
});
