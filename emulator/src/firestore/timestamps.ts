import { invalidArgument } from './errors.js';

/** Timestamps are carried as bigint nanoseconds since the epoch so comparisons are exact. */

const NS_PER_SEC = 1_000_000_000n;
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Firestore's representable range: 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z. */
export const MIN_TIMESTAMP_NS = -62135596800n * NS_PER_SEC;
export const MAX_TIMESTAMP_NS = 253402300800n * NS_PER_SEC - 1n;

export function parseTimestamp(text: string): bigint {
  const m = RFC3339.exec(text);
  if (!m) throw invalidArgument(`Invalid timestamp: ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s, frac, zone, sign, oh, om] = m;
  // setUTCFullYear, unlike Date.UTC, does not remap years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  const ms = date.getTime();
  if (Number.isNaN(ms) || date.getUTCDate() !== Number(d)) {
    throw invalidArgument(`Invalid timestamp: ${JSON.stringify(text)}`);
  }
  let seconds = BigInt(ms / 1000);
  if (zone !== 'Z' && zone !== 'z') {
    const offset = BigInt(Number(oh) * 3600 + Number(om) * 60);
    seconds = sign === '+' ? seconds - offset : seconds + offset;
  }
  const nanos = frac ? BigInt(frac.padEnd(9, '0')) : 0n;
  return seconds * NS_PER_SEC + nanos;
}

function split(ns: bigint): { seconds: bigint; nanos: number } {
  let seconds = ns / NS_PER_SEC;
  let nanos = ns % NS_PER_SEC;
  if (nanos < 0n) {
    nanos += NS_PER_SEC;
    seconds -= 1n;
  }
  return { seconds, nanos: Number(nanos) };
}

function datePart(seconds: bigint): string {
  const d = new Date(Number(seconds) * 1000);
  const year = d.getUTCFullYear();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Engine-issued times (commit/read/update times): always 6 digits, like the official emulator. */
export function formatMicros(ns: bigint): string {
  const { seconds, nanos } = split(ns);
  return `${datePart(seconds)}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z`;
}

/** Timestamp values: proto3 JSON style, 0, 3, 6 or 9 fractional digits. */
export function formatTimestamp(ns: bigint): string {
  const { seconds, nanos } = split(ns);
  let frac = '';
  if (nanos !== 0) {
    if (nanos % 1_000_000 === 0) frac = '.' + String(nanos / 1_000_000).padStart(3, '0');
    else if (nanos % 1000 === 0) frac = '.' + String(nanos / 1000).padStart(6, '0');
    else frac = '.' + String(nanos).padStart(9, '0');
  }
  return `${datePart(seconds)}${frac}Z`;
}

export function truncateToMicros(ns: bigint): bigint {
  const r = ns % 1000n;
  return r < 0n ? ns - r - 1000n : ns - r;
}

export function systemNowNs(): bigint {
  // performance.timeOrigin + now() gives sub-millisecond resolution; Date.now() alone would make
  // every commit within a millisecond collide and fall back to +1µs steps.
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000)) * 1000n;
}

/**
 * One clock for every time the engine hands out. Commit times are strictly increasing; read
 * times never go backwards and never pass a later commit time.
 */
export class EngineClock {
  private last = 0n;
  constructor(private readonly source: () => bigint = systemNowNs) {}

  /** A fresh, strictly greater microsecond time (commits). */
  commitTime(): bigint {
    let t = truncateToMicros(this.source());
    if (t <= this.last) t = this.last + 1000n;
    this.last = t;
    return t;
  }

  /** A read time: at least every earlier issued time; a following commit gets a larger one. */
  readTime(): bigint {
    let t = truncateToMicros(this.source());
    if (t < this.last) t = this.last;
    this.last = t;
    return t;
  }

  /** The newest time issued so far (0 if none) without advancing the clock. */
  latest(): bigint {
    return this.last;
  }

  /** Makes later times exceed `t` (imported data must never look newer than new commits). */
  observe(t: bigint): void {
    if (t > this.last) this.last = truncateToMicros(t);
  }

  /** Raw source time, for expiry bookkeeping. */
  now(): bigint {
    return this.source();
  }
}
