import { invalidArgument } from './errors.js';
import { parseDocumentName } from './paths.js';
import {
  formatTimestamp,
  MAX_TIMESTAMP_NS,
  MIN_TIMESTAMP_NS,
  parseTimestamp,
  truncateToMicros,
} from './timestamps.js';
import type { Fields, Value } from './types.js';

/** Backend type order: null < bool < number < timestamp < string < bytes < ref < geo < array < vector < map. */
export enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Vector = 9,
  Map = 10,
}

export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;
export const MAX_DEPTH = 20;

export function isVectorMap(v: Value): boolean {
  const t = v.mapValue?.fields?.__type__;
  return t !== undefined && t.stringValue === '__vector__';
}

export function typeOrder(v: Value): TypeOrder {
  if (v.stringValue !== undefined) return TypeOrder.String;
  if (v.integerValue !== undefined || v.doubleValue !== undefined) return TypeOrder.Number;
  if (v.mapValue !== undefined) return isVectorMap(v) ? TypeOrder.Vector : TypeOrder.Map;
  if (v.booleanValue !== undefined) return TypeOrder.Boolean;
  if (v.timestampValue !== undefined) return TypeOrder.Timestamp;
  if (v.referenceValue !== undefined) return TypeOrder.Reference;
  if (v.arrayValue !== undefined) return TypeOrder.Array;
  if (v.bytesValue !== undefined) return TypeOrder.Bytes;
  if (v.geoPointValue !== undefined) return TypeOrder.GeoPoint;
  return TypeOrder.Null;
}

export function isNumber(v: Value | undefined): boolean {
  return v !== undefined && (v.integerValue !== undefined || v.doubleValue !== undefined);
}

export function isNaNValue(v: Value | undefined): boolean {
  return v !== undefined && v.doubleValue !== undefined && Number.isNaN(v.doubleValue);
}

export function isNullValue(v: Value | undefined): boolean {
  return v !== undefined && typeOrder(v) === TypeOrder.Null;
}

// --- strings: UTF-8 byte order == code point order, which differs from UTF-16 unit order only
// when a surrogate meets a unit >= 0xE000.

export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return compareUnits(x, y);
  }
  return a.length - b.length;
}

function compareUnits(x: number, y: number): number {
  const xs = x >= 0xd800 && x <= 0xdfff;
  const ys = y >= 0xd800 && y <= 0xdfff;
  if (xs !== ys) {
    // A surrogate starts a supplementary code point, larger than any BMP character.
    if (xs && y >= 0xe000) return 1;
    if (ys && x >= 0xe000) return -1;
  }
  return x < y ? -1 : 1;
}

/** Resource names compared segment by segment, without splitting ('/' ends a segment). */
export function compareResourceNames(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      if (x === 0x2f) return -1;
      if (y === 0x2f) return 1;
      return compareUnits(x, y);
    }
  }
  return a.length - b.length;
}

// --- numbers

const intCache = new Map<string, number | bigint>();

/** Integer strings as a number when exact, else a bigint. */
export function intOf(s: string): number | bigint {
  const n = Number(s);
  if (Number.isSafeInteger(n)) return n;
  let b = intCache.get(s);
  if (b === undefined) {
    if (intCache.size > 10_000) intCache.clear();
    b = BigInt(s);
    intCache.set(s, b);
  }
  return b;
}

function compareIntDouble(i: number | bigint, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (typeof i === 'number') return i < d ? -1 : i > d ? 1 : 0;
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const fl = Math.floor(d);
  const bi = BigInt(fl);
  if (i < bi) return -1;
  if (i > bi) return 1;
  return fl === d ? 0 : -1;
}

function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0; // also -0 == 0
  // NaN sorts before every number and equals itself.
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  return an && bn ? 0 : an ? -1 : 1;
}

