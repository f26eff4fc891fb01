import { invalidArgument } from './errors.js';
import { getField, parseFieldPath } from './paths.js';
import type { StoredDoc } from './store.js';
import type { Aggregation, Value } from './types.js';
import { INT64_MAX, INT64_MIN } from './values.js';

interface Compiled {
  alias: string;
  run(docs: StoredDoc[]): Value;
}

function sumOf(
  docs: StoredDoc[],
  segs: string[],
): { int: bigint; dbl: number; isDouble: boolean; n: number } {
  let int = 0n;
  let dbl = 0;
  let isDouble = false;
  let n = 0;
  for (const d of docs) {
    const v = getField(d.json.fields, segs);
    if (!v) continue;
    if (v.integerValue !== undefined) {
      n++;
      if (isDouble) {
        dbl += Number(v.integerValue);
        continue;
      }
      int += BigInt(v.integerValue);
      if (int > INT64_MAX || int < INT64_MIN) {
        // Overflow turns the whole sum into a double, as the backend documents.
        isDouble = true;
        dbl = Number(int);
        int = 0n;
      }
    } else if (v.doubleValue !== undefined) {
      n++;
      if (!isDouble) {
        isDouble = true;
        dbl = Number(int);
        int = 0n;
      }
      dbl += v.doubleValue;
    }
  }
  return { int, dbl, isDouble, n };
}

function compile(a: Aggregation, index: number): Compiled {
  const alias = a.alias || `field_${index + 1}`;
  if (a.count) {
    const upTo =
      a.count.upTo === undefined || a.count.upTo === null ? undefined : Number(a.count.upTo);
    if (upTo !== undefined && (!Number.isInteger(upTo) || upTo <= 0))
      throw invalidArgument('count up_to must be positive.');
    return {
      alias,
      run: (docs) => ({
        integerValue: String(upTo === undefined ? docs.length : Math.min(docs.length, upTo)),
      }),
    };
  }
  if (a.sum) {
    const segs = parseFieldPath(a.sum.field?.fieldPath);
    return {
      alias,
      run: (docs) => {
        const s = sumOf(docs, segs);
        // An empty sum is integer 0 (per the API docs), unlike avg which is null.
        return s.isDouble ? { doubleValue: s.dbl } : { integerValue: s.int.toString() };
      },
    };
  }
  if (a.avg) {
    const segs = parseFieldPath(a.avg.field?.fieldPath);
    return {
      alias,
      run: (docs) => {
        const s = sumOf(docs, segs);
        if (s.n === 0) return { nullValue: null };
        return { doubleValue: (s.isDouble ? s.dbl : Number(s.int)) / s.n };
      },
    };
  }
  throw invalidArgument('Aggregation must specify count, sum or avg.');
}

export function compileAggregations(aggs: Aggregation[] | undefined): Compiled[] {
  const list = (aggs ?? []).map(compile);
  if (list.length === 0) throw invalidArgument('At least one aggregation is required.');
  if (list.length > 5) throw invalidArgument('A maximum of 5 aggregations is allowed.');
  const seen = new Set<string>();
  for (const c of list) {
    if (seen.has(c.alias)) throw invalidArgument(`Duplicate aggregation alias: ${c.alias}`);
    seen.add(c.alias);
  }
  return list;
}

export function runAggregations(compiled: Compiled[], docs: StoredDoc[]): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const c of compiled) out[c.alias] = c.run(docs);
  return out;
}
