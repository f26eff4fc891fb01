// FirestoreAuthorizer backed by the rules language (src/rules): converts internal-JSON documents
// and queries into rules values and asks the compiled ruleset. Also exports authorizeStorage()
// for the storage part (request/resource metadata + cross-service firestore lookups).

import type {
  AuthorizedWrite,
  AuthzRequest,
  CallContext,
  FirestoreAuthorizer,
} from './authorizer.js';
import type { Document, Filter, StructuredQuery, Value as FsValue } from './types.js';
import {
  AccessBudget,
  ANY_MANY,
  ANY_ONE,
  compileRules,
  evaluateRules,
  factsFromQuery,
  fromJs,
  RBytes,
  RLatLng,
  RMap,
  RPath,
  RTimestamp,
  type CompiledRuleset,
  type PathSeg,
  type FilterOp,
  type QueryFilter,
  type RuleDecision,
  type RulesServices,
  type Value,
} from '../rules/index.js';

// ------------------------------------------------------------------ value conversion

/** A Firestore Value (internal JSON) as a rules value. */
export function toRulesValue(v: FsValue): Value {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.integerValue !== undefined) return BigInt(v.integerValue);
  if (v.booleanValue !== undefined) return v.booleanValue;
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.mapValue !== undefined) return fieldsToMap(v.mapValue.fields);
  if (v.arrayValue !== undefined) return (v.arrayValue.values ?? []).map(toRulesValue);
  if (v.timestampValue !== undefined) return RTimestamp.parse(v.timestampValue);
  if (v.referenceValue !== undefined) return nameToPath(v.referenceValue);
  if (v.bytesValue !== undefined)
    return new RBytes(new Uint8Array(Buffer.from(v.bytesValue, 'base64')));
  if (v.geoPointValue !== undefined)
    return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  return null; // nullValue (or an empty Value)
}

export function fieldsToMap(fields: Record<string, FsValue> | undefined): RMap {
  const m = new Map<string, Value>();
  if (fields) for (const k in fields) m.set(k, toRulesValue(fields[k]!));
  return new RMap(m);
}

/** `projects/p/databases/d/documents/a/b` -> path `/databases/d/documents/a/b`. */
export function nameToPath(name: string): RPath {
  const segs = name.split('/');
  return new RPath(segs[0] === 'projects' ? segs.slice(2) : segs.filter((s) => s !== ''));
}

// Documents are immutable once stored, so their rules form can be cached by identity; this is
// what makes repeated evaluation (listen, benchmarks) cheap.
const docCache = new WeakMap<Document, RMap>();

/** The `resource` map of a document: data, id, __name__. */
export function documentResource(doc: Document): RMap {
  let r = docCache.get(doc);
  if (!r) {
    const p = nameToPath(doc.name);
    r = new RMap(
      new Map<string, Value>([
        ['data', fieldsToMap(doc.fields)],
        ['id', p.segments[p.segments.length - 1] ?? ''],
        ['__name__', p],
      ]),
    );
    docCache.set(doc, r);
  }
  return r;
}

export function authValue(auth: CallContext['auth']): Value {
  if (!auth) return null;
  return new RMap(
    new Map<string, Value>([
      ['uid', auth.uid],
      ['token', fromJs(auth.token ?? {})],
    ]),
  );
}

function requestMap(entries: [string, Value][]): RMap {
  return new RMap(new Map(entries));
}

// ------------------------------------------------------------------ query conversion

/** Splits a structured-query field path (`a.b`, `` `x.y`.z ``) into segments. */
export function parseFieldPath(fp: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= fp.length) {
    if (fp[i] === '`') {
      let seg = '';
      i++;
      while (i < fp.length && fp[i] !== '`') {
        if (fp[i] === '\\') i++;
        seg += fp[i++];
      }
      i++; // closing backtick
      out.push(seg);
    } else {
      const end = fp.indexOf('.', i);
      out.push(fp.slice(i, end < 0 ? fp.length : end));
      i = end < 0 ? fp.length : end;
    }
    if (fp[i] === '.') i++;
    else break;
  }
  return out;
}

const FIELD_OPS: Record<string, FilterOp> = {
  EQUAL: '==',
  NOT_EQUAL: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'in',
  NOT_IN: 'not-in',
  ARRAY_CONTAINS: 'array-contains',
  ARRAY_CONTAINS_ANY: 'array-contains-any',
};
const UNARY_OPS: Record<string, FilterOp> = {
  IS_NULL: 'is-null',
  IS_NOT_NULL: 'is-not-null',
  IS_NAN: 'is-nan',
  IS_NOT_NAN: 'is-not-nan',
};

function convertFilter(f: Filter): QueryFilter | undefined {
  if (f.compositeFilter) {
    const subs = (f.compositeFilter.filters ?? [])
      .map(convertFilter)
      .filter((x): x is QueryFilter => !!x);
    return { op: f.compositeFilter.op === 'OR' ? 'or' : 'and', filters: subs };
  }
  if (f.fieldFilter) {
    const op = FIELD_OPS[f.fieldFilter.op];
    if (!op) return undefined; // unknown operators add no facts (sound: fewer guarantees)
    return {
      op,
      field: parseFieldPath(f.fieldFilter.field.fieldPath),
      value: toRulesValue(f.fieldFilter.value),
    };
  }
  if (f.unaryFilter) {
    const op = UNARY_OPS[f.unaryFilter.op];
    if (!op) return undefined;
    return { op, field: parseFieldPath(f.unaryFilter.field.fieldPath) };
  }
  return undefined;
}