export function compareNumbers(a: Value, b: Value): number {
  if (a.integerValue !== undefined) {
    const x = intOf(a.integerValue);
    if (b.integerValue !== undefined) {
      const y = intOf(b.integerValue);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return compareIntDouble(x, b.doubleValue as number);
  }
  if (b.integerValue !== undefined)
    return 0 - compareIntDouble(intOf(b.integerValue), a.doubleValue as number);
  return compareDoubles(a.doubleValue as number, b.doubleValue as number);
}

export function toDouble(v: Value): number {
  return v.integerValue !== undefined ? Number(v.integerValue) : (v.doubleValue as number);
}

// --- timestamps / bytes are cached per value object: stored values are immutable and sorting
// compares the same object many times.

const tsCache = new WeakMap<Value, bigint>();
export function timestampNs(v: Value): bigint {
  let t = tsCache.get(v);
  if (t === undefined) {
    t = parseTimestamp(v.timestampValue as string);
    tsCache.set(v, t);
  }
  return t;
}

const bytesCache = new WeakMap<Value, Buffer>();
export function bytesOf(v: Value): Buffer {
  let b = bytesCache.get(v);
  if (b === undefined) {
    b = Buffer.from(v.bytesValue as string, 'base64');
    bytesCache.set(v, b);
  }
  return b;
}

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta - tb;
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return a.booleanValue === b.booleanValue ? 0 : a.booleanValue ? 1 : -1;
    case TypeOrder.Number:
      return compareNumbers(a, b);
    case TypeOrder.Timestamp: {
      if (a.timestampValue === b.timestampValue) return 0;
      const x = timestampNs(a);
      const y = timestampNs(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case TypeOrder.String:
      return compareStrings(a.stringValue as string, b.stringValue as string);
    case TypeOrder.Bytes:
      if (a.bytesValue === b.bytesValue) return 0;
      return Buffer.compare(bytesOf(a), bytesOf(b));
    case TypeOrder.Reference:
      return compareResourceNames(a.referenceValue as string, b.referenceValue as string);
    case TypeOrder.GeoPoint: {
      const ga = a.geoPointValue!;
      const gb = b.geoPointValue!;
      return (
        compareDoubles(ga.latitude ?? 0, gb.latitude ?? 0) ||
        compareDoubles(ga.longitude ?? 0, gb.longitude ?? 0)
      );
    }
    case TypeOrder.Array:
      return compareArrays(a.arrayValue?.values ?? [], b.arrayValue?.values ?? []);
    case TypeOrder.Vector: {
      const va = a.mapValue?.fields?.value?.arrayValue?.values ?? [];
      const vb = b.mapValue?.fields?.value?.arrayValue?.values ?? [];
      return va.length - vb.length || compareArrays(va, vb);
    }
    case TypeOrder.Map:
      return compareMaps(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  }
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function compareMaps(a: Fields, b: Fields): number {
  const ka = Object.keys(a).sort(compareStrings);
  const kb = Object.keys(b).sort(compareStrings);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(ka[i], kb[i]) || compareValues(a[ka[i]], b[kb[i]]);
    if (c !== 0) return c;
  }
  return ka.length - kb.length;
}

/** Query equality: numeric across int/double, NaN == NaN, -0 == 0. */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

export function arrayContains(values: Value[] | undefined, v: Value): boolean {
  if (!values) return false;
  for (const x of values) if (compareValues(x, v) === 0) return true;
  return false;
}

/**
 * Exact equality (type-strict: 1 != 1.0, -0 != 0), used to detect writes that change nothing.
 */
export function valuesIdentical(a: Value, b: Value): boolean {
  if (a === b) return true;
  const ta = typeOrder(a);
  if (ta !== typeOrder(b)) return false;
  switch (ta) {
    case TypeOrder.Number:
      if (a.integerValue !== undefined || b.integerValue !== undefined)
        return a.integerValue === b.integerValue;
      return Object.is(a.doubleValue, b.doubleValue);
    case TypeOrder.Array: {
      const x = a.arrayValue?.values ?? [];
      const y = b.arrayValue?.values ?? [];
      return x.length === y.length && x.every((v, i) => valuesIdentical(v, y[i]));
    }
    case TypeOrder.Map:
    case TypeOrder.Vector:
      return fieldsIdentical(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
    case TypeOrder.Timestamp:
      return timestampNs(a) === timestampNs(b);
    case TypeOrder.GeoPoint:
      return (
        Object.is(a.geoPointValue!.latitude ?? 0, b.geoPointValue!.latitude ?? 0) &&
        Object.is(a.geoPointValue!.longitude ?? 0, b.geoPointValue!.longitude ?? 0)
      );
    default:
      return compareValues(a, b) === 0;
  }
}

export function fieldsIdentical(a: Fields, b: Fields): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const y = b[k];
    if (y === undefined || !valuesIdentical(a[k], y)) return false;
  }
  return true;
}

// --- input normalization: the single place where client values are validated and copied.

const VALUE_KEYS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;

function toNumber(x: unknown, what: string): number {
  if (typeof x === 'number') return x;
  if (x === 'NaN') return NaN;
  if (x === 'Infinity') return Infinity;
  if (x === '-Infinity') return -Infinity;
  if (typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))) return Number(x);
  throw invalidArgument(`Invalid ${what}: ${JSON.stringify(x)}`);
}

