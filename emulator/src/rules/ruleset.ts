// Compiled rulesets, path matching and allow evaluation.
// Parse once, evaluate many: compileRules() caches by source text.

import type { AllowDecl, FunctionDecl, MatchDecl, Method, RulesFile, ServiceDecl } from './ast.js';
import { AccessBudget, evaluate, Scope, type EvalEnv, type RulesServices } from './evaluator.js';
import { parseRules } from './parser.js';
import { OPAQUE, RUnknown, type QueryFacts } from './symbolic.js';
import { RPath, RSymbolic, RulesEvalError, RulesLimitError, type Value } from './values.js';

export type ServiceName = 'cloud.firestore' | 'firebase.storage';

interface CompiledMatch {
  decl: MatchDecl;
  fns: Map<string, FunctionDecl> | null;
  children: CompiledMatch[];
}

export interface CompiledRuleset {
  source: string;
  file: RulesFile;
  services: Map<ServiceName, { fns: Map<string, FunctionDecl>; matches: CompiledMatch[] }>;
}

function compileMatch(m: MatchDecl): CompiledMatch {
  return {
    decl: m,
    fns: m.functions.length ? new Map(m.functions.map((f) => [f.name, f])) : null,
    children: m.matches.map(compileMatch),
  };
}

const cache = new Map<string, CompiledRuleset>();
const CACHE_MAX = 64;

/** Parses and compiles a rules source. Throws RulesParseError (with line/column) on bad syntax. */
export function compileRules(source: string): CompiledRuleset {
  const hit = cache.get(source);
  if (hit) return hit;
  const file = parseRules(source);
  const services = new Map<
    ServiceName,
    { fns: Map<string, FunctionDecl>; matches: CompiledMatch[] }
  >();
  for (const s of file.services) addService(services, file, s);
  const rs: CompiledRuleset = { source, file, services };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(source, rs);
  return rs;
}

function addService(out: CompiledRuleset['services'], file: RulesFile, s: ServiceDecl): void {
  const name = s.name as ServiceName;
  let entry = out.get(name);
  if (!entry) {
    entry = { fns: new Map(file.functions.map((f) => [f.name, f])), matches: [] };
    out.set(name, entry);
  }
  for (const f of s.functions) entry.fns.set(f.name, f);
  entry.matches.push(...s.matches.map(compileMatch));
}

/** A path segment to match: a concrete string, or (for queries) an unknown one / unknown many. */
export const ANY_ONE = Symbol('any-one');
export const ANY_MANY = Symbol('any-many');
export type PathSeg = string | typeof ANY_ONE | typeof ANY_MANY;

export interface RuleRequest {
  service: ServiceName;
  /** Full path segments, e.g. ['databases', '(default)', 'documents', 'users', 'alice']. */
  path: PathSeg[];
  method: Method;
  /** The `request` variable. */
  request: Value;
  /** The `resource` variable (null when the document does not exist). Ignored when `cases` is set. */
  resource: Value;
  services?: RulesServices;
  budget?: AccessBudget;
  /** Query proving: one entry per case the query splits into; all must be granted. */
  cases?: QueryFacts[];
  debug?: (line: string) => void;
}

export interface RuleDecision {
  allowed: boolean;
  /** Official-emulator style parts: "false for 'update' @ L12", "Null value error. for 'get' @ L5". */
  details: string[];
  /** Underlying error texts (for logs), one per failed allow that errored. */
  errors: string[];
  /** null when allowed, else the PERMISSION_DENIED message ("\n" + details joined by ", "). */
  message: string | null;
}

interface Candidate {
  allow: AllowDecl;
  scope: Scope;
}

