// The rules standard library: methods on values and the namespace functions (math.*,
// hashing.*, timestamp.*, duration.*, latlng.*) plus conversions. Every misuse throws
// RulesEvalError, which the evaluator turns into a "not granted" error value.

import * as hashing from './hashing.js';
import { re2FullMatch, re2ReplaceAll, re2Split } from './re2.js';
import {
  checkInt,
  floorDiv,
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  RulesEvalError,
  show,
  typeName,
  valueEquals,
  type Value,
} from './values.js';

const NS = 1_000_000_000n;
const DAY_NS = 86_400n * NS;

function err(msg: string): never {
  throw new RulesEvalError(msg);
}

function arity(name: string, args: Value[], n: number): void {
  if (args.length !== n) err(`Function ${name} expects ${n} argument(s), got ${args.length}.`);
}

function str(v: Value, what: string): string {
  if (typeof v !== 'string') err(`${what}: expected string, got ${typeName(v)}.`);
  return v;
}

function int(v: Value, what: string): bigint {
  if (typeof v !== 'bigint') err(`${what}: expected int, got ${typeName(v)}.`);
  return v;
}

function num(v: Value, what: string): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number') err(`${what}: expected number, got ${typeName(v)}.`);
  return v;
}

function listOrSet(v: Value, what: string): Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return v.items;
  err(`${what}: expected list or set, got ${typeName(v)}.`);
}

const includes = (xs: Value[], x: Value): boolean => xs.some((y) => valueEquals(x, y));

function utf8(v: Value, what: string): Uint8Array {
  if (typeof v === 'string') return new Uint8Array(Buffer.from(v, 'utf8'));
  if (v instanceof RBytes) return v.bytes;
  err(`${what}: expected string or bytes, got ${typeName(v)}.`);
}

/** UTC calendar fields of a timestamp. */
function civil(t: RTimestamp): Date {
  return t.toDate();
}

/** Calls `recv.name(args)`. */
export function callMethod(recv: Value, name: string, args: Value[]): Value {
  const where = `${typeName(recv)}.${name}`;
  // Methods shared by several types.
  if (name === 'size') {
    arity(where, args, 0);
    if (typeof recv === 'string') return BigInt([...recv].length);
    if (Array.isArray(recv)) return BigInt(recv.length);
    if (recv instanceof RMap) return BigInt(recv.m.size);
    if (recv instanceof RSet) return BigInt(recv.items.length);
    if (recv instanceof RBytes) return BigInt(recv.bytes.length);
    if (recv instanceof RPath) return BigInt(recv.segments.length);
  }
  if (typeof recv === 'string') return stringMethod(recv, name, args, where);
  if (Array.isArray(recv) || recv instanceof RSet) return collectionMethod(recv, name, args, where);
  if (recv instanceof RMap) return mapMethod(recv, name, args, where);
  if (recv instanceof RMapDiff) {
    arity(where, args, 0);
    const b = recv.before.m;
    const a = recv.after.m;
    const keys = (pred: (k: string) => boolean, from: Iterable<string>): RSet =>
      new RSet([...from].filter(pred));
    switch (name) {
      case 'addedKeys':
        return keys((k) => !b.has(k), a.keys());
      case 'removedKeys':
        return keys((k) => !a.has(k), b.keys());
      case 'changedKeys':
        return keys((k) => a.has(k) && !valueEquals(a.get(k)!, b.get(k)!), b.keys());
      case 'unchangedKeys':
        return keys((k) => a.has(k) && valueEquals(a.get(k)!, b.get(k)!), b.keys());
      case 'affectedKeys':
        return new RSet([
          ...[...a.keys()].filter((k) => !b.has(k) || !valueEquals(a.get(k)!, b.get(k)!)),
          ...[...b.keys()].filter((k) => !a.has(k)),
        ]);
    }
  }
  if (recv instanceof RTimestamp) return timestampMethod(recv, name, args, where);
  if (recv instanceof RDuration) {
    arity(where, args, 0);
    if (name === 'seconds') return floorDiv(recv.ns, NS);
    if (name === 'nanos') return recv.ns - floorDiv(recv.ns, NS) * NS;
  }
  if (recv instanceof RLatLng) {
    if (name === 'latitude') return (arity(where, args, 0), recv.lat);
    if (name === 'longitude') return (arity(where, args, 0), recv.lng);
    if (name === 'distance') {
      arity(where, args, 1);
      const o = args[0];
      if (!(o instanceof RLatLng)) err(`${where}: expected latlng.`);
      return haversine(recv, o);
    }
  }
  if (recv instanceof RBytes) {
    arity(where, args, 0);
    if (name === 'toBase64') return Buffer.from(recv.bytes).toString('base64');
    if (name === 'toHexString') return Buffer.from(recv.bytes).toString('hex').toUpperCase();
  }
  if (recv instanceof RPath && name === 'bind') {
    arity(where, args, 1);
    const m = args[0];
    if (!(m instanceof RMap)) err(`${where}: expected map.`);
    return new RPath(
      recv.segments.map((s) => {
        const v = /^\$\((\w+)\)$/.exec(s) ?? /^\{(\w+)\}$/.exec(s);
        if (!v) return s;
        const x = m.m.get(v[1]!);
        if (typeof x !== 'string') err(`${where}: missing binding for ${v[1]}.`);
        return x;
      }),
    );
  }
  if (recv === null) err('Null value error.');
  err(`Function not found error: Name: [${name}] on ${typeName(recv)}.`);
}

