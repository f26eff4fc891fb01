/**
 * Conversion between the "internal JSON" message form (DESIGN.md) and
 *  - protobufjs wire bytes (gRPC), and
 *  - proto3 JSON text (WebChannel and REST).
 *
 * Everything is driven by reflection over the google.firestore.v1 descriptor shipped with
 * @google-cloud/firestore, loaded once (Root.fromJSON takes ~30 ms, well inside the cold-start
 * budget). protobufjs' own toObject/fromObject are not used because they drop `nullValue: null`
 * (a oneof member whose value is null), do not know the JSON forms of Timestamp and wrappers, and
 * cannot express "absent" versus "default" the way the engine expects.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import protobuf from 'protobufjs';

type PbType = protobuf.Type;
type PbEnum = protobuf.Enum;
type Long = protobuf.Long;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** An internal-JSON message: plain object, proto3 JSON conventions (see DESIGN.md). */

export type Msg = Record<string, any>;

let rootCache: protobuf.Root | undefined;

/** The google.firestore.v1 protobufjs root, loaded lazily once per process. */
export function firestoreRoot(): protobuf.Root {
  if (rootCache) return rootCache;
  const require = createRequire(import.meta.url);
  // The package's "exports" hides build/protos, so locate it from the main entry point.
  const main = require.resolve('@google-cloud/firestore');
  const file = path.join(path.dirname(main), '..', 'protos', 'v1.json');
  const root = protobuf.Root.fromJSON(JSON.parse(readFileSync(file, 'utf8')));
  addVerifyWrite(root);
  root.resolveAll();
  rootCache = root;
  return root;
}

/**
 * The web SDK commits `Write.verify` (field 5, a document name) for documents a transaction read
 * but did not write; the admin package's descriptor predates that field, and protobufjs would
 * silently drop it as unknown, turning a valid read-only transaction into an invalid write.
 */
function addVerifyWrite(root: protobuf.Root): void {
  const write = root.lookupType('google.firestore.v1.Write');
  if (write.fields.verify) return;
  const verify = new protobuf.Field('verify', 5, 'string');
  write.add(verify);
  write.oneofs.operation?.add(verify);
}

export function lookupType(name: string): PbType {
  const full = name.includes('.') ? name : `google.firestore.v1.${name}`;
  return firestoreRoot().lookupType(full);
}

// ---------------------------------------------------------------------------------------------
// Field plans: per message type, a precomputed description of each field's JSON treatment.

type Kind =
  | 'message'
  | 'timestamp'
  | 'duration'
  | 'wrapper'
  | 'struct'
  | 'pbvalue'
  | 'listvalue'
  | 'empty'
  | 'enum'
  | 'null'
  | 'int64'
  | 'int32'
  | 'double'
  | 'bytes'
  | 'bool'
  | 'string';

interface FieldPlan {
  name: string;
  kind: Kind;
  repeated: boolean;
  map: boolean;
  keyKind: Kind | undefined;
  type: PbType | undefined;
  enm: PbEnum | undefined;
  /** For wrappers: the kind of the inner `value` field. */
  inner: Kind | undefined;
}

interface TypePlan {
  fields: FieldPlan[];
  /** JSON input names (camelCase and snake_case) -> plan. */
  byJsonName: Map<string, FieldPlan>;
}

const plans = new WeakMap<PbType, TypePlan>();

function scalarKind(t: string): Kind {
  switch (t) {
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return 'int64';
    case 'int32':
    case 'uint32':
    case 'sint32':
    case 'fixed32':
    case 'sfixed32':
      return 'int32';
    case 'double':
    case 'float':
      return 'double';
    case 'bytes':
      return 'bytes';
    case 'bool':
      return 'bool';
    default:
      return 'string';
  }
}

const WRAPPERS = new Set([
  'google.protobuf.DoubleValue',
  'google.protobuf.FloatValue',
  'google.protobuf.Int64Value',
  'google.protobuf.UInt64Value',
  'google.protobuf.Int32Value',
  'google.protobuf.UInt32Value',
  'google.protobuf.BoolValue',
  'google.protobuf.StringValue',
  'google.protobuf.BytesValue',
]);

