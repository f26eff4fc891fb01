// Expression evaluator. Errors are JS exceptions (RulesEvalError) because they are rare on the
// hot path; `&&`, `||` and the allow statement catch them. Error semantics follow the Firestore
// documentation on error values:
//   error && false -> false    false && error -> false   (other && with an error -> error)
//   error || true  -> true     true  || error -> true    (other || with an error -> error)
// Any non-bool operand of && / || / ! / ?: is an error too.

import type { Expr, FunctionDecl, Pos } from './ast.js';
import { callConversion, callMethod, callNamespace } from './stdlib.js';
import { isSymbolic, OPAQUE, RUnknown, symBinary, symMember, symMethod } from './symbolic.js';
import {
  checkInt,
  compareValues,
  isType,
  RDuration,
  RMap,
  RNamespace,
  RPath,
  RSet,
  RSymbolic,
  RTimestamp,
  RulesEvalError,
  RulesLimitError,
  show,
  typeName,
  valueEquals,
  type Value,
} from './values.js';

/** Document lookups for get()/exists()/getAfter()/existsAfter() and storage's firestore.*. */
export interface RulesServices {
  /** Resource map ({data, id, __name__}) of the document at an absolute rules path, or null. */
  get?(path: RPath): Value;
  getAfter?(path: RPath): Value;
  /** Storage rules: firestore.get(path) / firestore.exists(path). */
  firestoreGet?(path: RPath): Value;
}

/**
 * Counts distinct document-access calls. Limits are documented as 10 per single-document
 * request or query, and 20 for a batch/transaction (with 10 still applying to each operation):
 * nest a per-operation budget in a per-request one.
 */
export class AccessBudget {
  private used = new Set<string>();
  constructor(
    public readonly limit: number,
    private readonly parent: AccessBudget | null = null,
  ) {}
  take(key: string): void {
    if (this.used.has(key)) return; // repeated calls for the same document are free
    if (this.used.size >= this.limit) {
      throw new RulesLimitError(`Exceeded maximum of ${this.limit} document access calls.`);
    }
    this.parent?.take(key);
    this.used.add(key);
  }
}

export interface EvalEnv {
  services: RulesServices;
  budget: AccessBudget;
  /** True while proving a query: RUnknown values may appear. */
  symbolic: boolean;
  debug?: (line: string) => void;
  /** Internal: user function call stack (recursion is not allowed; depth limit 20). */
  stack?: FunctionDecl[];
}

/** A let binding whose evaluation failed: the error surfaces only if the name is used. */
class ErrVal {
  constructor(public readonly err: RulesEvalError) {}
}

export class Scope {
  constructor(
    public readonly parent: Scope | null,
    public readonly vars: Map<string, Value | ErrVal> | null,
    public readonly fns: Map<string, FunctionDecl> | null = null,
  ) {}

  lookup(name: string): Value | ErrVal | undefined {
    if (this.vars && this.vars.has(name)) return this.vars.get(name);
    return this.parent ? this.parent.lookup(name) : undefined;
  }

  lookupFn(name: string): { fn: FunctionDecl; scope: Scope } | undefined {
    const fn = this.fns?.get(name);
    if (fn) return { fn, scope: this };
    return this.parent ? this.parent.lookupFn(name) : undefined;
  }
}

const NAMESPACES = new Set(['math', 'hashing', 'timestamp', 'duration', 'latlng', 'firestore']);
const MAX_CALL_DEPTH = 20;

function fail(pos: Pos, msg: string): never {
  throw new RulesEvalError(msg, pos.line, pos.col);
}

/** Attaches a position to errors thrown by library code that did not know it. */
function at<T>(pos: Pos, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RulesEvalError) {
      if (e.line === 0) {
        e.line = pos.line;
        e.col = pos.col;
      }
      throw e;
    }
    if (e instanceof RangeError) fail(pos, 'Evaluation limit exceeded.');
    throw e;
  }
}

