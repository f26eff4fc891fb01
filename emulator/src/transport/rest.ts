/**
 * The Firestore REST surface (`/v1/projects/{p}/databases/{d}/documents...`) on top of the engine.
 * Request bodies are proto3 JSON (browsers send them as text/plain); server-streaming RPCs answer
 * a JSON array; failures answer `{"error":{code,message,status}}` with the mapped HTTP status.
 */
import { codecFor, CodecError, stringifyJson, type Msg } from './codec.js';
import type { CallContext, EngineApi } from './engine-api.js';

export interface RestResult {
  status: number;
  body: string;
}

/** Custom methods `...documents[/{path}]:{method}`: engine method, request type, what the URL fills in. */
const CUSTOM: Record<
  string,
  { fn: keyof EngineApi; type: string; urlField: 'database' | 'parent' }
> = {
  commit: { fn: 'commit', type: 'CommitRequest', urlField: 'database' },
  batchGet: { fn: 'batchGetDocuments', type: 'BatchGetDocumentsRequest', urlField: 'database' },
  beginTransaction: {
    fn: 'beginTransaction',
    type: 'BeginTransactionRequest',
    urlField: 'database',
  },
  rollback: { fn: 'rollback', type: 'RollbackRequest', urlField: 'database' },
  batchWrite: { fn: 'batchWrite', type: 'BatchWriteRequest', urlField: 'database' },
  runQuery: { fn: 'runQuery', type: 'RunQueryRequest', urlField: 'parent' },
  runAggregationQuery: {
    fn: 'runAggregationQuery',
    type: 'RunAggregationQueryRequest',
    urlField: 'parent',
  },
  listCollectionIds: {
    fn: 'listCollectionIds',
    type: 'ListCollectionIdsRequest',
    urlField: 'parent',
  },
};

/** Verbs of the Firestore REST API this emulator does not serve: still method calls, answered 501. */
const UNSUPPORTED_VERBS = new Set(['partitionQuery', 'listen', 'write']);

/**
 * Only a trailing `:verb` naming a known method is a method call; any other `:` belongs to a
 * document or collection id (`.../documents/c/a:b`). Checked on the raw path, so an id ending
 * in a verb can still be addressed with an encoded colon (`a%3Acommit`).
 */
export function splitVerb(pathname: string): { path: string; verb?: string } {
  const m = /:([A-Za-z]+)$/.exec(pathname);
  if (m && (Object.hasOwn(CUSTOM, m[1]!) || UNSUPPORTED_VERBS.has(m[1]!))) {
    return { path: pathname.slice(0, -m[0].length), verb: m[1]! };
  }
  return { path: pathname };
}

const ROUTE = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents((?:\/[^/]+)*)\/?$/;

export class RestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new CodecError(`Invalid path segment: ${s}`);
  }
}

/** `a.b=1&a.b=2` style repeated query params (`mask.fieldPaths`, `updateMask.fieldPaths`). */
function all(q: URLSearchParams, name: string): string[] | undefined {
  const v = q.getAll(name);
  return v.length ? v : undefined;
}

function precondition(q: URLSearchParams): Msg | undefined {
  const exists = q.get('currentDocument.exists');
  if (exists !== null) return { exists: exists === 'true' };
  const updateTime = q.get('currentDocument.updateTime');
  if (updateTime !== null) return { updateTime };
  return undefined;
}

function parseBody(body: string): Msg {
  if (!body.trim()) return {};
  try {
    const v = JSON.parse(body) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error();
    return v as Msg;
  } catch {
    throw new CodecError('Invalid JSON payload received.');
  }
}