function queryLimit(q: StructuredQuery): number | undefined {
  const l = q.limit;
  if (l === undefined || l === null) return undefined;
  return typeof l === 'number' ? l : l.value;
}

// ------------------------------------------------------------------ the authorizer

export interface RulesAuthorizerOptions {
  /** Receives debug() output and evaluation error details. Default: debug() to stdout only. */
  log?: (line: string) => void;
}

/**
 * Holds compiled rules per project. A project without rules is allowed everything (the
 * official emulator behaves the same with no rules loaded); rules stored under '*' apply to
 * projects that have none of their own.
 */
export class RulesAuthorizer implements FirestoreAuthorizer {
  private readonly rules = new Map<string, CompiledRuleset>();

  constructor(private readonly options: RulesAuthorizerOptions = {}) {}

  /** Compiles and installs rules; a parse error throws (RulesParseError with line/column) and keeps the old rules. */
  setRules(projectId: string, files: { name?: string; content: string }[]): void {
    const source = files.map((f) => f.content).join('\n');
    const rs = compileRules(source);
    this.rules.set(projectId, rs);
  }

  private rulesFor(projectId: string): CompiledRuleset | undefined {
    return this.rules.get(projectId) ?? this.rules.get('*');
  }

  private finish(d: RuleDecision): string | null {
    if (d.allowed) return null;
    if (this.options.log && d.errors.length) this.options.log(`rules: ${d.errors.join('; ')}`);
    return d.message;
  }

  private services(a: AuthzRequest, afterToo: boolean): RulesServices {
    const look =
      (fn: (p: string) => Document | null) =>
      (p: RPath): Value => {
        const doc = fn(p.toString());
        return doc ? documentResource(doc) : null;
      };
    return {
      get: look((p) => a.lookupBefore(p)),
      ...(afterToo ? { getAfter: look((p) => a.lookupAfter(p)) } : {}),
    };
  }

  authorizeGet(a: AuthzRequest & { path: string; resource: Document | null }): string | null {
    const rs = this.rulesFor(a.projectId);
    if (!rs) return null;
    const path = nameToPath(a.path);
    const request = requestMap([
      ['auth', authValue(a.ctx.auth)],
      ['method', 'get'],
      ['path', path],
      ['time', RTimestamp.parse(a.time)],
    ]);
    return this.finish(
      evaluateRules(rs, {
        service: 'cloud.firestore',
        path: path.segments,
        method: 'get',
        request,
        resource: a.resource ? documentResource(a.resource) : null,
        services: this.services(a, false),
        budget: new AccessBudget(10),
        debug: this.options.log,
      }),
    );
  }

  authorizeQuery(
    a: AuthzRequest & { parent: string; structuredQuery: object; resultPaths?: string[] },
  ): string | null {
    const rs = this.rulesFor(a.projectId);
    if (!rs) return null;
    const q = a.structuredQuery as StructuredQuery;
    const from = q.from?.[0] ?? {};
    const parent = nameToPath(a.parent).segments;
    const collectionPath: PathSeg[] = [
      ...parent,
      ...(from.allDescendants ? [ANY_MANY as PathSeg] : []),
      from.collectionId ?? '',
    ];
    const orderBy = new Map<string, Value>();
    for (const o of q.orderBy ?? [])
      orderBy.set(o.field.fieldPath, o.direction === 'DESCENDING' ? 'DESC' : 'ASC');
    const query = new Map<string, Value>([['orderBy', new RMap(orderBy)]]);
    const limit = queryLimit(q);
    if (limit !== undefined) query.set('limit', BigInt(limit));
    if (q.offset !== undefined) query.set('offset', BigInt(q.offset));
    const request = requestMap([
      ['auth', authValue(a.ctx.auth)],
      ['method', 'list'],
      // request.path of a query names the collection ("/databases/d/documents/c").
      ['path', new RPath(collectionPath.map((s) => (typeof s === 'string' ? s : '**')))],
      ['time', RTimestamp.parse(a.time)],
      ['query', new RMap(query)],
    ]);
    const cases = factsFromQuery({
      filter: q.where ? convertFilter(q.where) : undefined,
      orderBy: (q.orderBy ?? []).map((o) => parseFieldPath(o.field.fieldPath)),
    });
    if (!cases) return "\nfalse for 'list' (query has too many disjunctions to prove)";
    const budget = new AccessBudget(10);
    for (const facts of cases) {
      // A `__name__ ==` filter pins the document: match its concrete path.
      let path: PathSeg[] = [...collectionPath, ANY_ONE as PathSeg];
      if (facts.docName && !from.allDescendants) path = facts.docName.segments;
      const d = evaluateRules(rs, {
        service: 'cloud.firestore',
        path,
        method: 'list',
        request,
        resource: null,
        cases: [facts],
        services: this.services(a, false),
        budget,
        debug: this.options.log,
      });
      if (!d.allowed) return this.finish(d);
    }
    return null;
  }