function tryEval(e: Expr, scope: Scope, env: EvalEnv): Value | RulesEvalError {
  try {
    return evaluate(e, scope, env);
  } catch (err) {
    if (err instanceof RulesEvalError && !(err instanceof RulesLimitError)) return err;
    throw err;
  }
}

export function evaluate(e: Expr, scope: Scope, env: EvalEnv): Value {
  switch (e.kind) {
    case 'lit':
      return e.value as Value;
    case 'ident': {
      const v = scope.lookup(e.name);
      if (v === undefined) {
        if (NAMESPACES.has(e.name)) return new RNamespace(e.name);
        fail(e.pos, `Unknown variable '${e.name}'.`);
      }
      if (v instanceof ErrVal) throw v.err;
      return v;
    }
    case 'member':
      return member(evaluate(e.obj, scope, env), e.name, e.pos);
    case 'index': {
      const obj = evaluate(e.obj, scope, env);
      const idx = evaluate(e.index, scope, env);
      return index(obj, idx, e.pos, env);
    }
    case 'slice': {
      const obj = evaluate(e.obj, scope, env);
      const from = e.from ? evaluate(e.from, scope, env) : 0n;
      const to = e.to ? evaluate(e.to, scope, env) : null;
      return slice(obj, from, to, e.pos);
    }
    case 'call':
      return call(e, scope, env);
    case 'unary': {
      const v = evaluate(e.arg, scope, env);
      if (v instanceof RSymbolic) return OPAQUE;
      if (e.op === '!') {
        if (typeof v !== 'boolean') fail(e.pos, `Unary ! expects bool, got ${typeName(v)}.`);
        return !v;
      }
      if (typeof v === 'bigint') return at(e.pos, () => checkInt(-v));
      if (typeof v === 'number') return -v;
      if (v instanceof RDuration) return new RDuration(-v.ns);
      return fail(e.pos, `Unary - expects a number, got ${typeName(v)}.`);
    }
    case 'is': {
      const v = evaluate(e.arg, scope, env);
      if (v instanceof RSymbolic) return OPAQUE;
      return isType(v, e.typeName);
    }
    case 'ternary': {
      const c = evaluate(e.cond, scope, env);
      if (c instanceof RSymbolic) {
        // Provable only when both branches agree.
        const a = tryEval(e.then, scope, env);
        const b = tryEval(e.else, scope, env);
        if ((a === true && b === true) || (a === false && b === false)) return a;
        return OPAQUE;
      }
      if (typeof c !== 'boolean')
        fail(e.pos, `Ternary condition must be bool, got ${typeName(c)}.`);
      return evaluate(c ? e.then : e.else, scope, env);
    }
    case 'list':
      return e.items.map((x) => evaluate(x, scope, env));
    case 'map': {
      const m = new Map<string, Value>();
      for (const { key, value } of e.entries) {
        const k = evaluate(key, scope, env);
        if (typeof k !== 'string') fail(e.pos, `Map keys must be strings, got ${typeName(k)}.`);
        m.set(k, evaluate(value, scope, env));
      }
      return new RMap(m);
    }
    case 'path': {
      const segs: string[] = [];
      for (const s of e.segments) {
        if (s.kind === 'text') segs.push(s.text);
        else {
          const v = evaluate(s.expr, scope, env);
          if (typeof v === 'string') segs.push(v);
          else if (typeof v === 'bigint') segs.push(v.toString());
          else if (v instanceof RPath) segs.push(...v.segments);
          else if (v instanceof RSymbolic) return OPAQUE;
          else fail(e.pos, `Path interpolation expects a string, got ${typeName(v)}.`);
        }
      }
      return new RPath(segs);
    }
    case 'binary':
      return binary(e, scope, env);
  }
}