/**
 * Validates a client value and returns an owned, normalized copy (int64 as canonical decimal
 * strings, doubles as numbers, null as null, timestamps truncated to microseconds as Firestore
 * stores them).
 */
export function normalizeValue(v: unknown, depth = 0, inArray = false): Value {
  if (v === null || typeof v !== 'object')
    throw invalidArgument(`Invalid value: ${JSON.stringify(v)}`);
  const o = v as Record<string, unknown>;
  let key: (typeof VALUE_KEYS)[number] | undefined;
  for (const k of VALUE_KEYS) {
    if (k in o && o[k] !== undefined) {
      if (key !== undefined) throw invalidArgument(`Value has more than one type: ${key}, ${k}`);
      key = k;
    }
  }
  // A Value with no member set decodes from a proto whose oneof was dropped; treat it as null.
  if (key === undefined || key === 'nullValue') return { nullValue: null };
  const x = o[key];
  switch (key) {
    case 'booleanValue':
      if (typeof x !== 'boolean')
        throw invalidArgument(`Invalid booleanValue: ${JSON.stringify(x)}`);
      return { booleanValue: x };
    case 'integerValue': {
      let b: bigint;
      try {
        // Objects cover protobufjs Long values, should a decoder hand them over unconverted.
        b = BigInt(
          typeof x === 'string'
            ? x.trim()
            : typeof x === 'object' && x !== null
              ? String(x)
              : (x as number | bigint),
        );
      } catch {
        throw invalidArgument(`Invalid integerValue: ${JSON.stringify(x)}`);
      }
      if (b > INT64_MAX || b < INT64_MIN)
        throw invalidArgument(`integerValue out of range: ${String(x)}`);
      return { integerValue: b.toString() };
    }
    case 'doubleValue':
      return { doubleValue: toNumber(x, 'doubleValue') };
    case 'timestampValue': {
      let ns: bigint;
      if (typeof x === 'string') ns = parseTimestamp(x);
      else if (x && typeof x === 'object' && 'seconds' in x) {
        const t = x as { seconds?: unknown; nanos?: unknown };
        ns = BigInt(String(t.seconds ?? 0)) * 1_000_000_000n + BigInt(Number(t.nanos ?? 0));
      } else throw invalidArgument(`Invalid timestampValue: ${JSON.stringify(x)}`);
      if (ns < MIN_TIMESTAMP_NS || ns > MAX_TIMESTAMP_NS) {
        throw invalidArgument(`timestampValue out of range: ${JSON.stringify(x)}`);
      }
      return { timestampValue: formatTimestamp(truncateToMicros(ns)) };
    }
    case 'stringValue':
      if (typeof x !== 'string') throw invalidArgument(`Invalid stringValue: ${JSON.stringify(x)}`);
      return { stringValue: x };
    case 'bytesValue':
      if (typeof x === 'string') return { bytesValue: x };
      if (x instanceof Uint8Array) return { bytesValue: Buffer.from(x).toString('base64') };
      throw invalidArgument(`Invalid bytesValue`);
    case 'referenceValue':
      if (typeof x !== 'string')
        throw invalidArgument(`Invalid referenceValue: ${JSON.stringify(x)}`);
      parseDocumentName(x);
      return { referenceValue: x };
    case 'geoPointValue': {
      const g = (x ?? {}) as { latitude?: unknown; longitude?: unknown };
      const latitude = g.latitude === undefined ? 0 : toNumber(g.latitude, 'latitude');
      const longitude = g.longitude === undefined ? 0 : toNumber(g.longitude, 'longitude');
      if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
        throw invalidArgument(`Invalid geoPointValue: ${JSON.stringify(x)}`);
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case 'arrayValue': {
      if (inArray) throw invalidArgument('Cannot convert an array value in an array value.');
      if (depth >= MAX_DEPTH)
        throw invalidArgument('Value nesting depth exceeds the maximum of 20.');
      const vals = (x as { values?: unknown[] } | null)?.values ?? [];
      if (!Array.isArray(vals)) throw invalidArgument('Invalid arrayValue');
      return { arrayValue: { values: vals.map((e) => normalizeValue(e, depth + 1, true)) } };
    }
    case 'mapValue': {
      if (depth >= MAX_DEPTH)
        throw invalidArgument('Value nesting depth exceeds the maximum of 20.');
      const f = (x as { fields?: unknown } | null)?.fields;
      return { mapValue: { fields: normalizeFields(f, depth + 1) } };
    }
  }
  throw invalidArgument('Invalid value');
}

export function normalizeFields(f: unknown, depth = 0): Fields {
  const out: Fields = {};
  if (f === undefined || f === null) return out;
  if (typeof f !== 'object') throw invalidArgument('Invalid fields');
  for (const [k, v] of Object.entries(f as Record<string, unknown>)) {
    if (k === '') throw invalidArgument('Field names must not be empty.');
    out[k] = normalizeValue(v, depth, false);
  }
  return out;
}

/** Reserved top-level names (`__.*__`) may not be written by clients. */
export function validateWritableFields(fields: Fields, docName: string): void {
  for (const k of Object.keys(fields)) {
    if (/^__.*__$/.test(k)) {
      throw invalidArgument(`Document ${docName} contains reserved field name "${k}".`);
    }
  }
}

// --- storage size (https://firebase.google.com/docs/firestore/storage-size)

function stringSize(s: string): number {
  return Buffer.byteLength(s, 'utf8') + 1;
}

export function documentNameSize(name: string): number {
  // Only the path below `documents/` counts, each segment as a string, plus 16 bytes.
  const i = name.indexOf('/documents/');
  const rel = i === -1 ? name : name.slice(i + '/documents/'.length);
  let size = 16;
  for (const seg of rel.split('/')) size += stringSize(seg);
  return size;
}

export function valueSize(v: Value): number {
  switch (typeOrder(v)) {
    case TypeOrder.Null:
    case TypeOrder.Boolean:
      return 1;
    case TypeOrder.Number:
    case TypeOrder.Timestamp:
      return 8;
    case TypeOrder.String:
      return stringSize(v.stringValue as string);
    case TypeOrder.Bytes:
      return Math.floor(((v.bytesValue as string).replace(/=+$/, '').length * 3) / 4);
    case TypeOrder.Reference:
      return documentNameSize(v.referenceValue as string);
    case TypeOrder.GeoPoint:
      return 16;
    case TypeOrder.Array: {
      let s = 0;
      for (const e of v.arrayValue?.values ?? []) s += valueSize(e);
      return s;
    }
    default:
      return fieldsSize(v.mapValue?.fields ?? {});
  }
}

export function fieldsSize(fields: Fields): number {
  let s = 0;
  for (const k in fields) s += stringSize(k) + valueSize(fields[k]);
  return s;
}

export function documentSize(name: string, fields: Fields): number {
  return documentNameSize(name) + fieldsSize(fields) + 32;
}
