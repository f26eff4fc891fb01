/**
 * Adapter from the rules language (src/rules) to the storage server's rules hook: builds the
 * `request` / `resource` values storage rules see and maps firestore.get()/exists() onto the
 * Firestore lookup callback. Kept in src/storage so the rules part stays storage-agnostic.
 */
import { ANY_ONE, compileRules, evaluateRules, type PathSeg } from '../rules/ruleset.js';
import { fromJs, RBytes, RLatLng, RMap, RPath, RTimestamp, type Value } from '../rules/values.js';
import type {
  RulesFile,
  StorageAuthorizer,
  StorageAuthzRequest,
  StorageRulesCompiler,
  StorageRulesResource,
} from './rules-hook.js';

/** Rules see object fields with their documented types: size/generation ints, times as timestamps. */
function resourceValue(r: StorageRulesResource): Value {
  const m = new Map<string, Value>([
    ['name', r.name],
    ['bucket', r.bucket],
    ['generation', BigInt(r.generation)],
    ['metageneration', BigInt(r.metageneration)],
    ['size', BigInt(r.size)],
    ['timeCreated', RTimestamp.fromMillis(r.timeCreated.getTime())],
    ['updated', RTimestamp.fromMillis(r.updated.getTime())],
    ['md5Hash', r.md5Hash],
    ['crc32c', r.crc32c],
    ['etag', r.etag],
    ['contentType', r.contentType],
    ['metadata', fromJs(r.metadata)],
  ]);
  for (const f of [
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
    'cacheControl',
  ] as const) {
    if (r[f] !== undefined) m.set(f, r[f]);
  }
  return new RMap(m);
}

/** A Firestore Value in internal JSON (DESIGN.md) to a rules value. */
function firestoreValue(v: Record<string, unknown>): Value {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return Boolean(v['booleanValue']);
  if ('integerValue' in v) return BigInt(String(v['integerValue']));
  if ('doubleValue' in v) return Number(v['doubleValue']);
  if ('timestampValue' in v) return RTimestamp.parse(String(v['timestampValue']));
  if ('stringValue' in v) return String(v['stringValue']);
  if ('bytesValue' in v) return new RBytes(Buffer.from(String(v['bytesValue']), 'base64'));
  if ('referenceValue' in v) {
    // projects/p/databases/d/documents/... -> /databases/d/documents/...
    const segs = String(v['referenceValue']).split('/');
    return new RPath(segs.slice(2));
  }
  if ('geoPointValue' in v) {
    const g = v['geoPointValue'] as { latitude?: number; longitude?: number };
    return new RLatLng(g.latitude ?? 0, g.longitude ?? 0);
  }
  if ('arrayValue' in v) {
    const a = v['arrayValue'] as { values?: Record<string, unknown>[] };
    return (a.values ?? []).map(firestoreValue);
  }
  if ('mapValue' in v)
    return fieldsValue(
      (v['mapValue'] as { fields?: Record<string, Record<string, unknown>> }).fields,
    );
  return null;
}

function fieldsValue(fields: Record<string, Record<string, unknown>> | undefined): RMap {
  const m = new Map<string, Value>();
  for (const [k, x] of Object.entries(fields ?? {})) m.set(k, firestoreValue(x));
  return new RMap(m);
}

/** A document read by `firestore.get()` from what was fetched so far (null: none, or not yet). */
type CachedLookup = (projectId: string, databaseId: string, path: string) => unknown;

function evaluate(
  rs: ReturnType<typeof compileRules>,
  req: StorageAuthzRequest,
  lookup: CachedLookup | null,
): string | null {
  const path = ['b', req.bucket, 'o', ...req.path.split('/').filter((s) => s !== '')];
  const auth = req.auth ? fromJs({ uid: req.auth.uid, token: req.auth.token }) : null;
  const request = new RMap(
    new Map<string, Value>([
      ['auth', auth],
      ['method', req.method],
      ['path', new RPath(path)],
      ['time', RTimestamp.fromMillis(req.time.getTime())],
      ['resource', req.requestResource ? resourceValue(req.requestResource) : null],
    ]),
  );
  const decide = (matchPath: PathSeg[]) =>
    evaluateRules(rs, {
      service: 'firebase.storage',
      path: matchPath,
      method: req.method,
      request,
      resource: req.resource ? resourceValue(req.resource) : null,
      services: {
        // firestore.get(/databases/(default)/documents/users/$(uid)): the lookup receives the
        // document path relative to `documents` ("users/alice").
        firestoreGet(p: RPath): Value {
          if (!lookup) return null;
          const s = p.segments;
          if (s[0] !== 'databases' || s[2] !== 'documents' || s.length < 5) return null;
          const relative = s.slice(3).join('/');
          const doc = lookup(req.projectId, s[1]!, relative) as {
            name?: string;
            fields?: Record<string, Record<string, unknown>>;
          } | null;
          if (!doc) return null;
          return new RMap(
            new Map<string, Value>([
              ['data', fieldsValue(doc.fields)],
              ['id', s[s.length - 1]!],
              ['__name__', new RPath(s)],
            ]),
          );
        },
      },
    });
  const decision = decide(path);
  if (decision.allowed) return null;
  if (req.method === 'list') {
    // A listing of the folder `a/b/` is also granted by rules written for the files directly in
    // it (`match /a/b/{file}`), as in production (firebase-tools#3533) and in the official
    // emulator, which hands the delimiter to its rules runtime for this (firebase-tools#4827).
    // The child segment is unknown: a condition that reads its wildcard cannot grant the list.
    const child = decide([...path, ANY_ONE]);
    if (child.allowed) return null;
  }
  return (decision.message ?? 'denied').trim();
}

/** The StorageRulesCompiler backed by src/rules. Throws the parse error on bad syntax. */
export const storageRulesCompiler: StorageRulesCompiler = (
  files: RulesFile[],
): StorageAuthorizer => {
  const source = files.map((f) => f.content).join('\n');
  // Compiled once, at load time: syntax errors surface then, not on the first request.
  const rs = compileRules(source);
  return (req) => evaluateFetching(rs, req);
};

/** At most this many passes: each fetches at least one new document (production allows 10 reads). */
const MAX_LOOKUP_PASSES = 12;

/**
 * The rules evaluator is synchronous, while documents come from a Firestore emulator over the
 * network. So evaluation runs in passes: a pass that asks for a document not fetched yet sees
 * null, records the path, and its verdict is discarded; the documents are fetched and the rules
 * run again. Evaluation is pure, so the final pass (one that needed nothing new) is exactly the
 * verdict with every document known.
 */
async function evaluateFetching(
  rs: ReturnType<typeof compileRules>,
  req: StorageAuthzRequest,
): Promise<string | null> {
  const source = req.firestore;
  if (!source) return evaluate(rs, req, null);
  const cache = new Map<string, unknown>();
  for (let pass = 0; pass < MAX_LOOKUP_PASSES; pass++) {
    const missing = new Map<string, [string, string, string]>();
    const verdict = evaluate(rs, req, (p, d, path) => {
      const key = `${p}\u0000${d}\u0000${path}`;
      if (cache.has(key)) return cache.get(key);
      missing.set(key, [p, d, path]);
      return null;
    });
    if (!missing.size) return verdict;
    try {
      await Promise.all(
        [...missing].map(async ([key, [p, d, path]]) =>
          cache.set(key, (await source(p, d, path)) ?? null),
        ),
      );
    } catch (err) {
      // As in production: a cross-service read that fails is an error, and errors deny.
      return `firestore.get(): ${(err as Error).message}`;
    }
  }
  return 'firestore.get(): too many documents read by one request';
}
