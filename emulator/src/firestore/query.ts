import { invalidArgument } from './errors.js';
import {
  applyMask,
  compareFieldPaths,
  getField,
  isNameField,
  parseFieldPath,
  parseParentName,
} from './paths.js';
import type { DatabaseStore, StoredDoc } from './store.js';
import type { Cursor, Document, Filter, StructuredQuery, Value } from './types.js';
import {
  arrayContains,
  compareResourceNames,
  compareStrings,
  compareValues,
  isNaNValue,
  isNullValue,
  normalizeValue,
  typeOrder,
} from './values.js';

interface OrderSpec {
  segs: string[];
  isName: boolean;
  desc: boolean;
}

interface Bound {
  values: Value[];
  inclusive: boolean;
}

/** A structured query parsed once and reusable for execution and per-document matching. */
export interface CompiledQuery {
  parent: string;
  collectionId: string;
  allDescendants: boolean;
  /** Full name of the queried collection (non-group queries). */
  collectionPath: string;
  filter: ((d: StoredDoc) => boolean) | null;
  /** Normalized ordering: explicit, then inequality fields, then __name__. */
  orderBy: OrderSpec[];
  start?: Bound;
  end?: Bound;
  offset: number;
  limit?: number;
  projection?: string[][];
}

const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

function nameValue(d: StoredDoc): Value {
  return { referenceValue: d.json.name };
}

function fieldGetter(segs: string[]): (d: StoredDoc) => Value | undefined {
  if (isNameField(segs)) return nameValue;
  return (d) => getField(d.json.fields, segs);
}

function listOf(value: Value, op: string): Value[] {
  if (!value.arrayValue)
    throw invalidArgument(`A non-empty array is required for '${op}' filters.`);
  const vals = value.arrayValue.values ?? [];
  if (vals.length === 0)
    throw invalidArgument(`A non-empty array is required for '${op}' filters.`);
  const max = op === 'NOT_IN' ? 10 : 30;
  if (vals.length > max) {
    throw invalidArgument(`'${op}' supports up to ${max} comparison values.`);
  }
  return vals;
}

