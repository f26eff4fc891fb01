// Turns a query's filters and orderBy into the facts the "rules are not filters" prover may
// assume about every document the query can return. Filters are expanded to disjunctive normal
// form: OR and `in` / `array-contains-any` each split into cases, and every case must be
// granted on its own. Too many cases -> null (the caller denies: we cannot prove it).

import { compareValues, RPath, type Value } from './values.js';
import { emptyFieldFacts, FIELD_SEP, type FieldFacts, type QueryFacts } from './symbolic.js';

export type FilterOp =
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | 'in'
  | 'not-in'
  | 'array-contains'
  | 'array-contains-any'
  | 'is-null'
  | 'is-not-null'
  | 'is-nan'
  | 'is-not-nan';

export type QueryFilter =
  { op: 'and' | 'or'; filters: QueryFilter[] } | { op: FilterOp; field: string[]; value?: Value };

export interface QueryShape {
  filter?: QueryFilter;
  /** Field paths of orderBy clauses (each implies the field exists). */
  orderBy: string[][];
}

type Atom = { op: FilterOp; field: string[]; value?: Value };

/** DNF expansion; returns null past maxCases. */
function dnf(f: QueryFilter | undefined, maxCases: number): Atom[][] | null {
  if (!f) return [[]];
  if (f.op === 'and') {
    let acc: Atom[][] = [[]];
    for (const sub of f.filters) {
      const d = dnf(sub, maxCases);
      if (!d) return null;
      const next: Atom[][] = [];
      for (const a of acc) for (const b of d) next.push([...a, ...b]);
      if (next.length > maxCases) return null;
      acc = next;
    }
    return acc;
  }
  if (f.op === 'or') {
    const out: Atom[][] = [];
    for (const sub of f.filters) {
      const d = dnf(sub, maxCases);
      if (!d) return null;
      out.push(...d);
      if (out.length > maxCases) return null;
    }
    return out;
  }
  if ((f.op === 'in' || f.op === 'array-contains-any') && Array.isArray(f.value)) {
    const op = f.op === 'in' ? '==' : 'array-contains';
    if (f.value.length > maxCases) return null;
    return f.value.map((v) => [{ op, field: f.field, value: v } as Atom]);
  }
  return [[f as Atom]];
}

function tighter(
  a: { value: Value; inclusive: boolean } | undefined,
  b: { value: Value; inclusive: boolean },
  lower: boolean,
) {
  if (!a) return b;
  const c = compareValues(a.value, b.value);
  if (c === null || Number.isNaN(c)) return a;
  if (c === 0) return a.inclusive ? b : a;
  return (lower ? c > 0 : c < 0) ? a : b;
}

export function factsFromQuery(q: QueryShape, maxCases = 64): QueryFacts[] | null {
  const cases = dnf(q.filter, maxCases);
  if (!cases) return null;
  return cases.map((atoms) => {
    const facts: QueryFacts = { fields: new Map() };
    const ff = (field: string[]): FieldFacts => {
      const k = field.join(FIELD_SEP);
      let x = facts.fields.get(k);
      if (!x) facts.fields.set(k, (x = emptyFieldFacts()));
      return x;
    };
    for (const path of q.orderBy)
      if (!(path.length === 1 && path[0] === '__name__')) ff(path).exists = true;
    for (const a of atoms) {
      if (a.field.length === 1 && a.field[0] === '__name__') {
        if (a.op === '==' && a.value instanceof RPath) facts.docName = a.value;
        continue; // other document-id constraints are not used
      }
      const f = ff(a.field);
      f.exists = true;
      const v = a.value ?? null;
      switch (a.op) {
        case '==':
          f.eq = { value: v };
          break;
        case 'is-null':
          f.eq = { value: null };
          break;
        case 'is-nan':
          f.eq = { value: NaN };
          break;
        case '!=':
          f.ne.push(v);
          break;
        case 'is-not-null':
          f.ne.push(null);
          break;
        case 'not-in':
          if (Array.isArray(v)) f.ne.push(...v);
          break;
        case '>':
        case '>=':
          f.lower = tighter(f.lower, { value: v, inclusive: a.op === '>=' }, true);
          break;
        case '<':
        case '<=':
          f.upper = tighter(f.upper, { value: v, inclusive: a.op === '<=' }, false);
          break;
        case 'array-contains':
          f.contains.push(v);
          break;
      }
    }
    return facts;
  });
}
