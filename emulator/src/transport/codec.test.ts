import { describe, expect, it } from 'vitest';
import { codecFor, formatTimestamp, parseTimestamp, stringifyJson } from './codec.js';

const doc = {
  name: 'projects/p/databases/(default)/documents/rooms/a',
  fields: {
    n: { nullValue: null },
    b: { booleanValue: false },
    i: { integerValue: '9007199254740993' },
    neg: { integerValue: '-5' },
    zero: { integerValue: '0' },
    d: { doubleValue: 1.5 },
    nan: { doubleValue: NaN },
    inf: { doubleValue: Infinity },
    ninf: { doubleValue: -Infinity },
    t: { timestampValue: '2026-11-21T10:00:00.123456Z' },
    s: { stringValue: '' },
    y: { bytesValue: 'AAEC/w==' },
    r: { referenceValue: 'projects/p/databases/(default)/documents/x/y' },
    g: { geoPointValue: { latitude: 1.25, longitude: -3 } },
    a: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
    emptyA: { arrayValue: {} },
    m: { mapValue: { fields: { k: { stringValue: 'v' } } } },
    emptyM: { mapValue: {} },
  },
  createTime: '2026-11-21T10:00:00Z',
  updateTime: '2026-11-21T10:00:00.000000001Z',
};

describe('codec: protobuf round trip', () => {
  it('keeps Write.verify, which the web SDK sends for documents a transaction only read', () => {
    const c = codecFor('CommitRequest');
    const req = {
      database: 'projects/p/databases/(default)',
      writes: [{ verify: doc.name, currentDocument: { updateTime: doc.updateTime } }],
    };
    expect(c.decode(c.encode(req))).toEqual(req);
  });

  it('keeps every Value kind, int64 precision, NaN/Infinity, bytes and nulls', () => {
    const c = codecFor('Document');
    const back = c.decode(c.encode(doc));
    expect(back.fields.nan.doubleValue).toBeNaN();
    expect({ ...back, fields: { ...back.fields, nan: null } }).toEqual({
      ...doc,
      fields: { ...doc.fields, nan: null },
    });
  });

  it('handles wrappers, enums, oneofs and nested messages in a RunQueryRequest', () => {
    const c = codecFor('RunQueryRequest');
    const req = {
      parent: 'projects/p/databases/(default)/documents',
      structuredQuery: {
        from: [{ collectionId: 'rooms', allDescendants: true }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'a' },
                  op: 'EQUAL',
                  value: { integerValue: '1' },
                },
              },
              { unaryFilter: { field: { fieldPath: 'b' }, op: 'IS_NULL' } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
        limit: 24,
        offset: 3,
        startAt: { values: [{ stringValue: 'x' }], before: true },
      },
      newTransaction: { readWrite: {} },
    };
    expect(c.decode(c.encode(req))).toEqual(req);
  });

  it('encodes responses with repeated ints, enums and timestamps', () => {
    const c = codecFor('ListenResponse');
    const msg = {
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [1002, 1004],
        resumeToken: 'AQID',
        readTime: '2026-11-21T10:00:00.123456Z',
        cause: { code: 7, message: 'denied' },
      },
    };
    expect(c.decode(c.encode(msg))).toEqual(msg);
    // The global "no change" target change has no type and no target ids on the wire.
    const global = {
      targetChange: { targetIds: [], resumeToken: 'AQ==', readTime: '2026-11-21T10:00:01Z' },
    };
    expect(c.decode(c.encode(global))).toEqual({
      targetChange: { resumeToken: 'AQ==', readTime: '2026-11-21T10:00:01Z' },
    });
  });

  it('accepts "NULL_VALUE" and {value} wrappers on input', () => {
    const c = codecFor('StructuredQuery');
    const q = {
      limit: { value: 5 },
      where: {
        fieldFilter: { field: { fieldPath: 'x' }, op: 'EQUAL', value: { nullValue: 'NULL_VALUE' } },
      },
    };
    expect(c.decode(c.encode(q))).toEqual({
      limit: 5,
      where: {
        fieldFilter: { field: { fieldPath: 'x' }, op: 'EQUAL', value: { nullValue: null } },
      },
    });
  });

  it('keeps a Write oneof with transforms and preconditions', () => {
    const c = codecFor('CommitRequest');
    const req = {
      database: 'projects/p/databases/(default)',
      writes: [
        {
          update: {
            name: 'projects/p/databases/(default)/documents/a/b',
            fields: { x: { integerValue: '1' } },
          },
          updateMask: { fieldPaths: ['x'] },
          updateTransforms: [
            { fieldPath: 'n', increment: { integerValue: '2' } },
            { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
          ],
          currentDocument: { exists: true },
        },
        {
          delete: 'projects/p/databases/(default)/documents/a/c',
          currentDocument: { updateTime: '2026-11-21T10:00:00.123456789Z' },
        },
      ],
      transaction: 'dHg=',
    };
    expect(c.decode(c.encode(req))).toEqual(req);
  });
});