/** Collects the allow statements (with bound scopes) whose match covers the whole path. */
function collect(
  matches: CompiledMatch[],
  path: PathSeg[],
  start: number,
  parent: Scope,
  version: '1' | '2',
  method: Method,
  out: Candidate[],
): void {
  for (const m of matches) {
    const segs = m.decl.segments;
    const bind = (pi: number, si: number, vars: Map<string, Value>): void => {
      if (pi === segs.length) {
        const scope = new Scope(parent, vars, m.fns);
        if (si === path.length) {
          for (const a of m.decl.allows) if (a.expanded.has(method)) out.push({ allow: a, scope });
        } else if (m.children.length) {
          collect(m.children, path, si, scope, version, method, out);
        }
        return;
      }
      const p = segs[pi]!;
      if (p.kind === 'rest') {
        // v2: zero or more segments; v1: one or more. The unknown-many marker can only be
        // absorbed whole by a recursive wildcard.
        for (let end = path.length; end >= si + (version === '2' ? 0 : 1); end--) {
          const part = path.slice(si, end);
          const v = new Map(vars);
          v.set(
            p.name,
            part.every((x) => typeof x === 'string') ? new RPath(part as string[]) : OPAQUE,
          );
          bind(pi + 1, end, v);
        }
        return;
      }
      if (si >= path.length) return;
      const s = path[si]!;
      if (s === ANY_MANY) return;
      if (p.kind === 'literal') {
        if (s === p.text) bind(pi + 1, si + 1, vars);
        return;
      }
      const v = new Map(vars);
      v.set(p.name, typeof s === 'string' ? s : OPAQUE);
      bind(pi + 1, si + 1, v);
    };
    bind(0, start, new Map());
  }
}

function describeError(e: RulesEvalError): string {
  const m = e.message;
  if (
    m === 'Null value error.' ||
    m.startsWith('Property ') ||
    m.startsWith('Function not found error')
  )
    return m;
  return `evaluation error at L${e.line}:${e.col}`;
}

/** Evaluates a request against a compiled ruleset: allowed if ANY matching allow grants it. */
export function evaluateRules(rs: CompiledRuleset, req: RuleRequest): RuleDecision {
  const svc = rs.services.get(req.service);
  const details: string[] = [];
  const errors: string[] = [];
  const deny = (): RuleDecision => ({
    allowed: false,
    details,
    errors,
    message: '\n' + (details.length ? details.join(', ') : 'No matching allow statements'),
  });
  if (!svc) return deny();
  const symbolic = req.cases !== undefined;
  const env: EvalEnv = {
    services: req.services ?? {},
    budget: req.budget ?? new AccessBudget(10),
    symbolic,
    debug: req.debug,
  };
  const cases: (QueryFacts | null)[] = req.cases ?? [null];
  for (const facts of cases) {
    const resource = facts ? new RUnknown('resource', facts) : req.resource;
    const root = new Scope(
      null,
      new Map<string, Value>([
        ['request', req.request],
        ['resource', resource],
      ]),
      svc.fns,
    );
    const candidates: Candidate[] = [];
    collect(svc.matches, req.path, 0, root, rs.file.version, req.method, candidates);
    let granted = false;
    for (const { allow, scope } of candidates) {
      if (!allow.cond) {
        granted = true;
        break;
      }
      let v: Value;
      try {
        v = evaluate(allow.cond, scope, env);
      } catch (e) {
        if (!(e instanceof RulesEvalError)) {
          // Never crash the server on an evaluator bug: treat as an evaluation error.
          errors.push(String(e));
          details.push(
            `evaluation error at L${allow.pos.line}:${allow.pos.col} for '${req.method}' @ L${allow.pos.line}`,
          );
          continue;
        }
        errors.push(`L${e.line}:${e.col}: ${e.message}`);
        details.push(`${describeError(e)} for '${req.method}' @ L${allow.pos.line}`);
        if (e instanceof RulesLimitError) return deny(); // the whole request fails
        continue;
      }
      if (v === true) {
        granted = true;
        break;
      }
      if (v instanceof RSymbolic)
        errors.push(`L${allow.pos.line}: not provable for every document the query can return`);
      details.push(`false for '${req.method}' @ L${allow.pos.line}`);
    }
    if (!granted) return deny();
  }
  return { allowed: true, details: [], errors: [], message: null };
}
