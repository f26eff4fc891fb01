import { describe, expect, it } from 'vitest';
import {
  applyMask,
  collectionOf,
  deleteField,
  formatFieldPath,
  getField,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  setField,
  toDocumentName,
} from './paths.js';
import type { Fields } from './types.js';

describe('field paths', () => {
  it('parses dots and backticks', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseFieldPath('`we\\`ird`')).toEqual(['we`ird']);
    expect(parseFieldPath('`back\\\\slash`')).toEqual(['back\\slash']);
    expect(parseFieldPath('__name__')).toEqual(['__name__']);
    expect(parseFieldPath('`sp ace`.x')).toEqual(['sp ace', 'x']);
  });

  it('rejects malformed paths', () => {
    for (const bad of ['', 'a.', '.a', 'a..b', '`open', 'a`b'])
      expect(() => parseFieldPath(bad), bad).toThrow();
  });

  it('formats back to the canonical form', () => {
    expect(formatFieldPath(['a', 'b'])).toBe('a.b');
    expect(formatFieldPath(['a.b', '1x', 'ok_1'])).toBe('`a.b`.`1x`.ok_1');
    expect(formatFieldPath(['t`ick'])).toBe('`t\\`ick`');
    for (const segs of [['a.b', 'c'], ['t`ick'], ['back\\slash']])
      expect(parseFieldPath(formatFieldPath(segs))).toEqual(segs);
  });
});

describe('field access', () => {
  const f: Fields = {
    a: { mapValue: { fields: { b: { integerValue: '1' }, c: { integerValue: '2' } } } },
    x: { stringValue: 's' },
  };

  it('gets nested values', () => {
    expect(getField(f, ['a', 'b'])).toEqual({ integerValue: '1' });
    expect(getField(f, ['x', 'y'])).toBeUndefined();
    expect(getField(f, ['nope'])).toBeUndefined();
  });

  it('sets and deletes without mutating the input', () => {
    const copy = JSON.parse(JSON.stringify(f));
    const s = setField(f, ['a', 'd', 'e'], { booleanValue: true });
    expect(getField(s, ['a', 'd', 'e'])).toEqual({ booleanValue: true });
    expect(getField(s, ['a', 'b'])).toEqual({ integerValue: '1' });
    const d = deleteField(f, ['a', 'b']);
    expect(getField(d, ['a', 'b'])).toBeUndefined();
    expect(getField(d, ['a', 'c'])).toEqual({ integerValue: '2' });
    expect(deleteField(f, ['zz'])).toBe(f);
    expect(f).toEqual(copy);
  });

  it('masks fields', () => {
    expect(applyMask(f, [['a', 'c'], ['x'], ['missing']])).toEqual({
      a: { mapValue: { fields: { c: { integerValue: '2' } } } },
      x: { stringValue: 's' },
    });
    expect(applyMask(f, [])).toEqual({});
  });
});

describe('resource names', () => {
  it('parses document and parent names', () => {
    const r = parseDocumentName('projects/p/databases/(default)/documents/c/d/sub/e');
    expect(r).toMatchObject({
      projectId: 'p',
      databaseId: '(default)',
      database: 'projects/p/databases/(default)',
    });
    expect(r.segments).toEqual(['c', 'd', 'sub', 'e']);
    expect(parseParentName('projects/p/databases/d/documents').segments).toEqual([]);
    expect(() => parseDocumentName('projects/p/databases/d/documents/c')).toThrow();
    expect(() => parseParentName('projects/p/databases/d/documents/c')).toThrow();
    expect(collectionOf('projects/p/databases/d/documents/c/d')).toBe(
      'projects/p/databases/d/documents/c',
    );
  });

  it('accepts rules paths for lookups', () => {
    expect(toDocumentName('/databases/(default)/documents/u/a', 'p')).toBe(
      'projects/p/databases/(default)/documents/u/a',
    );
    expect(toDocumentName('projects/q/databases/d/documents/u/a', 'p')).toBe(
      'projects/q/databases/d/documents/u/a',
    );
  });
});