function stringMethod(s: string, name: string, args: Value[], where: string): Value {
  switch (name) {
    case 'matches':
      arity(where, args, 1);
      return re2FullMatch(s, str(args[0]!, where));
    case 'split':
      arity(where, args, 1);
      return re2Split(s, str(args[0]!, where));
    case 'replace':
      arity(where, args, 2);
      return re2ReplaceAll(s, str(args[0]!, where), str(args[1]!, where));
    case 'lower':
      arity(where, args, 0);
      return s.toLowerCase();
    case 'upper':
      arity(where, args, 0);
      return s.toUpperCase();
    case 'trim':
      arity(where, args, 0);
      return s.trim();
    case 'toUtf8':
      arity(where, args, 0);
      return new RBytes(new Uint8Array(Buffer.from(s, 'utf8')));
  }
  err(`Function not found error: Name: [${name}] on string.`);
}

function collectionMethod(recv: Value[] | RSet, name: string, args: Value[], where: string): Value {
  const items = Array.isArray(recv) ? recv : recv.items;
  const isSet = recv instanceof RSet;
  switch (name) {
    case 'hasAll':
      arity(where, args, 1);
      return listOrSet(args[0]!, where).every((x) => includes(items, x));
    case 'hasAny':
      arity(where, args, 1);
      return listOrSet(args[0]!, where).some((x) => includes(items, x));
    case 'hasOnly': {
      arity(where, args, 1);
      const allowed = listOrSet(args[0]!, where);
      return items.every((x) => includes(allowed, x));
    }
  }
  if (isSet) {
    arity(where, args, 1);
    const o = args[0];
    if (!(o instanceof RSet)) err(`${where}: expected set, got ${typeName(o!)}.`);
    switch (name) {
      case 'difference':
        return new RSet(items.filter((x) => !o.has(x)));
      case 'intersection':
        return new RSet(items.filter((x) => o.has(x)));
      case 'union':
        return new RSet([...items, ...o.items]);
    }
  } else {
    switch (name) {
      case 'join': {
        arity(where, args, 1);
        const sep = str(args[0]!, where);
        return items
          .map((x) => (typeof x === 'string' ? x : err(`${where}: list must contain strings.`)))
          .join(sep);
      }
      case 'concat':
        arity(where, args, 1);
        if (!Array.isArray(args[0])) err(`${where}: expected list.`);
        return [...items, ...args[0]];
      case 'removeAll': {
        arity(where, args, 1);
        const drop = listOrSet(args[0]!, where);
        return items.filter((x) => !includes(drop, x));
      }
      case 'toSet':
        arity(where, args, 0);
        return new RSet(items);
    }
  }
  err(`Function not found error: Name: [${name}] on ${isSet ? 'set' : 'list'}.`);
}

