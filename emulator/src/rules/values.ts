// Runtime values of the rules language.
// JS representation (chosen so the common cases cost nothing to build):
//   null -> null, bool -> boolean, int -> bigint (64-bit, overflow is an error),
//   float -> number, string -> string, list -> Value[], map -> RMap, set -> RSet,
//   path -> RPath, timestamp -> RTimestamp, duration -> RDuration, latlng -> RLatLng,
//   bytes -> RBytes, map diff -> RMapDiff. Unknown (symbolic, used by the query prover) lives in
//   symbolic.ts and is never produced for concrete requests.

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Value[]
  | RMap
  | RSet
  | RPath
  | RTimestamp
  | RDuration
  | RLatLng
  | RBytes
  | RMapDiff
  | RNamespace
  | RSymbolic;

/** Marker base class for the symbolic values of symbolic.ts (kept here to avoid import cycles). */
export abstract class RSymbolic {
  abstract describe(): string;
}

/** An error raised while evaluating an expression. Caught by && / || and by allow evaluation. */
export class RulesEvalError extends Error {
  constructor(
    message: string,
    public line = 0,
    public col = 0,
  ) {
    super(message);
  }
}

/**
 * Exceeding a documented limit (document access calls): a hard denial of the whole request,
 * not an error value that `||` / `&&` could absorb.
 */
export class RulesLimitError extends RulesEvalError {}

export class RMap {
  constructor(public readonly m: Map<string, Value> = new Map()) {}
  static of(obj: Record<string, Value>): RMap {
    return new RMap(new Map(Object.entries(obj)));
  }
}

export class RSet {
  // Items are kept unique by rules equality; sets are small in practice, so O(n^2) is fine.
  readonly items: Value[];
  constructor(items: Value[]) {
    const out: Value[] = [];
    for (const v of items) if (!out.some((o) => valueEquals(o, v))) out.push(v);
    this.items = out;
  }
  has(v: Value): boolean {
    return this.items.some((o) => valueEquals(o, v));
  }
}

export class RPath {
  constructor(public readonly segments: string[]) {}
  static parse(s: string): RPath {
    return new RPath(s.split('/').filter((x) => x !== ''));
  }
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

const NS_PER_S = 1_000_000_000n;

export class RTimestamp {
  /** Nanoseconds since the Unix epoch. */
  constructor(public readonly ns: bigint) {}
  static fromMillis(ms: number): RTimestamp {
    return new RTimestamp(BigInt(Math.trunc(ms)) * 1_000_000n);
  }
  /** Parses RFC 3339 (`2026-11-21T10:00:00.123456Z`, offsets allowed), keeping nanoseconds. */
  static parse(s: string): RTimestamp {
    const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(s);
    if (!m) throw new RulesEvalError(`Invalid timestamp: ${s}`);
    // Both groups are required by the pattern.
    const secs = Date.parse(m[1]! + m[3]!);
    if (Number.isNaN(secs)) throw new RulesEvalError(`Invalid timestamp: ${s}`);
    const frac = BigInt((m[2] ?? '').padEnd(9, '0') || '0');
    return new RTimestamp(BigInt(secs / 1000) * NS_PER_S + frac);
  }
  get seconds(): bigint {
    return floorDiv(this.ns, NS_PER_S);
  }
  get nanos(): bigint {
    return this.ns - this.seconds * NS_PER_S;
  }
  toDate(): Date {
    return new Date(Number(floorDiv(this.ns, 1_000_000n)));
  }
  toString(): string {
    const iso = this.toDate().toISOString().slice(0, 19);
    return `${iso}.${this.nanos.toString().padStart(9, '0')}Z`;
  }
}

export class RDuration {
  constructor(public readonly ns: bigint) {}
  toString(): string {
    const s = Number(this.ns) / 1e9;
    return `${s}s`;
  }
}

export class RLatLng {
  constructor(
    public readonly lat: number,
    public readonly lng: number,
  ) {}
}

export class RBytes {
  constructor(public readonly bytes: Uint8Array) {}
}

export class RMapDiff {
  constructor(
    public readonly before: RMap,
    public readonly after: RMap,
  ) {}
}

/** A global namespace like `math`, `hashing`, `timestamp`; only its functions can be used. */
export class RNamespace {
  constructor(public readonly name: string) {}
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function checkInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw new RulesEvalError('Integer overflow.');
  return v;
}

/** The rules type name of a value, as used by `is` and by error messages. */
export function typeName(v: Value): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RPath) return 'path';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RMapDiff) return 'map_diff';
  if (v instanceof RNamespace) return 'namespace';
  return 'unknown';
}