function typeKind(full: string): Kind {
  if (full === 'google.protobuf.Timestamp') return 'timestamp';
  if (full === 'google.protobuf.Duration') return 'duration';
  if (full === 'google.protobuf.Struct') return 'struct';
  if (full === 'google.protobuf.Value') return 'pbvalue';
  if (full === 'google.protobuf.ListValue') return 'listvalue';
  if (full === 'google.protobuf.Empty') return 'empty';
  if (WRAPPERS.has(full)) return 'wrapper';
  return 'message';
}

function planOf(type: PbType): TypePlan {
  let plan = plans.get(type);
  if (plan) return plan;
  const fields: FieldPlan[] = [];
  const byJsonName = new Map<string, FieldPlan>();
  for (const f of type.fieldsArray) {
    f.resolve();
    const rt = f.resolvedType;
    let kind: Kind;
    let inner: Kind | undefined;
    let msgType: PbType | undefined;
    let enm: PbEnum | undefined;
    if (rt instanceof protobuf.Enum) {
      enm = rt;
      kind = rt.fullName === '.google.protobuf.NullValue' ? 'null' : 'enum';
    } else if (rt instanceof protobuf.Type) {
      msgType = rt;
      kind = typeKind(rt.fullName.replace(/^\./, ''));
      if (kind === 'wrapper') inner = scalarKind(rt.fields.value!.type);
    } else {
      kind = scalarKind(f.type);
    }
    const fp: FieldPlan = {
      name: f.name,
      kind,
      repeated: f.repeated,
      map: f.map,
      keyKind: f.map ? scalarKind((f as unknown as protobuf.MapField).keyType) : undefined,
      type: msgType,
      enm,
      inner,
    };
    fields.push(fp);
    byJsonName.set(f.name, fp);
    const snake = f.name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
    if (snake !== f.name) byJsonName.set(snake, fp);
    const jsonName = (f.options as Record<string, unknown> | undefined)?.json_name;
    if (typeof jsonName === 'string') byJsonName.set(jsonName, fp);
  }
  plan = { fields, byJsonName };
  plans.set(type, plan);
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Timestamps and durations

const TS_RE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i;

/** RFC 3339 -> { seconds, nanos }. Throws on malformed input. */
export function parseTimestamp(s: string): { seconds: number; nanos: number } {
  const m = TS_RE.exec(s);
  if (!m) throw new CodecError(`Invalid timestamp: ${JSON.stringify(s)}`);
  const base = Date.parse(m[1]! + 'Z');
  if (Number.isNaN(base)) throw new CodecError(`Invalid timestamp: ${JSON.stringify(s)}`);
  let seconds = Math.floor(base / 1000);
  const zone = m[3]!.toUpperCase();
  if (zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const [hh, mm] = zone.slice(1).split(':').map(Number) as [number, number];
    seconds -= sign * (hh * 3600 + mm * 60);
  }
  const nanos = m[2] ? Number(m[2].padEnd(9, '0')) : 0;
  return { seconds, nanos };
}

/** { seconds, nanos } -> RFC 3339 with Z and 0, 3, 6 or 9 fractional digits (canonical JSON). */
export function formatTimestamp(seconds: number, nanos: number): string {
  const iso = new Date(seconds * 1000).toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z
  const head = iso.slice(0, 19);
  if (!nanos) return head + 'Z';
  let frac = String(nanos).padStart(9, '0');
  if (frac.endsWith('000000')) frac = frac.slice(0, 3);
  else if (frac.endsWith('000')) frac = frac.slice(0, 6);
  return `${head}.${frac}Z`;
}

function formatDuration(seconds: number, nanos: number): string {
  if (!nanos) return `${seconds}s`;
  const neg = seconds < 0 || nanos < 0;
  const frac = String(Math.abs(nanos)).padStart(9, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${Math.abs(seconds)}.${frac}s`;
}

function parseDuration(s: string): { seconds: number; nanos: number } {
  const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(s);
  if (!m) throw new CodecError(`Invalid duration: ${JSON.stringify(s)}`);
  const sign = m[1] ? -1 : 1;
  return { seconds: sign * Number(m[2]), nanos: sign * Number((m[3] ?? '').padEnd(9, '0')) };
}

export class CodecError extends Error {
  /** gRPC INVALID_ARGUMENT, so the transports can report it like any other RpcError. */
  readonly code = 3;
}

// ---------------------------------------------------------------------------------------------
// protobufjs message (decoded) -> internal JSON

function longToString(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  return (v as Long).toString();
}

function longToNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  return Number((v as Long).toString());
}

function scalarFromProto(kind: Kind, v: unknown): Json {
  switch (kind) {
    case 'int64':
      return longToString(v);
    case 'bytes':
      return Buffer.from(v as Uint8Array).toString('base64');
    default:
      return v as Json;
  }
}

function valueFromProto(fp: FieldPlan, v: unknown): Json {
  switch (fp.kind) {
    case 'message':
      return messageFromProto(fp.type!, v as Msg);
    case 'timestamp': {
      const t = v as { seconds?: unknown; nanos?: number };
      return formatTimestamp(longToNumber(t.seconds ?? 0), t.nanos ?? 0);
    }
    case 'duration': {
      const t = v as { seconds?: unknown; nanos?: number };
      return formatDuration(longToNumber(t.seconds ?? 0), t.nanos ?? 0);
    }
    case 'wrapper': {
      const inner = (v as { value?: unknown }).value;
      if (inner === undefined || inner === null) {
        return fp.inner === 'int64'
          ? '0'
          : fp.inner === 'bytes'
            ? ''
            : fp.inner === 'string'
              ? ''
              : fp.inner === 'bool'
                ? false
                : 0;
      }
      return scalarFromProto(fp.inner!, inner);
    }
    case 'struct':
      return structFromProto(v as Msg);
    case 'pbvalue':
      return pbValueFromProto(v as Msg);
    case 'listvalue':
      return ((v as Msg).values ?? []).map(pbValueFromProto);
    case 'empty':
      return {};
    case 'null':
      return null;
    case 'enum':
      return fp.enm!.valuesById[v as number] ?? (v as number);
    default:
      return scalarFromProto(fp.kind, v);
  }
}

function structFromProto(s: Msg): Json {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries((s.fields ?? {}) as Record<string, Msg>))
    out[k] = pbValueFromProto(v);
  return out;
}

function pbValueFromProto(v: Msg): Json {
  if ('structValue' in v && v.structValue) return structFromProto(v.structValue);
  if ('listValue' in v && v.listValue)
    return ((v.listValue.values ?? []) as Msg[]).map(pbValueFromProto);
  if (Object.prototype.hasOwnProperty.call(v, 'numberValue')) return v.numberValue;
  if (Object.prototype.hasOwnProperty.call(v, 'stringValue')) return v.stringValue;
  if (Object.prototype.hasOwnProperty.call(v, 'boolValue')) return v.boolValue;
  return null;
}

/** A decoded protobufjs message -> internal JSON. Absent (not own) fields stay absent. */
export function messageFromProto(type: PbType, msg: Msg): Msg {
  const out: Msg = {};
  const hasOwn = Object.prototype.hasOwnProperty;
  for (const fp of planOf(type).fields) {
    if (!hasOwn.call(msg, fp.name)) continue;
    const v = msg[fp.name];
    if (v === undefined || (v === null && fp.kind !== 'null')) continue;
    if (fp.map) {
      const keys = Object.keys(v);
      if (!keys.length) continue;
      const m: Msg = {};
      for (const k of keys) m[k] = valueFromProto(fp, v[k]);
      out[fp.name] = m;
    } else if (fp.repeated) {
      if (!v.length) continue;
      out[fp.name] = (v as unknown[]).map((x) => valueFromProto(fp, x));
    } else {
      out[fp.name] = valueFromProto(fp, v);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// internal JSON -> object for protobufjs Type.encode

function toLong(v: unknown): number | Long {
  if (typeof v === 'number') return Math.trunc(v);
  if (typeof v === 'bigint') v = v.toString();
  if (typeof v === 'string') {
    // Plain numbers are exact below 2^53; longer strings go through Long to keep every digit.
    if (v.length < 16 && /^-?\d+$/.test(v)) return Number(v);
    if (!/^-?\d+$/.test(v)) throw new CodecError(`Invalid integer value: ${JSON.stringify(v)}`);
    return (protobuf.util.Long as unknown as { fromString(s: string): Long }).fromString(v);
  }
  if (v && typeof v === 'object' && 'low' in v) return v as Long;
  throw new CodecError(`Invalid integer value: ${JSON.stringify(v)}`);
}

function toDouble(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    if (v === 'NaN') return NaN;
    if (v === 'Infinity') return Infinity;
    if (v === '-Infinity') return -Infinity;
    const n = Number(v);
    if (v.trim() !== '' && !Number.isNaN(n)) return n;
  }
  throw new CodecError(`Invalid number: ${JSON.stringify(v)}`);
}

function toBytes(v: unknown): Uint8Array {
  if (typeof v === 'string') return Buffer.from(v, 'base64');
  if (v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return Uint8Array.from(v as number[]);
  throw new CodecError('Invalid bytes value');
}

function scalarToProto(kind: Kind, v: unknown): unknown {
  switch (kind) {
    case 'int64':
      return toLong(v);
    case 'int32':
      return typeof v === 'string' ? Number(v) : v;
    case 'double':
      return toDouble(v);
    case 'bytes':
      return toBytes(v);
    case 'bool':
      return v === true || v === 'true';
    default:
      return v;
  }
}

function tsToProto(v: unknown): { seconds: number | Long; nanos: number } {
  if (typeof v === 'string') return parseTimestamp(v);
  const t = v as { seconds?: unknown; nanos?: number };
  return { seconds: toLong(t.seconds ?? 0), nanos: Number(t.nanos ?? 0) };
}

function valueToProto(fp: FieldPlan, v: unknown): unknown {
  switch (fp.kind) {
    case 'message':
      return messageToProto(fp.type!, v as Msg);
    case 'timestamp':
      return tsToProto(v);
    case 'duration':
      return typeof v === 'string' ? parseDuration(v) : v;
    case 'wrapper': {
      // Accept both the bare JSON form and the {value} object form.
      const inner =
        v !== null && typeof v === 'object' && !(v instanceof Uint8Array) ? (v as Msg).value : v;
      return { value: scalarToProto(fp.inner!, inner) };
    }
    case 'struct':
      return structToProto(v);
    case 'pbvalue':
      return pbValueToProto(v);
    case 'listvalue':
      return { values: ((v as unknown[]) ?? []).map(pbValueToProto) };
    case 'empty':
      return {};
    case 'null':
      return 0;
    case 'enum': {
      if (typeof v === 'number') return v;
      const n = fp.enm!.values[v as string];
      if (n === undefined)
        throw new CodecError(`Invalid enum value ${JSON.stringify(v)} for ${fp.name}`);
      return n;
    }
    default:
      return scalarToProto(fp.kind, v);
  }
}

function structToProto(v: unknown): Msg {
  const fields: Msg = {};
  for (const [k, x] of Object.entries((v ?? {}) as Msg)) fields[k] = pbValueToProto(x);
  return { fields };
}

function pbValueToProto(v: unknown): Msg {
  if (v === null || v === undefined) return { nullValue: 0 };
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(pbValueToProto) } };
  return { structValue: structToProto(v) };
}

/**
 * Walk the known fields of `obj` (by JSON name) and convert each value, map entry or list element
 * with `convert`. Unknown keys are ignored; nulls only survive where null is a real value.
 */
function convertFields(
  type: PbType,
  obj: Msg,
  convert: (fp: FieldPlan, v: unknown) => unknown,
  checkLists = false,
): Msg {
  const out: Msg = {};
  const plan = planOf(type);
  for (const key of Object.keys(obj)) {
    const fp = plan.byJsonName.get(key);
    if (!fp) continue;
    const v = obj[key];
    if (v === undefined || (v === null && fp.kind !== 'null' && fp.kind !== 'pbvalue')) continue;
    if (fp.map) {
      const m: Msg = {};
      for (const [k, x] of Object.entries(v as Msg)) m[k] = convert(fp, x);
      out[fp.name] = m;
    } else if (fp.repeated) {
      if (checkLists && !Array.isArray(v)) throw new CodecError(`Expected an array for ${fp.name}`);
      out[fp.name] = (v as unknown[]).map((x) => convert(fp, x));
    } else {
      out[fp.name] = convert(fp, v);
    }
  }
  return out;
}

/** Internal JSON -> a plain object protobufjs can encode. Unknown keys are ignored. */
export function messageToProto(type: PbType, obj: Msg): Msg {
  return convertFields(type, obj, valueToProto);
}

// ---------------------------------------------------------------------------------------------
// JSON text (proto3 JSON as sent by browsers and REST clients) <-> internal JSON

function scalarFromJson(kind: Kind, v: unknown): Json {
  switch (kind) {
    case 'int64':
      if (typeof v === 'number') return String(Math.trunc(v));
      if (typeof v === 'string') {
        toLong(v); // validates
        return v;
      }
      throw new CodecError(`Invalid integer value: ${JSON.stringify(v)}`);
    case 'int32':
      if (typeof v === 'string') {
        const n = Number(v);
        if (!Number.isInteger(n))
          throw new CodecError(`Invalid integer value: ${JSON.stringify(v)}`);
        return n;
      }
      return v as number;
    case 'double':
      return toDouble(v);
    case 'bytes':
      if (typeof v !== 'string') throw new CodecError('Invalid bytes value');
      // proto3 JSON allows URL-safe base64; the engine gets the standard alphabet.
      return v.replace(/-/g, '+').replace(/_/g, '/');
    case 'bool':
      return v === true || v === 'true';
    default:
      return v as Json;
  }
}

function valueFromJson(fp: FieldPlan, v: unknown): Json {
  switch (fp.kind) {
    case 'message':
      return messageFromJson(fp.type!, v as Msg);
    case 'timestamp':
      if (typeof v === 'string') {
        const t = parseTimestamp(v); // validate; keep the client's text (engine compares numerically)
        return t && v;
      }
      return formatTimestamp(longToNumber((v as Msg).seconds ?? 0), Number((v as Msg).nanos ?? 0));
    case 'duration':
      return v as Json;
    case 'wrapper': {
      const inner = v !== null && typeof v === 'object' ? (v as Msg).value : v;
      return scalarFromJson(fp.inner!, inner);
    }
    case 'struct':
    case 'pbvalue':
    case 'listvalue':
      return v as Json;
    case 'empty':
      return {};
    case 'null':
      return null;
    case 'enum':
      if (typeof v === 'number') return fp.enm!.valuesById[v] ?? v;
      return v as Json;
    default:
      return scalarFromJson(fp.kind, v);
  }
}

/** Normalize a parsed proto3-JSON object into internal JSON (see DESIGN.md conventions). */
export function messageFromJson(type: PbType, obj: Msg): Msg {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new CodecError(`Expected an object for ${type.name}`);
  }
  // Text from clients is untrusted: a non-list where a list belongs is an error, not a crash.
  return convertFields(type, obj, valueFromJson, true);
}

/** JSON.stringify that writes non-finite doubles as the proto3 JSON strings. */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, nonFiniteReplacer);
}

function nonFiniteReplacer(_key: string, v: unknown): unknown {
  if (typeof v === 'number' && !Number.isFinite(v)) {
    return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Convenience: a codec bound to one message type.

export interface MessageCodec {
  type: PbType;
  /** Wire bytes -> internal JSON. */
  decode(buf: Uint8Array): Msg;
  /** Internal JSON -> wire bytes. */
  encode(msg: Msg): Buffer;
  /** JSON text (or already-parsed JSON) -> internal JSON. */
  fromJson(text: string | Msg): Msg;
  /** Internal JSON -> JSON text. */
  toJson(msg: Msg): string;
}

const codecs = new Map<string, MessageCodec>();

export function codecFor(typeName: string): MessageCodec {
  let c = codecs.get(typeName);
  if (c) return c;
  const type = lookupType(typeName);
  c = {
    type,
    decode: (buf) => messageFromProto(type, type.decode(buf) as unknown as Msg),
    encode: (msg) => Buffer.from(type.encode(messageToProto(type, msg)).finish()),
    fromJson: (text) => {
      let parsed: unknown = text;
      if (typeof text === 'string') {
        try {
          parsed = text.trim() === '' ? {} : JSON.parse(text);
        } catch {
          throw new CodecError('Invalid JSON payload received.');
        }
      }
      return messageFromJson(type, parsed as Msg);
    },
    toJson: (msg) => stringifyJson(msg),
  };
  codecs.set(typeName, c);
  return c;
}