function compact(o: Msg): Msg {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

/** Returns undefined when the path is not a Firestore REST path (caller answers 404). */
export async function handleRest(
  engine: EngineApi,
  ctx: CallContext,
  method: string,
  url: URL,
  body: string,
): Promise<RestResult | undefined> {
  const { path, verb: custom } = splitVerb(url.pathname);
  const m = ROUTE.exec(path);
  if (!m) return undefined;
  const project = decodeSegment(m[1]!);
  const databaseId = decodeSegment(m[2]!);
  const database = `projects/${project}/databases/${databaseId}`;
  const segments = (m[3] ?? '').split('/').filter(Boolean).map(decodeSegment);
  const root = `${database}/documents`;
  const resourcePath = segments.length ? `${root}/${segments.join('/')}` : root;
  const q = url.searchParams;

  const call = (fn: keyof EngineApi, req: Msg) =>
    (engine[fn] as (c: CallContext, r: Msg) => Promise<unknown>).call(engine, ctx, req);
  const ok = (value: unknown): RestResult => ({ status: 200, body: stringifyJson(value ?? {}) });

  if (custom) {
    const spec = CUSTOM[custom];
    if (!spec) throw new RestError(12, `Method ${custom} is not supported by this emulator.`);
    if (method !== 'POST') throw new RestError(12, `Use POST for :${custom}.`);
    const req = codecFor(spec.type).fromJson({
      ...parseBody(body),
      [spec.urlField]: spec.urlField === 'database' ? database : resourcePath,
    });
    return ok(await call(spec.fn, req));
  }

  const isDoc = segments.length > 0 && segments.length % 2 === 0;
  const mask = all(q, 'mask.fieldPaths');
  switch (method) {
    case 'GET': {
      if (isDoc) {
        const req = codecFor('GetDocumentRequest').fromJson(
          compact({
            name: resourcePath,
            mask: mask && { fieldPaths: mask },
            transaction: q.get('transaction') ?? undefined,
            readTime: q.get('readTime') ?? undefined,
          }),
        );
        return ok(await call('getDocument', req));
      }
      const collectionId = segments.length ? segments[segments.length - 1]! : '';
      const parent = segments.length > 1 ? `${root}/${segments.slice(0, -1).join('/')}` : root;
      const req = codecFor('ListDocumentsRequest').fromJson(
        compact({
          parent,
          collectionId,
          pageSize: q.get('pageSize') ?? undefined,
          pageToken: q.get('pageToken') ?? undefined,
          orderBy: q.get('orderBy') ?? undefined,
          mask: mask && { fieldPaths: mask },
          showMissing: q.has('showMissing') ? q.get('showMissing') === 'true' : undefined,
          transaction: q.get('transaction') ?? undefined,
          readTime: q.get('readTime') ?? undefined,
        }),
      );
      return ok(await call('listDocuments', req));
    }
    case 'POST': {
      if (isDoc || !segments.length) throw new RestError(3, 'POST needs a collection path.');
      const collectionId = segments[segments.length - 1]!;
      const parent = segments.length > 1 ? `${root}/${segments.slice(0, -1).join('/')}` : root;
      const req = codecFor('CreateDocumentRequest').fromJson(
        compact({
          parent,
          collectionId,
          documentId: q.get('documentId') ?? undefined,
          document: parseBody(body),
          mask: mask && { fieldPaths: mask },
        }),
      );
      return ok(await call('createDocument', req));
    }
    case 'PATCH': {
      if (!isDoc) throw new RestError(3, 'PATCH needs a document path.');
      const updateMask = all(q, 'updateMask.fieldPaths');
      const req = codecFor('UpdateDocumentRequest').fromJson(
        compact({
          document: { ...parseBody(body), name: resourcePath },
          updateMask: updateMask && { fieldPaths: updateMask },
          mask: mask && { fieldPaths: mask },
          currentDocument: precondition(q),
        }),
      );
      return ok(await call('updateDocument', req));
    }
    case 'DELETE': {
      if (!isDoc) throw new RestError(3, 'DELETE needs a document path.');
      const req = codecFor('DeleteDocumentRequest').fromJson(
        compact({ name: resourcePath, currentDocument: precondition(q) }),
      );
      await call('deleteDocument', req);
      return ok({});
    }
    default:
      throw new RestError(12, `Method ${method} is not supported.`);
  }
}