/** `x is T`. `number` covers int and float; `constraint` is accepted for completeness (never a value). */
export function isType(v: Value, t: string): boolean {
  const n = typeName(v);
  if (t === 'number') return n === 'int' || n === 'float';
  if (t === 'boolean') return n === 'bool';
  if (t === 'mapdiff' || t === 'map_diff' || t === 'MapDiff') return n === 'map_diff';
  return n === t;
}

export const KNOWN_TYPES = new Set([
  'string',
  'int',
  'float',
  'number',
  'bool',
  'boolean',
  'list',
  'map',
  'timestamp',
  'duration',
  'path',
  'latlng',
  'bytes',
  'set',
  'constraint',
  'map_diff',
  'mapdiff',
  'MapDiff',
  'null',
]);

/** Rules equality: deep; int and float compare numerically; different types are unequal. */
export function valueEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    if (ta === tb) return a === b;
    return Number(a) === Number(b);
  }
  if (ta !== 'object' || tb !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valueEquals(a[i]!, b[i]!)) return false;
    return true;
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.m.size !== b.m.size) return false;
    for (const [k, v] of a.m) {
      if (!b.m.has(k) || !valueEquals(v, b.m.get(k)!)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    return b instanceof RSet && a.items.length === b.items.length && a.items.every((x) => b.has(x));
  }
  if (a instanceof RPath) {
    return (
      b instanceof RPath &&
      a.segments.length === b.segments.length &&
      a.segments.every((s, i) => s === b.segments[i])
    );
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.ns === b.ns;
  if (a instanceof RDuration) return b instanceof RDuration && a.ns === b.ns;
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  if (a instanceof RBytes) {
    return b instanceof RBytes && Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes)) === 0;
  }
  return false;
}

/**
 * Ordering for `<` `<=` `>` `>=`: numbers (int/float mixed), strings, timestamps, durations,
 * bytes, lists (lexicographic). Returns null when the two values are not comparable
 * (which the evaluator turns into an error).
 */
export function compareValues(a: Value, b: Value): number | null {
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    if (ta === 'bigint' && tb === 'bigint') return a! < b! ? -1 : a! > b! ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (ta === 'string' && tb === 'string') {
    // Code point order (UTF-8 byte order), not UTF-16 unit order.
    const x = a as string;
    const y = b as string;
    if (x === y) return 0;
    return Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
  }
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof RDuration && b instanceof RDuration)
    return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof RBytes && b instanceof RBytes)
    return Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes));
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i]!, b[i]!);
      if (c === null || c !== 0) return c;
    }
    return a.length - b.length;
  }
  return null;
}

/** Human/debug rendering (used by debug(), string() and error messages). */
export function show(v: Value): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return String(v);
    case 'bigint':
      return v.toString();
    case 'number':
      return Number.isInteger(v) ? v.toFixed(1) : String(v);
    case 'string':
      return JSON.stringify(v);
  }
  if (Array.isArray(v)) return '[' + v.map(show).join(', ') + ']';
  if (v instanceof RMap)
    return '{' + [...v.m].map(([k, x]) => `${JSON.stringify(k)}: ${show(x)}`).join(', ') + '}';
  if (v instanceof RSet) return 'set(' + v.items.map(show).join(', ') + ')';
  if (v instanceof RPath) return v.toString();
  if (v instanceof RTimestamp) return v.toString();
  if (v instanceof RDuration) return v.toString();
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  if (v instanceof RBytes) return `b'${Buffer.from(v.bytes).toString('base64')}'`;
  if (v instanceof RMapDiff) return 'map_diff';
  if (v instanceof RNamespace) return v.name;
  if (v instanceof RSymbolic) return v.describe();
  return '?';
}

/** Converts plain JS data (JSON, token claims) to rules values. Integral numbers become ints. */
export function fromJs(x: unknown): Value {
  if (x === null || x === undefined) return null;
  if (typeof x === 'boolean' || typeof x === 'string' || typeof x === 'bigint') return x;
  if (typeof x === 'number') return Number.isInteger(x) ? BigInt(x) : x;
  if (Array.isArray(x)) return x.map(fromJs);
  if (x instanceof Date) return RTimestamp.fromMillis(x.getTime());
  if (x instanceof Uint8Array) return new RBytes(x);
  if (typeof x === 'object') {
    if (
      x instanceof RMap ||
      x instanceof RPath ||
      x instanceof RTimestamp ||
      x instanceof RDuration ||
      x instanceof RLatLng ||
      x instanceof RSet ||
      x instanceof RBytes
    )
      return x;
    const m = new Map<string, Value>();
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) m.set(k, fromJs(v));
    return new RMap(m);
  }
  return null;
}