function mapMethod(m: RMap, name: string, args: Value[], where: string): Value {
  switch (name) {
    case 'keys':
      arity(where, args, 0);
      return [...m.m.keys()];
    case 'values':
      arity(where, args, 0);
      return [...m.m.values()];
    case 'diff': {
      arity(where, args, 1);
      const o = args[0];
      if (!(o instanceof RMap)) err(`${where}: expected map, got ${typeName(o!)}.`);
      // m.diff(o) compares the calling map m against o (rules.MapDiff reference:
      // {"a":1}.diff({}).addedKeys() == ["a"].toSet()), so o is the "before" and m the "after";
      // request.resource.data.diff(resource.data).addedKeys() lists the keys the write adds.
      return new RMapDiff(o, m);
    }
    case 'get': {
      arity(where, args, 2);
      const key = args[0]!;
      const path =
        typeof key === 'string'
          ? [key]
          : Array.isArray(key)
            ? key
            : err(`${where}: key must be string or list.`);
      let cur: Value = m;
      for (const k of path) {
        if (typeof k !== 'string') err(`${where}: key path must contain strings.`);
        if (!(cur instanceof RMap) || !cur.m.has(k)) return args[1]!;
        cur = cur.m.get(k)!;
      }
      return cur;
    }
  }
  err(`Function not found error: Name: [${name}] on map.`);
}

function timestampMethod(t: RTimestamp, name: string, args: Value[], where: string): Value {
  if (args.length > 1) err(`${where}: too many arguments.`);
  // A time zone argument is accepted only as UTC (the emulator has no tz database contract).
  if (args.length === 1) {
    const tz = str(args[0]!, where);
    if (!/^(UTC|GMT|Etc\/UTC|Z)$/i.test(tz)) err(`${where}: only the UTC time zone is supported.`);
  }
  const d = civil(t);
  switch (name) {
    case 'date':
      return new RTimestamp(floorDiv(t.ns, DAY_NS) * DAY_NS);
    case 'time':
      return new RDuration(t.ns - floorDiv(t.ns, DAY_NS) * DAY_NS);
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
    case 'hour':
      return BigInt(d.getUTCHours());
    case 'minutes':
    case 'minute':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
    case 'second':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return t.nanos;
    case 'dayOfWeek': // ISO: Monday = 1 ... Sunday = 7
      return BigInt(((d.getUTCDay() + 6) % 7) + 1);
    case 'dayOfYear': {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      return BigInt(Math.floor((d.getTime() - start) / 86_400_000) + 1);
    }
    case 'toMillis':
      return floorDiv(t.ns, 1_000_000n);
  }
  err(`Function not found error: Name: [${name}] on timestamp.`);
}

