// Symbolic values for "rules are not filters": when a query (list) is authorized, the document
// being read is not one concrete document but ANY document the query could return. `resource`
// is then an RUnknown, and what the query's own constraints guarantee about it (QueryFacts)
// decides whether comparisons on it are provably true. Everything the prover cannot decide
// stays unknown, and only a concrete `true` grants access. See README.md for the exact list.

import { compareValues, RMap, RPath, RSymbolic, valueEquals, type Value } from './values.js';

export interface Bound {
  value: Value;
  inclusive: boolean;
}

/** What the query guarantees about one field path of resource.data. */
export interface FieldFacts {
  eq?: { value: Value }; // field == value (equality filter or one case of an `in` filter)
  ne: Value[]; // field != each (`!=`, `not-in`)
  lower?: Bound; // field > / >= value
  upper?: Bound; // field < / <= value
  contains: Value[]; // field is a list containing each (`array-contains`)
  exists: boolean; // field is present (any filter or orderBy on it)
}

export interface QueryFacts {
  fields: Map<string, FieldFacts>; // key: field path segments joined by '\u0000'
  /** Known document id (`__name__ ==` filter), else unknown. */
  docName?: RPath;
}

export function emptyFieldFacts(): FieldFacts {
  return { ne: [], contains: [], exists: false };
}

export const FIELD_SEP = '\u0000';

/** What an unknown stands for. */
type Kind = 'resource' | 'data' | 'opaque';

export class RUnknown extends RSymbolic {
  constructor(
    public readonly kind: Kind,
    public readonly facts: QueryFacts | null,
    public readonly path: string[] = [],
  ) {
    super();
  }
  describe(): string {
    if (this.kind === 'resource') return 'resource';
    if (this.kind === 'data') return ['resource', 'data', ...this.path].join('.');
    return '<unknown>';
  }
  fieldFacts(): FieldFacts | undefined {
    if (this.kind !== 'data' || !this.facts) return undefined;
    return this.facts.fields.get(this.path.join(FIELD_SEP));
  }
}

export const OPAQUE = new RUnknown('opaque', null);

export function isSymbolic(v: Value): boolean {
  if (v instanceof RSymbolic) return true;
  if (Array.isArray(v)) return v.some(isSymbolic);
  if (v instanceof RMap) for (const x of v.m.values()) if (isSymbolic(x)) return true;
  return false;
}

/** Member / string-key index access on an unknown. */
export function symMember(u: RUnknown, name: string): Value {
  if (u.kind === 'resource') {
    if (name === 'data') return new RUnknown('data', u.facts, []);
    if (name === 'id' && u.facts?.docName) return u.facts.docName.segments.at(-1) ?? OPAQUE;
    if (name === '__name__' && u.facts?.docName) return u.facts.docName;
    return OPAQUE;
  }
  if (u.kind === 'data') {
    const path = [...u.path, name];
    const ff = u.facts?.fields.get(path.join(FIELD_SEP));
    if (ff?.eq) return ff.eq.value;
    return new RUnknown('data', u.facts, path);
  }
  return OPAQUE;
}

/** `x in u` (u unknown): provable for `key in resource.data` and array-contains facts. */
function symIn(x: Value, u: RUnknown): Value {
  if (u.kind === 'data' && typeof x === 'string' && !isSymbolic(x)) {
    const ff = u.facts?.fields.get([...u.path, x].join(FIELD_SEP));
    if (ff?.exists) return true;
    // Not a known key: a string may still be a known element (`'x' in resource.data.tags`
    // under `array-contains 'x'`), so fall through.
  }
  const ff = u.fieldFacts();
  if (ff && !isSymbolic(x) && ff.contains.some((c) => valueEquals(c, x))) return true;
  return OPAQUE;
}

/** Does bound b (of the query) imply `field op c` of the rule? */
function impliedByBounds(ff: FieldFacts, op: '<' | '<=' | '>' | '>=', c: Value): boolean {
  if (op === '>' || op === '>=') {
    const lb = ff.lower ?? (ff.eq ? { value: ff.eq.value, inclusive: true } : undefined);
    if (!lb) return false;
    const cmp = compareValues(lb.value, c);
    if (cmp === null || Number.isNaN(cmp)) return false;
    // query: f > lb (or >=); rule: f > c needs lb >= c (exclusive) or lb > c (inclusive)
    if (op === '>') return lb.inclusive ? cmp > 0 : cmp >= 0;
    return cmp >= 0;
  }
  const ub = ff.upper ?? (ff.eq ? { value: ff.eq.value, inclusive: true } : undefined);
  if (!ub) return false;
  const cmp = compareValues(ub.value, c);
  if (cmp === null || Number.isNaN(cmp)) return false;
  if (op === '<') return ub.inclusive ? cmp < 0 : cmp <= 0;
  return cmp <= 0;
}

const FLIP: Record<string, '<' | '<=' | '>' | '>='> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

/**
 * Binary operator where at least one side is symbolic. Returns true/false only when that holds
 * for every document the query can return; otherwise OPAQUE.
 */
export function symBinary(op: string, l: Value, r: Value): Value {
  const lu = l instanceof RUnknown ? l : null;
  const ru = r instanceof RUnknown ? r : null;
  if (op === 'in') return ru && !isSymbolic(l) ? symIn(l, ru) : OPAQUE;
  // `resource != null` / `resource == null`: queried documents exist.
  if ((op === '==' || op === '!=') && (l === null || r === null)) {
    const u = lu ?? ru;
    if (u?.kind === 'resource' || (u?.kind === 'data' && u.path.length === 0)) return op === '!=';
    return OPAQUE;
  }
  const u = lu ?? ru;
  const other = lu ? r : l;
  if (!u || isSymbolic(other)) return OPAQUE;
  const ff = u.fieldFacts();
  if (!ff) return OPAQUE;
  if (op === '!=') {
    if (ff.ne.some((x) => valueEquals(x, other))) return true;
    // A range that excludes the value also proves inequality.
    if (ff.lower && impliedByBounds(ff, '>', other)) return true;
    if (ff.upper && impliedByBounds(ff, '<', other)) return true;
    return OPAQUE;
  }
  if (op === '==') {
    if (ff.ne.some((x) => valueEquals(x, other))) return false;
    return OPAQUE;
  }
  if (op === '<' || op === '<=' || op === '>' || op === '>=') {
    const fop = lu ? op : FLIP[op]!;
    return impliedByBounds(ff, fop, other) ? true : OPAQUE;
  }
  return OPAQUE;
}

/** Methods on an unknown. Only `get(key, default)` on resource.data is resolved. */
export function symMethod(u: RUnknown, name: string, args: Value[]): Value {
  if (u.kind === 'data' && name === 'get' && args.length === 2 && !isSymbolic(args[0]!)) {
    const key = args[0];
    const keys =
      typeof key === 'string'
        ? [key]
        : Array.isArray(key) && key.every((k) => typeof k === 'string')
          ? (key as string[])
          : null;
    if (!keys) return OPAQUE;
    let cur: Value = u;
    for (const k of keys) {
      if (!(cur instanceof RUnknown)) return OPAQUE; // a known value; rare, keep it simple
      const ff = cur.facts?.fields.get([...cur.path, k].join(FIELD_SEP));
      // Only when the field certainly exists is the default irrelevant.
      if (!ff?.exists && !ff?.eq) return OPAQUE;
      cur = symMember(cur, k);
    }
    return cur;
  }
  return OPAQUE;
}
