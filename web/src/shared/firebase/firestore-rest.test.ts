import { describe, expect, it } from 'vitest';
import {
  decodeDocument,
  decodeValue,
  documentName,
  documentsOf,
  encodeValue,
  firestoreRestBase,
  type RestValue,
} from './firestore-rest';

describe('firestoreRestBase', () => {
  it('is the emulator on the local host, production otherwise', () => {
    expect(firestoreRestBase('127.4.5.6')).toBe('http://127.4.5.6:8080');
    expect(firestoreRestBase('[::1]')).toBe('http://[::1]:8080');
    expect(firestoreRestBase(null)).toBe('https://firestore.googleapis.com');
  });
});

describe('encodeValue', () => {
  it('encodes what queries compare with, integers as integers', () => {
    expect(encodeValue(true)).toEqual({ booleanValue: true });
    expect(encodeValue('B.Tech CSE')).toEqual({ stringValue: 'B.Tech CSE' });
    expect(encodeValue(4)).toEqual({ integerValue: '4' });
    expect(encodeValue(2.5)).toEqual({ doubleValue: 2.5 });
    expect(encodeValue(null)).toEqual({ nullValue: null });
    expect(encodeValue(new Date('2026-01-02T03:04:05.678Z'))).toEqual({
      timestampValue: '2026-01-02T03:04:05.678Z',
    });
    expect(encodeValue(['a', 1])).toEqual({
      arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] },
    });
    expect(encodeValue({ k: false })).toEqual({
      mapValue: { fields: { k: { booleanValue: false } } },
    });
    expect(() => encodeValue(() => 1)).toThrow(TypeError);
  });
});

describe('decodeValue', () => {
  it('decodes every Value kind to plain JS', () => {
    const cases: [RestValue, unknown][] = [
      [{ nullValue: null }, null],
      [{ booleanValue: false }, false],
      [{ integerValue: '42' }, 42],
      [{ doubleValue: 1.5 }, 1.5],
      [{ doubleValue: 'Infinity' }, Infinity],
      [{ stringValue: 'x' }, 'x'],
      [{ bytesValue: 'AAE=' }, 'AAE='],
      [
        { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
        'projects/p/databases/(default)/documents/a/b',
      ],
      [{ geoPointValue: { latitude: 1 } }, { latitude: 1, longitude: 0 }],
      [{ arrayValue: {} }, []],
      [{ arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '2' }] } }, ['a', 2]],
      [{ mapValue: { fields: { n: { mapValue: {} } } } }, { n: {} }],
      [{ timestampValue: 'not a time' }, null],
    ];
    for (const [value, expected] of cases) expect(decodeValue(value)).toEqual(expected);
    expect(Number.isNaN(decodeValue({ doubleValue: 'NaN' }))).toBe(true);
  });

  it('decodes timestamps (with nanoseconds) to Dates', () => {
    const d = decodeValue({ timestampValue: '2026-11-21T10:00:00.123456789Z' });
    expect(d).toBeInstanceOf(Date);
    expect((d as Date).toISOString()).toBe('2026-11-21T10:00:00.123Z');
  });
});

describe('documents', () => {
  const name = documentName('notes/a%20b');

  it('names documents in the configured project', () => {
    expect(documentName('meta/filterOptions')).toBe(
      'projects/demo-notenest/databases/(default)/documents/meta/filterOptions',
    );
  });

  it('decodes a document: id, plain data, raw fields', () => {
    const fields = { title: { stringValue: 'T' }, likesCount: { integerValue: '3' } };
    expect(decodeDocument({ name, fields })).toEqual({
      id: 'a b',
      name,
      data: { title: 'T', likesCount: 3 },
      fields,
    });
    expect(decodeDocument({ name }).data).toEqual({});
  });

  it('takes the documents of a runQuery answer, skipping results without one', () => {
    const answer = [
      { readTime: 't' },
      { document: { name, fields: {} }, readTime: 't' },
      { readTime: 't', skippedResults: 1 },
    ];
    expect(documentsOf(answer).map((d) => d.id)).toEqual(['a b']);
    expect(documentsOf([{ readTime: 't' }])).toEqual([]);
    expect(() => documentsOf({ error: {} })).toThrow('Unexpected runQuery answer');
  });
});