function haversine(a: RLatLng, b: RLatLng): number {
  const R = 6_371_000; // meters, mean Earth radius
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

const DURATION_UNITS: Record<string, bigint> = {
  w: 7n * DAY_NS,
  d: DAY_NS,
  h: 3600n * NS,
  m: 60n * NS,
  s: NS,
  ms: 1_000_000n,
  us: 1000n,
  ns: 1n,
};

/** `ns.name(args)` for the global namespaces. */
export function callNamespace(ns: string, name: string, args: Value[]): Value {
  const where = `${ns}.${name}`;
  switch (ns) {
    case 'math': {
      if (name === 'pow') {
        arity(where, args, 2);
        return Math.pow(num(args[0]!, where), num(args[1]!, where));
      }
      arity(where, args, 1);
      const x = args[0]!;
      const n = num(x, where);
      switch (name) {
        case 'abs':
          return typeof x === 'bigint' ? checkInt(x < 0n ? -x : x) : Math.abs(n);
        case 'ceil':
          return typeof x === 'bigint' ? x : toInt(Math.ceil(n));
        case 'floor':
          return typeof x === 'bigint' ? x : toInt(Math.floor(n));
        case 'round':
          // Round half away from zero.
          return typeof x === 'bigint' ? x : toInt(Math.sign(n) * Math.round(Math.abs(n)));
        case 'sqrt':
          return Math.sqrt(n);
        case 'isInfinite':
          return n === Infinity || n === -Infinity;
        case 'isNaN':
          return Number.isNaN(n);
      }
      break;
    }
    case 'hashing': {
      arity(where, args, 1);
      const d = utf8(args[0]!, where);
      switch (name) {
        case 'crc32':
          return new RBytes(hashing.crc32(d));
        case 'crc32c':
          return new RBytes(hashing.crc32c(d));
        case 'md5':
          return new RBytes(hashing.md5(d));
        case 'sha256':
          return new RBytes(hashing.sha256(d));
      }
      break;
    }
    case 'timestamp':
      if (name === 'date') {
        arity(where, args, 3);
        const [y, m, d] = args.map((a) => Number(int(a, where)));
        const ms = Date.UTC(y!, m! - 1, d!);
        const back = new Date(ms);
        if (back.getUTCMonth() !== m! - 1 || back.getUTCDate() !== d!)
          err(`${where}: invalid date.`);
        return RTimestamp.fromMillis(ms);
      }
      if (name === 'value') {
        arity(where, args, 1);
        return new RTimestamp(checkInt(int(args[0]!, where) * 1_000_000n));
      }
      break;
    case 'duration':
      if (name === 'value') {
        arity(where, args, 2);
        const unit = DURATION_UNITS[str(args[1]!, where)];
        if (!unit) err(`${where}: unknown unit ${show(args[1]!)}.`);
        return new RDuration(int(args[0]!, where) * unit);
      }
      if (name === 'time') {
        arity(where, args, 4);
        const [h, m, s, n] = args.map((a) => int(a, where));
        return new RDuration(h! * 3600n * NS + m! * 60n * NS + s! * NS + n!);
      }
      if (name === 'abs') {
        arity(where, args, 1);
        const d = args[0];
        if (!(d instanceof RDuration)) err(`${where}: expected duration.`);
        return new RDuration(d.ns < 0n ? -d.ns : d.ns);
      }
      break;
    case 'latlng':
      if (name === 'value') {
        arity(where, args, 2);
        const lat = num(args[0]!, where);
        const lng = num(args[1]!, where);
        if (lat < -90 || lat > 90 || lng < -180 || lng > 180) err(`${where}: out of range.`);
        return new RLatLng(lat, lng);
      }
      break;
  }
  err(`Function not found error: Name: [${where}].`);
}

function toInt(n: number): bigint {
  if (!Number.isFinite(n)) err('Cannot convert a non-finite float to int.');
  return checkInt(BigInt(n));
}

/** Global conversion functions int(), float(), string(), bool(), path(). Null when not one. */
export function callConversion(name: string, args: Value[]): Value | undefined {
  if (!['int', 'float', 'string', 'bool', 'path'].includes(name)) return undefined;
  arity(name, args, 1);
  const x = args[0]!;
  switch (name) {
    case 'int':
      if (typeof x === 'bigint') return x;
      if (typeof x === 'number') return toInt(Math.trunc(x));
      if (typeof x === 'string' && /^[+-]?\d+$/.test(x.trim())) return checkInt(BigInt(x.trim()));
      break;
    case 'float':
      if (typeof x === 'number') return x;
      if (typeof x === 'bigint') return Number(x);
      if (typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))) return Number(x);
      if (x === 'NaN') return NaN;
      break;
    case 'string':
      if (typeof x === 'string') return x;
      if (x === null || typeof x === 'boolean' || typeof x === 'bigint') return String(x);
      if (typeof x === 'number') return show(x);
      if (x instanceof RPath) return x.toString();
      break;
    case 'bool':
      if (typeof x === 'boolean') return x;
      if (x === 'true') return true;
      if (x === 'false') return false;
      break;
    case 'path':
      if (typeof x === 'string') return RPath.parse(x);
      if (x instanceof RPath) return x;
      break;
  }
  err(`Cannot convert ${typeName(x)} ${show(x)} with ${name}().`);
}