function member(obj: Value, name: string, pos: Pos): Value {
  if (obj instanceof RMap) {
    const v = obj.m.get(name);
    if (v === undefined) fail(pos, `Property ${name} is undefined on object.`);
    return v;
  }
  if (obj === null) fail(pos, 'Null value error.');
  if (obj instanceof RUnknown) return symMember(obj, name);
  if (obj instanceof RSymbolic) return OPAQUE;
  fail(pos, `Property ${name} is undefined on object of type ${typeName(obj)}.`);
}

function toIndex(i: Value, len: number, pos: Pos, allowEnd: boolean): number {
  if (typeof i !== 'bigint') fail(pos, `Index must be int, got ${typeName(i)}.`);
  const n = Number(i);
  if (n < 0 || n > len || (!allowEnd && n === len)) fail(pos, `Index ${n} out of range.`);
  return n;
}

function index(obj: Value, idx: Value, pos: Pos, env: EvalEnv): Value {
  if (env.symbolic && (obj instanceof RSymbolic || isSymbolic(idx))) {
    if (obj instanceof RUnknown && typeof idx === 'string') return symMember(obj, idx);
    return OPAQUE;
  }
  if (obj instanceof RMap) {
    if (typeof idx !== 'string') fail(pos, `Map index must be string, got ${typeName(idx)}.`);
    return member(obj, idx, pos);
  }
  if (Array.isArray(obj)) return obj[toIndex(idx, obj.length, pos, false)]!;
  if (obj instanceof RPath) return obj.segments[toIndex(idx, obj.segments.length, pos, false)]!;
  if (typeof obj === 'string') return [...obj][toIndex(idx, [...obj].length, pos, false)]!;
  if (obj === null) fail(pos, 'Null value error.');
  fail(pos, `Cannot index ${typeName(obj)}.`);
}

function slice(obj: Value, fromV: Value, toV: Value | null, pos: Pos): Value {
  if (obj instanceof RSymbolic || fromV instanceof RSymbolic || toV instanceof RSymbolic)
    return OPAQUE;
  const items: unknown[] | null = Array.isArray(obj)
    ? obj
    : typeof obj === 'string'
      ? [...obj]
      : obj instanceof RPath
        ? obj.segments
        : null;
  if (!items) fail(pos, obj === null ? 'Null value error.' : `Cannot slice ${typeName(obj)}.`);
  const from = toIndex(fromV, items.length, pos, true);
  const to = toV === null ? items.length : toIndex(toV, items.length, pos, true);
  if (to < from) fail(pos, 'Invalid range.');
  const part = items.slice(from, to);
  if (typeof obj === 'string') return part.join('');
  if (obj instanceof RPath) return new RPath(part as string[]);
  return part as Value[];
}

function binary(e: Extract<Expr, { kind: 'binary' }>, scope: Scope, env: EvalEnv): Value {
  const op = e.op;
  if (op === '&&' || op === '||') {
    // The value that decides the result regardless of the other side.
    const decisive = op === '||';
    let l = tryEval(e.left, scope, env);
    if (l === decisive) return decisive;
    if (!(l instanceof RulesEvalError) && typeof l !== 'boolean' && !(l instanceof RSymbolic)) {
      l = new RulesEvalError(
        `Operator ${op} expects bool, got ${typeName(l)}.`,
        e.pos.line,
        e.pos.col,
      );
    }
    let r = tryEval(e.right, scope, env);
    if (r === decisive) return decisive;
    if (!(r instanceof RulesEvalError) && typeof r !== 'boolean' && !(r instanceof RSymbolic)) {
      r = new RulesEvalError(
        `Operator ${op} expects bool, got ${typeName(r)}.`,
        e.pos.line,
        e.pos.col,
      );
    }
    if (l instanceof RulesEvalError) throw l;
    if (r instanceof RulesEvalError) throw r;
    if (l instanceof RSymbolic || r instanceof RSymbolic) return OPAQUE;
    return !decisive;
  }
  const l = evaluate(e.left, scope, env);
  const r = evaluate(e.right, scope, env);
  if (env.symbolic && (isSymbolic(l) || isSymbolic(r))) return symBinary(op, l, r);
  return at(e.pos, () => applyBinary(op, l, r));
}