function compileFilter(f: Filter, inequalities: string[][]): (d: StoredDoc) => boolean {
  if (f.compositeFilter) {
    const parts = (f.compositeFilter.filters ?? []).map((x) => compileFilter(x, inequalities));
    const op = f.compositeFilter.op ?? 'AND';
    if (parts.length === 0) return () => true;
    if (parts.length === 1) return parts[0];
    if (op === 'AND') return (d) => parts.every((p) => p(d));
    if (op === 'OR') return (d) => parts.some((p) => p(d));
    throw invalidArgument(`Unsupported composite filter operator: ${op}`);
  }
  if (f.fieldFilter) {
    const segs = parseFieldPath(f.fieldFilter.field?.fieldPath);
    const get = fieldGetter(segs);
    const op = f.fieldFilter.op;
    const value = normalizeValue(f.fieldFilter.value);
    const order = typeOrder(value);
    if (INEQUALITY_OPS.has(op)) inequalities.push(segs);
    const cmp = (v: Value | undefined, test: (c: number) => boolean) =>
      v !== undefined && typeOrder(v) === order && test(compareValues(v, value));
    switch (op) {
      case 'LESS_THAN':
        return (d) => cmp(get(d), (c) => c < 0);
      case 'LESS_THAN_OR_EQUAL':
        return (d) => cmp(get(d), (c) => c <= 0);
      case 'GREATER_THAN':
        return (d) => cmp(get(d), (c) => c > 0);
      case 'GREATER_THAN_OR_EQUAL':
        return (d) => cmp(get(d), (c) => c >= 0);
      case 'EQUAL':
        return (d) => {
          const v = get(d);
          return v !== undefined && compareValues(v, value) === 0;
        };
      case 'NOT_EQUAL':
        return (d) => {
          const v = get(d);
          return v !== undefined && !isNullValue(v) && compareValues(v, value) !== 0;
        };
      case 'ARRAY_CONTAINS':
        return (d) => arrayContains(get(d)?.arrayValue?.values, value);
      case 'IN': {
        const list = listOf(value, 'IN');
        return (d) => {
          const v = get(d);
          return v !== undefined && arrayContains(list, v);
        };
      }
      case 'NOT_IN': {
        const list = listOf(value, 'NOT_IN');
        if (list.some(isNullValue)) return () => false;
        return (d) => {
          const v = get(d);
          return v !== undefined && !isNullValue(v) && !arrayContains(list, v);
        };
      }
      case 'ARRAY_CONTAINS_ANY': {
        const list = listOf(value, 'ARRAY_CONTAINS_ANY');
        return (d) => {
          const vals = get(d)?.arrayValue?.values;
          return vals !== undefined && vals.some((v) => arrayContains(list, v));
        };
      }
      default:
        throw invalidArgument(`Unsupported field filter operator: ${op}`);
    }
  }
  if (f.unaryFilter) {
    const segs = parseFieldPath(f.unaryFilter.field?.fieldPath);
    const get = fieldGetter(segs);
    switch (f.unaryFilter.op) {
      case 'IS_NAN':
        return (d) => isNaNValue(get(d));
      case 'IS_NULL':
        return (d) => isNullValue(get(d));
      case 'IS_NOT_NAN':
        inequalities.push(segs);
        return (d) => {
          const v = get(d);
          return v !== undefined && !isNullValue(v) && !isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        inequalities.push(segs);
        return (d) => {
          const v = get(d);
          return v !== undefined && !isNullValue(v);
        };
      default:
        throw invalidArgument(`Unsupported unary filter operator: ${f.unaryFilter.op}`);
    }
  }
  // An empty Filter message restricts nothing.
  return () => true;
}

function compileBound(
  c: Cursor | undefined,
  orderBy: OrderSpec[],
  start: boolean,
): Bound | undefined {
  if (!c) return undefined;
  const values = (c.values ?? []).map((v) => normalizeValue(v));
  if (values.length > orderBy.length) {
    throw invalidArgument(
      'Too many cursor values specified. The specified order by clause has fewer fields.',
    );
  }
  values.forEach((v, i) => {
    if (orderBy[i].isName && v.referenceValue === undefined) {
      throw invalidArgument('Cursor values for __name__ must be document references.');
    }
  });
  // startAt: before=true includes the position; endAt: before=true excludes it.
  return { values, inclusive: start ? c.before === true : c.before !== true };
}

export function compileQuery(parent: string, sq: StructuredQuery | undefined): CompiledQuery {
  parseParentName(parent);
  const q = sq ?? {};
  const from = q.from ?? [];
  if (from.length !== 1) throw invalidArgument('Query must have exactly one collection selector.');
  const collectionId = from[0].collectionId ?? '';
  const allDescendants = from[0].allDescendants === true;
  if (!collectionId && !allDescendants) throw invalidArgument('Missing collection id in query.');

  const inequalities: string[][] = [];
  const filter = q.where ? compileFilter(q.where, inequalities) : null;

  const orderBy: OrderSpec[] = [];
  const seen: string[][] = [];
  for (const o of q.orderBy ?? []) {
    const segs = parseFieldPath(o.field?.fieldPath);
    if (
      o.direction !== undefined &&
      o.direction !== 'ASCENDING' &&
      o.direction !== 'DESCENDING' &&
      o.direction !== 'DIRECTION_UNSPECIFIED'
    ) {
      throw invalidArgument(`Invalid order direction: ${o.direction}`);
    }
    if (seen.some((s) => compareFieldPaths(s, segs) === 0)) continue;
    seen.push(segs);
    orderBy.push({ segs, isName: isNameField(segs), desc: o.direction === 'DESCENDING' });
  }
  const lastDesc = orderBy.length > 0 ? orderBy[orderBy.length - 1].desc : false;
  const implicit = inequalities
    .filter((s) => !isNameField(s))
    .sort((a, b) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const c = compareStrings(a[i], b[i]);
        if (c !== 0) return c;
      }
      return a.length - b.length;
    });
  for (const segs of implicit) {
    if (seen.some((s) => compareFieldPaths(s, segs) === 0)) continue;
    seen.push(segs);
    orderBy.push({ segs, isName: false, desc: lastDesc });
  }
  if (!orderBy.some((o) => o.isName))
    orderBy.push({ segs: ['__name__'], isName: true, desc: lastDesc });

  let limit: number | undefined;
  if (q.limit !== undefined && q.limit !== null) {
    limit = typeof q.limit === 'number' ? q.limit : q.limit.value;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 0))
      throw invalidArgument('limit is negative');
  }
  const offset = q.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalidArgument('offset is negative');
  const fields = q.select?.fields ?? [];
  const projection = fields.length > 0 ? fields.map((f) => parseFieldPath(f.fieldPath)) : undefined;

  return {
    parent,
    collectionId,
    allDescendants,
    collectionPath: `${parent}/${collectionId}`,
    filter,
    orderBy,
    start: compileBound(q.startAt, orderBy, true),
    end: compileBound(q.endAt, orderBy, false),
    offset,
    limit,
    projection,
  };
}