  authorizeWrites(a: AuthzRequest & { writes: AuthorizedWrite[] }): string | null {
    const rs = this.rulesFor(a.projectId);
    if (!rs) return null;
    const services = this.services(a, true);
    const auth = authValue(a.ctx.auth);
    const time = RTimestamp.parse(a.time);
    // 10 calls for a single write; 20 across a batch, 10 still per write.
    const batch = new AccessBudget(a.writes.length > 1 ? 20 : 10);
    for (const w of a.writes) {
      const path = nameToPath(w.path);
      const entries: [string, Value][] = [
        ['auth', auth],
        ['method', w.kind],
        ['path', path],
        ['time', time],
      ];
      if (w.kind !== 'delete' && w.after) entries.push(['resource', documentResource(w.after)]);
      const d = evaluateRules(rs, {
        service: 'cloud.firestore',
        path: path.segments,
        method: w.kind,
        request: requestMap(entries),
        resource: w.before ? documentResource(w.before) : null,
        services,
        budget: new AccessBudget(10, batch),
        debug: this.options.log,
      });
      if (!d.allowed) return this.finish(d);
    }
    return null;
  }
}

// ------------------------------------------------------------------ storage entry

/** Object metadata as storage rules see it (resource / request.resource). */
export interface StorageObjectMeta {
  name: string;
  bucket: string;
  size: number;
  contentType?: string;
  md5Hash?: string;
  crc32c?: string;
  etag?: string;
  generation?: number | string;
  metageneration?: number | string;
  timeCreated?: Date | string;
  updated?: Date | string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
  metadata?: Record<string, string>;
}

export interface StorageAuthzInput {
  /** Rules source (compiled once and cached) or an already compiled ruleset. */
  rules: string | CompiledRuleset;
  bucket: string;
  /** Object name `a/b.png`; for list, the prefix (a trailing '/' matches an empty last segment). */
  objectPath: string;
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  auth: CallContext['auth'];
  time?: Date;
  resource: StorageObjectMeta | null;
  requestResource: StorageObjectMeta | null;
  /** firestore.get()/exists(): documentPath is relative to `documents` ("users/alice"). */
  firestore?: {
    projectId: string;
    lookup(projectId: string, databaseId: string, documentPath: string): Document | null;
  };
}

function storageMeta(m: StorageObjectMeta): RMap {
  const ts = (x: Date | string | undefined): Value =>
    x === undefined
      ? null
      : typeof x === 'string'
        ? RTimestamp.parse(x)
        : RTimestamp.fromMillis(x.getTime());
  const map = new Map<string, Value>([
    ['name', m.name],
    ['bucket', m.bucket],
    ['size', BigInt(m.size)],
    ['contentType', m.contentType ?? null],
    ['md5Hash', m.md5Hash ?? null],
    ['crc32c', m.crc32c ?? null],
    ['etag', m.etag ?? null],
    ['generation', m.generation === undefined ? null : BigInt(m.generation)],
    ['metageneration', m.metageneration === undefined ? null : BigInt(m.metageneration)],
    ['timeCreated', ts(m.timeCreated)],
    ['updated', ts(m.updated)],
    ['metadata', fromJs(m.metadata ?? {})],
  ]);
  for (const k of [
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
    'cacheControl',
  ] as const) {
    if (m[k] !== undefined) map.set(k, m[k]);
  }
  return new RMap(map);
}

/** Storage rules decision: null when allowed, else the denial details (same wording as Firestore). */
export function authorizeStorage(input: StorageAuthzInput): string | null {
  const rs = typeof input.rules === 'string' ? compileRules(input.rules) : input.rules;
  const segs = ['b', input.bucket, 'o', ...input.objectPath.split('/')];
  if (segs[segs.length - 1] === '' && input.method !== 'list') segs.pop();
  const path = new RPath(segs);
  const request = requestMap([
    ['auth', authValue(input.auth)],
    ['method', input.method],
    ['path', path],
    ['time', RTimestamp.fromMillis((input.time ?? new Date()).getTime())],
    ['resource', input.requestResource ? storageMeta(input.requestResource) : null],
  ]);
  const fs = input.firestore;
  const d = evaluateRules(rs, {
    service: 'firebase.storage',
    path: segs,
    method: input.method,
    request,
    resource: input.resource ? storageMeta(input.resource) : null,
    // Cross-service reads share the general budget of 10 distinct documents per request.
    budget: new AccessBudget(10),
    services: {
      firestoreGet(p: RPath): Value {
        const s = p.segments;
        if (!fs || s[0] !== 'databases' || s[2] !== 'documents' || s.length < 5) return null;
        const doc = fs.lookup(fs.projectId, s[1]!, s.slice(3).join('/'));
        return doc ? documentResource(doc) : null;
      },
    },
  });
  return d.allowed ? null : d.message;
}