/** A concrete binary operator (exported for tests and for the query prover). */
export function applyBinary(op: string, l: Value, r: Value): Value {
  switch (op) {
    case '==':
      return valueEquals(l, r);
    case '!=':
      return !valueEquals(l, r);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const c = compareValues(l, r);
      if (c === null) throw new RulesEvalError(`Cannot compare ${typeName(l)} and ${typeName(r)}.`);
      if (Number.isNaN(c)) return false;
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
    case 'in':
      if (Array.isArray(r)) return r.some((x) => valueEquals(x, l));
      if (r instanceof RSet) return r.has(l);
      if (r instanceof RMap) {
        if (typeof l !== 'string')
          throw new RulesEvalError(`Map keys are strings, got ${typeName(l)}.`);
        return r.m.has(l);
      }
      if (r === null) throw new RulesEvalError('Null value error.');
      throw new RulesEvalError(`Operator in expects list, set or map, got ${typeName(r)}.`);
  }
  return arith(op, l, r);
}

function arith(op: string, l: Value, r: Value): Value {
  const tl = typeof l;
  const tr = typeof r;
  if (tl === 'bigint' && tr === 'bigint') {
    const a = l as bigint;
    const b = r as bigint;
    switch (op) {
      case '+':
        return checkInt(a + b);
      case '-':
        return checkInt(a - b);
      case '*':
        return checkInt(a * b);
      case '/':
        if (b === 0n) throw new RulesEvalError('Division by zero.');
        return checkInt(a / b);
      case '%':
        if (b === 0n) throw new RulesEvalError('Modulo by zero.');
        return a % b;
    }
  }
  if ((tl === 'bigint' || tl === 'number') && (tr === 'bigint' || tr === 'number')) {
    const a = Number(l);
    const b = Number(r);
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return a / b;
      case '%':
        return a % b;
    }
  }
  if (op === '+') {
    if (tl === 'string' && tr === 'string') return (l as string) + (r as string);
    if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
    if (l instanceof RTimestamp && r instanceof RDuration) return new RTimestamp(l.ns + r.ns);
    if (l instanceof RDuration && r instanceof RTimestamp) return new RTimestamp(l.ns + r.ns);
    if (l instanceof RDuration && r instanceof RDuration) return new RDuration(l.ns + r.ns);
  }
  if (op === '-') {
    if (l instanceof RTimestamp && r instanceof RDuration) return new RTimestamp(l.ns - r.ns);
    if (l instanceof RTimestamp && r instanceof RTimestamp) return new RDuration(l.ns - r.ns);
    if (l instanceof RDuration && r instanceof RDuration) return new RDuration(l.ns - r.ns);
  }
  if (l === null || r === null) throw new RulesEvalError('Null value error.');
  throw new RulesEvalError(`Operator ${op} not defined for ${typeName(l)} and ${typeName(r)}.`);
}