function inScope(q: CompiledQuery, d: StoredDoc): boolean {
  const name = d.json.name;
  const slash = name.lastIndexOf('/');
  const coll = name.slice(0, slash);
  if (!q.allDescendants) return coll === q.collectionPath;
  if (!name.startsWith(q.parent + '/')) return false;
  return !q.collectionId || coll.slice(coll.lastIndexOf('/') + 1) === q.collectionId;
}

/** Order-by values of a document, or null when it lacks one (such documents never match). */
function sortKeys(q: CompiledQuery, d: StoredDoc): Value[] | null {
  const keys: Value[] = new Array(q.orderBy.length);
  for (let i = 0; i < q.orderBy.length; i++) {
    const o = q.orderBy[i];
    const v = o.isName ? nameValue(d) : getField(d.json.fields, o.segs);
    if (v === undefined) return null;
    keys[i] = v;
  }
  return keys;
}

function compareKeys(q: CompiledQuery, a: Value[], b: Value[]): number {
  for (let i = 0; i < q.orderBy.length; i++) {
    const o = q.orderBy[i];
    const c = o.isName
      ? compareResourceNames(a[i].referenceValue as string, b[i].referenceValue as string)
      : compareValues(a[i], b[i]);
    if (c !== 0) return o.desc ? -c : c;
  }
  return 0;
}

function boundCompare(q: CompiledQuery, b: Bound, keys: Value[]): number {
  for (let i = 0; i < b.values.length; i++) {
    let c = compareValues(b.values[i], keys[i]);
    if (q.orderBy[i].desc) c = -c;
    if (c !== 0) return c;
  }
  return 0;
}

function withinBounds(q: CompiledQuery, keys: Value[]): boolean {
  if (q.start) {
    const c = boundCompare(q, q.start, keys);
    if (q.start.inclusive ? c > 0 : c >= 0) return false;
  }
  if (q.end) {
    const c = boundCompare(q, q.end, keys);
    if (q.end.inclusive ? c < 0 : c <= 0) return false;
  }
  return true;
}

/** Whether a document belongs to the (unlimited) result set: scope, filters, order fields, cursors. */
export function matchesQuery(q: CompiledQuery, d: StoredDoc): boolean {
  if (!inScope(q, d)) return false;
  if (q.filter && !q.filter(d)) return false;
  const keys = sortKeys(q, d);
  return keys !== null && withinBounds(q, keys);
}

function candidates(store: DatabaseStore, q: CompiledQuery, time?: bigint): Iterable<StoredDoc> {
  if (q.allDescendants) return store.descendantDocs(q.parent, q.collectionId, time);
  return store.collectionDocs(q.collectionPath, time);
}

interface Row {
  doc: StoredDoc;
  keys: Value[];
}

/** Runs the query against the store as of `time` (default: current state). */
export function executeQuery(store: DatabaseStore, q: CompiledQuery, time?: bigint): StoredDoc[] {
  const want = q.limit === undefined ? Infinity : q.offset + q.limit;
  if (want === 0) return [];
  const cmp = (a: Row, b: Row) => compareKeys(q, a.keys, b.keys);
  let rows: Row[] = [];
  // With a small window keep only the best `want` rows: a 24-row page over 10k documents then
  // costs about one comparison per document instead of a full sort.
  const bounded = want < 1000;
  for (const d of candidates(store, q, time)) {
    if (q.filter && !q.filter(d)) continue;
    const keys = sortKeys(q, d);
    if (keys === null || !withinBounds(q, keys)) continue;
    const row = { doc: d, keys };
    if (!bounded) {
      rows.push(row);
      continue;
    }
    if (rows.length === want && cmp(row, rows[want - 1]) >= 0) continue;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(rows[mid], row) <= 0) lo = mid + 1;
      else hi = mid;
    }
    rows.splice(lo, 0, row);
    if (rows.length > want) rows.pop();
  }
  if (!bounded) rows.sort(cmp);
  rows = rows.slice(q.offset, q.limit === undefined ? undefined : q.offset + q.limit);
  return rows.map((r) => r.doc);
}

/** Sorts documents in query order (used by listeners to pick limit windows). */
export function compareDocsInQuery(q: CompiledQuery, a: StoredDoc, b: StoredDoc): number {
  const ka = sortKeys(q, a);
  const kb = sortKeys(q, b);
  if (!ka || !kb) return 0;
  return compareKeys(q, ka, kb);
}

export function projectDocument(q: CompiledQuery, d: StoredDoc): Document {
  if (!q.projection) return d.json;
  return {
    name: d.json.name,
    fields: applyMask(d.json.fields, q.projection),
    createTime: d.json.createTime,
    updateTime: d.json.updateTime,
  };
}