describe('codec: JSON text', () => {
  it('parses proto3 JSON text into internal JSON', () => {
    const c = codecFor('Document');
    const text = JSON.stringify({
      fields: {
        nan: { doubleValue: 'NaN' },
        inf: { doubleValue: 'Infinity' },
        ninf: { doubleValue: '-Infinity' },
        num: { doubleValue: '2.5' },
        int: { integerValue: 7 },
        n: { nullValue: 'NULL_VALUE' },
        t: { timestampValue: { seconds: '1', nanos: 5000 } },
      },
      unknownField: 1,
    });
    const v = c.fromJson(text);
    expect(v.fields.nan.doubleValue).toBeNaN();
    expect(v.fields.inf.doubleValue).toBe(Infinity);
    expect(v.fields.ninf.doubleValue).toBe(-Infinity);
    expect(v.fields.num.doubleValue).toBe(2.5);
    expect(v.fields.int.integerValue).toBe('7');
    expect(v.fields.n).toEqual({ nullValue: null });
    expect(v.fields.t.timestampValue).toBe('1970-01-01T00:00:01.000005Z');
    expect(v).not.toHaveProperty('unknownField');
  });

  it('accepts snake_case names, numeric enums and string int32', () => {
    const c = codecFor('ListenRequest');
    const v = c.fromJson(
      '{"database":"d","add_target":{"target_id":"1002","query":{"parent":"p","structured_query":{"limit":{"value":3},"orderBy":[{"direction":2}]}}}}',
    );
    expect(v).toEqual({
      database: 'd',
      addTarget: {
        targetId: 1002,
        query: {
          parent: 'p',
          structuredQuery: { limit: 3, orderBy: [{ direction: 'DESCENDING' }] },
        },
      },
    });
  });

  it('stringifies non-finite doubles as strings and round-trips', () => {
    const text = stringifyJson({
      fields: { a: { doubleValue: NaN }, b: { doubleValue: -Infinity }, c: { nullValue: null } },
    });
    expect(text).toBe(
      '{"fields":{"a":{"doubleValue":"NaN"},"b":{"doubleValue":"-Infinity"},"c":{"nullValue":null}}}',
    );
    const back = codecFor('Document').fromJson(text);
    expect(back.fields.a.doubleValue).toBeNaN();
    expect(back.fields.b.doubleValue).toBe(-Infinity);
  });

  it('rejects malformed input with INVALID_ARGUMENT', () => {
    expect(() => codecFor('Document').fromJson('{')).toThrow(expect.objectContaining({ code: 3 }));
    expect(() => codecFor('Document').fromJson('{"fields":{"a":{"integerValue":"1.5"}}}')).toThrow(
      expect.objectContaining({ code: 3 }),
    );
  });
});

describe('timestamps', () => {
  it('parses offsets and fractional digits exactly', () => {
    expect(parseTimestamp('2026-11-21T10:00:00.123456789Z')).toEqual({
      seconds: 1795255200,
      nanos: 123456789,
    });
    expect(parseTimestamp('2026-11-21T12:00:00.5+02:00')).toEqual({
      seconds: 1795255200,
      nanos: 500000000,
    });
    expect(parseTimestamp('1969-12-31T23:59:59Z')).toEqual({ seconds: -1, nanos: 0 });
    expect(() => parseTimestamp('yesterday')).toThrow();
  });
  it('formats with 0, 3, 6 or 9 digits', () => {
    expect(formatTimestamp(0, 0)).toBe('1970-01-01T00:00:00Z');
    expect(formatTimestamp(0, 120000000)).toBe('1970-01-01T00:00:00.120Z');
    expect(formatTimestamp(0, 123456000)).toBe('1970-01-01T00:00:00.123456Z');
    expect(formatTimestamp(0, 1)).toBe('1970-01-01T00:00:00.000000001Z');
  });
});