function call(e: Extract<Expr, { kind: 'call' }>, scope: Scope, env: EvalEnv): Value {
  const callee = e.callee;
  if (callee.kind === 'ident') {
    const name = callee.name;
    const user = scope.lookupFn(name);
    const args = e.args.map((a) => evaluate(a, scope, env));
    if (user) return invoke(user.fn, user.scope, args, e.pos, env);
    return at(e.pos, () => callGlobal(name, args, env));
  }
  if (callee.kind === 'member') {
    // Namespace functions: math.abs(x), timestamp.date(...), firestore.get(...).
    if (
      callee.obj.kind === 'ident' &&
      NAMESPACES.has(callee.obj.name) &&
      scope.lookup(callee.obj.name) === undefined
    ) {
      const args = e.args.map((a) => evaluate(a, scope, env));
      if (env.symbolic && args.some(isSymbolic)) return OPAQUE;
      const ns = callee.obj.name;
      if (ns === 'firestore') return at(e.pos, () => firestoreCall(callee.name, args, env));
      return at(e.pos, () => callNamespace(ns, callee.name, args));
    }
    const recv = evaluate(callee.obj, scope, env);
    const args = e.args.map((a) => evaluate(a, scope, env));
    if (recv instanceof RUnknown) return symMethod(recv, callee.name, args);
    if (env.symbolic && (isSymbolic(recv) || args.some(isSymbolic))) return OPAQUE;
    return at(callee.pos, () => callMethod(recv, callee.name, args));
  }
  fail(e.pos, 'Expression is not callable.');
}

function invoke(fn: FunctionDecl, defScope: Scope, args: Value[], pos: Pos, env: EvalEnv): Value {
  if (args.length !== fn.params.length) {
    fail(pos, `Function ${fn.name} expects ${fn.params.length} argument(s), got ${args.length}.`);
  }
  const stack = (env.stack ??= []);
  if (stack.includes(fn)) fail(pos, `Recursive call to function ${fn.name} is not allowed.`);
  if (stack.length >= MAX_CALL_DEPTH) fail(pos, 'Maximum function call depth exceeded.');
  const vars = new Map<string, Value | ErrVal>();
  fn.params.forEach((p, i) => vars.set(p, args[i]!));
  const local = new Scope(defScope, vars);
  stack.push(fn);
  try {
    for (const l of fn.lets) {
      const v = tryEval(l.value, local, env);
      vars.set(l.name, v instanceof RulesEvalError ? new ErrVal(v) : v);
    }
    return evaluate(fn.body, local, env);
  } finally {
    stack.pop();
  }
}

function docPath(name: string, args: Value[]): RPath {
  if (args.length !== 1) throw new RulesEvalError(`Function ${name} expects 1 argument.`);
  const p = args[0];
  if (!(p instanceof RPath))
    throw new RulesEvalError(`Function ${name} expects a path, got ${typeName(p!)}.`);
  return p;
}

function callGlobal(name: string, args: Value[], env: EvalEnv): Value {
  switch (name) {
    case 'get':
    case 'exists':
    case 'getAfter':
    case 'existsAfter': {
      if (env.symbolic && args.some(isSymbolic)) return OPAQUE;
      const p = docPath(name, args);
      const after = name === 'getAfter' || name === 'existsAfter';
      const fn = after ? env.services.getAfter : env.services.get;
      if (!fn) throw new RulesEvalError(`Function not found error: Name: [${name}].`);
      env.budget.take((after ? 'after:' : 'before:') + p.toString());
      const doc = fn.call(env.services, p);
      return name.startsWith('exists') ? doc !== null : doc;
    }
    case 'debug': {
      if (args.length !== 1) throw new RulesEvalError('Function debug expects 1 argument.');
      (env.debug ?? ((s: string) => console.log(s)))(show(args[0]!));
      return args[0]!;
    }
  }
  if (env.symbolic && args.some(isSymbolic)) return OPAQUE;
  const conv = callConversion(name, args);
  if (conv !== undefined) return conv;
  throw new RulesEvalError(`Function not found error: Name: [${name}].`);
}

function firestoreCall(name: string, args: Value[], env: EvalEnv): Value {
  if (name !== 'get' && name !== 'exists')
    throw new RulesEvalError(`Function not found error: Name: [firestore.${name}].`);
  const p = docPath(`firestore.${name}`, args);
  const fn = env.services.firestoreGet;
  if (!fn) throw new RulesEvalError('Cross-service Firestore access is not available.');
  env.budget.take('firestore:' + p.toString());
  const doc = fn.call(env.services, p);
  return name === 'exists' ? doc !== null : doc;
}
