/**
 * HTTP/1.1 server for both storage protocols on one port:
 * - Firebase Storage REST (`/v0/b/{bucket}/o...`) as spoken by the firebase web SDK, with
 *   storage rules applied to non-admin callers;
 * - the Cloud Storage JSON API subset used by @google-cloud/storage when STORAGE_EMULATOR_HOST
 *   is set (`/b/...`, `/storage/v1/b/...`, `/upload/storage/v1/...`, `/download/storage/v1/...`),
 *   always privileged like the official emulator;
 * - emulator control used by @firebase/rules-unit-testing (`PUT /internal/setRules`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { callerFromAuthorization, type CallerContext } from './auth.js';
import { MultipartError, boundaryOf, receiveMultipart } from './multipart.js';
import type {
  FirestoreLookup,
  RulesFile,
  StorageAuthorizer,
  StorageMethod,
  StorageRulesCompiler,
  StorageRulesResource,
} from './rules-hook.js';
import { storageRulesCompiler } from './storage-rules.js';
import {
  OPTIONAL_FIELDS,
  ObjectStore,
  StreamHasher,
  TOKENS_KEY,
  TransferStats,
  hashFilePrefix,
  type Hashes,
  type StoredObject,
} from './store.js';

export interface StorageServerOptions {
  host?: string;
  port?: number;
  /** Used for `firestore.get()` in storage rules; bucket -> project is derived from the bucket name otherwise. */
  projectId?: string;
  firestore?: { lookup(projectId: string, databaseId: string, path: string): unknown };
  /** Defaults to the src/rules-backed compiler; pass null to ignore loaded rules (allow all). */
  rulesCompiler?: StorageRulesCompiler | null;
  /**
   * Told after every change to an object, with the object's GCS JSON resource (for a delete: as
   * it was), like production's object events. Errors it throws are ignored.
   */
  onObjectEvent?: (event: StorageObjectEvent) => void | Promise<void>;
}

/** The actions of Cloud Storage object events (google.cloud.storage.object.v1.*). */
export type StorageObjectAction = 'finalize' | 'delete' | 'metadataUpdate';

export interface StorageObjectEvent {
  action: StorageObjectAction;
  /** The object resource as the GCS JSON API shows it. */
  object: Record<string, unknown>;
}

export interface StorageServer {
  host: string;
  port: number;
  /** Loads storage.rules for one bucket, or for every bucket with '*' (or a project id). */
  setRules(bucketOrProject: string, files: RulesFile[]): void;
  /** Plugs in the rules language; rules already loaded are compiled now. */
  setRulesCompiler(compiler: StorageRulesCompiler | null): void;
  clear(): Promise<void>;
  exportTo(dir: string): Promise<void>;
  importFrom(dir: string): Promise<void>;
  /**
   * Memory/IO counters since start or the last reset: the most request-body bytes held in
   * memory at once, bytes read back from disk to hash uploads, bytes downloads streamed.
   */
  transferStats(reset?: boolean): {
    peakHeld: number;
    rehashedBytes: number;
    streamedOutBytes: number;
  };
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason = 'invalid',
  ) {
    super(message);
  }
}

const EXPOSED_HEADERS = [
  'X-Goog-Upload-URL',
  'X-Goog-Upload-Status',
  'X-Goog-Upload-Size-Received',
  'X-Goog-Upload-Chunk-Granularity',
  'X-Goog-Upload-Control-URL',
  'X-Goog-Hash',
  'X-Goog-Generation',
  'X-Goog-Metageneration',
  'Location',
  'Range',
  'Content-Range',
  'Content-Disposition',
  'Content-Encoding',
  'Content-Language',
  'Content-Length',
  'Content-Type',
  'Cache-Control',
  'ETag',
].join(', ');

interface UploadMeta {
  contentType: string;
  metadata: Record<string, string>;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
}

interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  firebase: boolean;
  caller: CallerContext;
  meta: UploadMeta;
  declaredSize: number | null;
  tmpFile: string;
  received: number;
  /** md5/crc32c of the `received` bytes, updated as chunks stream to disk. */
  hasher: StreamHasher;
  state: 'active' | 'final' | 'cancelled';
  result: StoredObject | null;
  /** Chunks of one session are applied one after another. */
  queue: Promise<unknown>;
  ifGenerationMatch: string | null;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Custom metadata values are strings on the wire; numbers/booleans are coerced like GCS does. */
function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) if (x != null) out[k] = String(x);
  return out;
}

function uploadMetaFrom(
  json: Record<string, unknown>,
  fallbackContentType: string | undefined,
): UploadMeta {
  const meta: UploadMeta = {
    contentType: str(json['contentType']) || fallbackContentType || 'application/octet-stream',
    metadata: stringMap(json['metadata']),
  };
  for (const f of OPTIONAL_FIELDS) {
    const v = str(json[f]);
    if (v !== undefined) meta[f] = v;
  }
  return meta;
}

function etagOf(o: StoredObject): string {
  return createHash('md5')
    .update(`${o.bucket}/${o.name}#${o.generation}/${o.metageneration}`)
    .digest('base64');
}

const DEFAULT_BUCKET_SUFFIX = /\.(appspot\.com|firebasestorage\.app)$/;

function projectOfBucket(bucket: string): string {
  return bucket.replace(DEFAULT_BUCKET_SUFFIX, '');
}

function toRulesResource(o: StoredObject): StorageRulesResource {
  const r: StorageRulesResource = {
    name: o.name,
    bucket: o.bucket,
    generation: Number(o.generation),
    metageneration: o.metageneration,
    size: o.size,
    timeCreated: new Date(o.timeCreated),
    updated: new Date(o.updated),
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    etag: etagOf(o),
    contentType: o.contentType,
    metadata: { ...o.metadata },
  };
  for (const f of OPTIONAL_FIELDS) if (o[f] !== undefined) r[f] = o[f];
  return r;
}

/** Object resource in the Firebase Storage REST form (what the web SDK's metadata mappings read). */
function firebaseResource(o: StoredObject): Record<string, unknown> {
  const { [TOKENS_KEY]: tokens, ...custom } = o.metadata;
  const r: Record<string, unknown> = {
    name: o.name,
    bucket: o.bucket,
    generation: o.generation,
    metageneration: String(o.metageneration),
    contentType: o.contentType,
    timeCreated: o.timeCreated,
    updated: o.updated,
    storageClass: 'STANDARD',
    size: String(o.size),
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    etag: etagOf(o),
  };
  for (const f of OPTIONAL_FIELDS) if (o[f] !== undefined) r[f] = o[f];
  // As Google's emulator and the service answer: an object stored without an encoding is served
  // as is.
  r['contentEncoding'] ??= 'identity';
  if (Object.keys(custom).length > 0) r['metadata'] = custom;
  if (tokens) r['downloadTokens'] = tokens;
  return r;
}

/** Object resource in the GCS JSON API form. */
function gcsResource(o: StoredObject, base: string): Record<string, unknown> {
  const enc = encodeURIComponent(o.name);
  const r: Record<string, unknown> = {
    kind: 'storage#object',
    id: `${o.bucket}/${o.name}/${o.generation}`,
    selfLink: `${base}/storage/v1/b/${o.bucket}/o/${enc}`,
    mediaLink: `${base}/download/storage/v1/b/${o.bucket}/o/${enc}?generation=${o.generation}&alt=media`,
    name: o.name,
    bucket: o.bucket,
    generation: o.generation,
    metageneration: String(o.metageneration),
    contentType: o.contentType,
    storageClass: 'STANDARD',
    size: String(o.size),
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    etag: etagOf(o),
    timeCreated: o.timeCreated,
    updated: o.updated,
    timeStorageClassUpdated: o.timeCreated,
  };
  for (const f of OPTIONAL_FIELDS) if (o[f] !== undefined) r[f] = o[f];
  if (Object.keys(o.metadata).length > 0) r['metadata'] = { ...o.metadata };
  return r;
}

function bucketResource(name: string): Record<string, unknown> {
  return {
    kind: 'storage#bucket',
    id: name,
    name,
    projectNumber: '0',
    metageneration: '1',
    location: 'US',
    storageClass: 'STANDARD',
    etag: 'CAE=',
    timeCreated: new Date(0).toISOString(),
    updated: new Date(0).toISOString(),
  };
}

/**
 * Applies a metadata PATCH body (same field semantics in both APIs): a string sets a field,
 * `null` deletes it, absent leaves it; `metadata: null` removes all custom metadata, and
 * `metadata: {k: null}` removes one key.
 */
function applyPatch(
  o: StoredObject,
  body: Record<string, unknown>,
  keepTokens: boolean,
): StoredObject {
  const next: StoredObject = { ...o, metadata: { ...o.metadata } };
  if ('contentType' in body)
    next.contentType = str(body['contentType']) ?? 'application/octet-stream';
  for (const f of OPTIONAL_FIELDS) {
    if (!(f in body)) continue;
    const v = body[f];
    if (v === null) delete next[f];
    else if (typeof v === 'string') next[f] = v;
  }
  if ('metadata' in body) {
    const m = body['metadata'];
    if (m === null) {
      const tokens = next.metadata[TOKENS_KEY];
      next.metadata = keepTokens && tokens ? { [TOKENS_KEY]: tokens } : {};
    } else if (m && typeof m === 'object') {
      for (const [k, v] of Object.entries(m)) {
        if (v === null) delete next.metadata[k];
        else next.metadata[k] = String(v);
      }
    }
  }
  return next;
}

/** Reads a (small, capped) JSON body; the bytes held count in `stats`. */
async function readJson(
  stats: TransferStats,
  req: http.IncomingMessage,
  limit = 1024 * 1024,
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let n = 0;
  let text: string;
  try {
    for await (const c of req) {
      const b = c as Buffer;
      n += b.length;
      stats.hold(b.length);
      if (n > limit) throw new HttpError(413, 'Request body too large.');
      chunks.push(b);
    }
    text = Buffer.concat(chunks).toString('utf8').trim();
  } finally {
    stats.hold(-n);
  }
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw new HttpError(400, 'Invalid JSON body.');
}

/** Drains a body we do not need so keep-alive connections stay usable. */
async function drain(req: http.IncomingMessage): Promise<void> {
  for await (const _ of req) {
    /* discard */
  }
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  let start: number;
  let end: number;
  if (m[1] === '' && m[2] === '') return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return size === 0 ? null : 'invalid';
  return { start, end };
}

export async function startStorageServer(
  options: StorageServerOptions = {},
): Promise<StorageServer> {
  const store = await ObjectStore.create();
  const stats = new TransferStats();
  const sessions = new Map<string, UploadSession>();
  const rulesSource = new Map<string, RulesFile[]>();
  const authorizers = new Map<string, StorageAuthorizer>();
  // The rules language from src/rules by default; `rulesCompiler: null` would be allow-all.
  let compiler: StorageRulesCompiler | null =
    options.rulesCompiler === undefined ? storageRulesCompiler : options.rulesCompiler;
  const lookup: FirestoreLookup | null = options.firestore
    ? (p, d, path) => options.firestore!.lookup(p, d, path)
    : null;

  const compileInto = (key: string, files: RulesFile[]): void => {
    if (compiler) authorizers.set(key, compiler(files));
    else authorizers.delete(key);
  };

  /** '*' (or a bare project id) applies to every bucket without bucket-specific rules. */
  const authorizerFor = (bucket: string): StorageAuthorizer | null =>
    authorizers.get(bucket) ??
    authorizers.get(projectOfBucket(bucket)) ??
    authorizers.get('*') ??
    null;

  /**
   * The project whose Firestore data `firestore.get()` reads: a default bucket names its
   * project (`p.appspot.com`, `p.firebasestorage.app`), so one emulator serves tests of several
   * projects; any other bucket belongs to the configured project.
   */
  /** Object events go out after the response path has moved on: a slow listener delays nobody. */
  const notify = (action: StorageObjectAction, o: StoredObject): void => {
    const listener = options.onObjectEvent;
    if (!listener) return;
    const object = gcsResource(o, `http://${options.host ?? '127.0.0.1'}:${addressPort}`);
    setImmediate(() => {
      Promise.resolve()
        .then(() => listener({ action, object }))
        .catch(() => undefined);
    });
  };
  let addressPort = options.port ?? 0;

  const projectFor = (bucket: string): string =>
    DEFAULT_BUCKET_SUFFIX.test(bucket) ? projectOfBucket(bucket) : (options.projectId ?? bucket);

  /** Throws 403 when rules refuse. Admin callers and buckets without compiled rules are allowed. */
  const authorize = async (
    caller: CallerContext,
    method: StorageMethod,
    bucket: string,
    path: string,
    existing: StoredObject | null,
    incoming: StoredObject | null,
  ): Promise<void> => {
    if (caller.admin) return;
    const authz = authorizerFor(bucket);
    if (!authz) return;
    const denied = await authz({
      bucket,
      path,
      method,
      auth: caller.auth,
      resource: existing ? toRulesResource(existing) : null,
      requestResource: incoming ? toRulesResource(incoming) : null,
      time: new Date(),
      projectId: projectFor(bucket),
      firestore: lookup,
    });
    if (denied !== null)
      throw new HttpError(403, `Permission denied. ${denied}`.trim(), 'forbidden');
  };

  /** The would-be object a write creates, as `request.resource` sees it. */
  const incomingObject = (
    bucket: string,
    name: string,
    meta: UploadMeta,
    hashes: Hashes,
    existing: StoredObject | null,
  ): StoredObject => {
    const now = new Date().toISOString();
    const o: StoredObject = {
      bucket,
      name,
      generation: String(BigInt(Date.now()) * 1000n),
      metageneration: 1,
      ...hashes,
      contentType: meta.contentType,
      metadata: { ...meta.metadata },
      timeCreated: existing?.timeCreated ?? now,
      updated: now,
      blob: '',
    };
    for (const f of OPTIONAL_FIELDS) if (meta[f] !== undefined) o[f] = meta[f];
    return o;
  };

  /**
   * Rules at the start of a resumable upload, from what the client declared (size, content
   * type, metadata), so a refused upload fails before any bytes are sent. The hashes are not
   * known yet: the rules run with two different stand-ins and the start is refused only when
   * both are refused, i.e. when the hashes cannot change the outcome for these stand-ins. The
   * check at finalize, with the real bytes, still applies.
   */
  const authorizeDeclared = async (
    caller: CallerContext,
    bucket: string,
    name: string,
    meta: UploadMeta,
    declaredSize: number | null,
  ): Promise<void> => {
    if (
      caller.admin ||
      declaredSize === null ||
      !Number.isSafeInteger(declaredSize) ||
      declaredSize < 0
    )
      return;
    if (!authorizerFor(bucket)) return;
    const existing = store.get(bucket, name);
    let refusal: unknown = null;
    for (const [md5Hash, crc32c] of [
      ['AAAAAAAAAAAAAAAAAAAAAA==', 'AAAAAA=='],
      ['/////////////////////w==', '/////w=='],
    ] as const) {
      const incoming = incomingObject(
        bucket,
        name,
        meta,
        { md5Hash, crc32c, size: declaredSize },
        existing,
      );
      try {
        await authorize(caller, 'create', bucket, name, existing, incoming);
        return;
      } catch (e) {
        if (!(e instanceof HttpError && e.status === 403)) throw e;
        refusal = e;
      }
    }
    throw refusal;
  };

  /**
   * Builds the would-be object for `request.resource`, checks rules, then commits the temp file.
   * Every upload is judged by the `create` rule, an upload over an existing object too (with
   * `resource` set to it), as Google's Storage emulator and production do; `update` is for
   * metadata changes only. So `allow create: if resource == null` forbids overwriting.
   * Used by every upload path of both APIs so create/update rules see size and content type.
   * `hashes` were computed while the bytes streamed to `tmpFile`.
   */
  const finishUpload = async (
    caller: CallerContext,
    bucket: string,
    name: string,
    tmpFile: string,
    hashes: Hashes,
    meta: UploadMeta,
    firebase: boolean,
    ifGenerationMatch: string | null,
  ): Promise<StoredObject> => {
    try {
      const existing = store.get(bucket, name);
      if (ifGenerationMatch !== null) {
        const ok =
          ifGenerationMatch === '0' ? !existing : existing?.generation === ifGenerationMatch;
        if (!ok)
          throw new HttpError(
            412,
            'At least one of the pre-conditions you specified did not hold.',
            'conditionNotMet',
          );
      }
      const incoming = incomingObject(bucket, name, meta, hashes, existing);
      await authorize(caller, 'create', bucket, name, existing, incoming);
      // Firebase uploads always get a download token, like the real service; added after the
      // rules check so `request.resource.metadata` holds only what the client sent.
      if (firebase && !meta.metadata[TOKENS_KEY]) meta.metadata[TOKENS_KEY] = randomUUID();
      // Firebase uploads are shown in the browser unless they say otherwise (Google's emulator).
      if (firebase && !meta.contentDisposition) meta.contentDisposition = 'inline';
      const stored = await store.commit(bucket, name, tmpFile, meta, hashes);
      notify('finalize', stored);
      return stored;
    } catch (e) {
      await fsp.rm(tmpFile, { force: true });
      throw e;
    }
  };

  /**
   * Appends one request body to a resumable session at `offset`, hashing it on the way to disk;
   * a cut-off chunk is discarded (and the hash state rolled back to before it).
   */
  const writeChunk = async (
    s: UploadSession,
    req: http.IncomingMessage,
    offset: number,
  ): Promise<void> => {
    if (offset > s.received)
      throw new HttpError(400, `Upload offset ${offset} is past the ${s.received} bytes received.`);
    if (offset < s.hasher.size) {
      // A client re-sending bytes already received: rehash the kept prefix (rare).
      s.hasher = await hashFilePrefix(s.tmpFile, offset);
      stats.rehashedBytes += offset;
    }
    const before = s.hasher.copy();
    const ws = createWriteStream(s.tmpFile, { flags: 'r+', start: offset });
    try {
      await pipeline(req, s.hasher.tap(), ws);
      s.received = offset + ws.bytesWritten;
    } catch (e) {
      s.received = offset;
      s.hasher = before;
      throw e;
    } finally {
      await fsp.truncate(s.tmpFile, s.received).catch(() => undefined);
    }
  };

  /**
   * The body of a one-shot upload (multipart: JSON metadata part + media part; otherwise the
   * raw media) streamed into a temp file and hashed on the way; nothing but the metadata part
   * and the multipart parser's small tail is held in memory.
   */
  const receiveOneShot = async (
    req: http.IncomingMessage,
    multipart: boolean,
    q: URLSearchParams,
  ): Promise<{ tmp: string; meta: UploadMeta; name: string | null; hashes: Hashes }> => {
    const tmp = store.tempPath();
    try {
      if (multipart) {
        const boundary = boundaryOf(req.headers['content-type']);
        if (!boundary) throw new HttpError(400, 'Missing multipart boundary.');
        const mp = await receiveMultipart(req, boundary, tmp, stats);
        return {
          tmp,
          meta: uploadMetaFrom(mp.metadata, mp.mediaContentType),
          name: str(mp.metadata['name']) ?? q.get('name'),
          hashes: mp.hashes,
        };
      }
      // Raw upload: the body is the media, metadata only from headers.
      const hasher = StreamHasher.create();
      await pipeline(req, hasher.tap(), createWriteStream(tmp));
      return {
        tmp,
        meta: uploadMetaFrom({}, req.headers['content-type']),
        name: q.get('name'),
        hashes: hasher.digest(),
      };
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
  };

  const newSession = async (
    caller: CallerContext,
    bucket: string,
    name: string,
    meta: UploadMeta,
    declaredSize: number | null,
    firebase: boolean,
    ifGenerationMatch: string | null,
  ): Promise<UploadSession> => {
    const s: UploadSession = {
      id: randomUUID().replace(/-/g, ''),
      bucket,
      name,
      firebase,
      caller,
      meta,
      declaredSize,
      tmpFile: store.tempPath(),
      received: 0,
      hasher: StreamHasher.create(),
      state: 'active',
      result: null,
      queue: Promise.resolve(),
      ifGenerationMatch,
    };
    await fsp.writeFile(s.tmpFile, '');
    sessions.set(s.id, s);
    return s;
  };

  const finalizeSession = async (s: UploadSession): Promise<StoredObject> => {
    if (s.state === 'final' && s.result) return s.result;
    if (s.state === 'cancelled') throw new HttpError(499, 'Upload was cancelled.');
    if (s.declaredSize !== null && s.received !== s.declaredSize) {
      throw new HttpError(
        400,
        `Upload is ${s.received} bytes but ${s.declaredSize} were declared.`,
      );
    }
    try {
      s.result = await finishUpload(
        s.caller,
        s.bucket,
        s.name,
        s.tmpFile,
        s.hasher.digest(),
        s.meta,
        s.firebase,
        s.ifGenerationMatch,
      );
      s.state = 'final';
      return s.result;
    } catch (e) {
      // A refused or failed upload cannot be retried: the temp file is gone.
      s.state = 'cancelled';
      throw e;
    }
  };

  const cancelSession = async (s: UploadSession): Promise<void> => {
    if (s.state === 'active') {
      s.state = 'cancelled';
      await fsp.rm(s.tmpFile, { force: true });
    }
  };

  /** Serializes work on one session (a retried chunk must not race the one it replaces). */
  const onSession = <T>(s: UploadSession, fn: () => Promise<T>): Promise<T> => {
    const p = s.queue.then(fn, fn);
    s.queue = p.catch(() => undefined);
    return p;
  };

  // ---------------------------------------------------------------- responses

  const cors = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const origin = req.headers.origin;
    if (origin) {
      // Echo the origin (not '*') so credentialed browser requests are accepted.
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    } else {
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  };

  const sendJson = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  };

  /**
   * One error shape for both APIs: `{error:{code,message}}` is what the web SDK reads (it maps
   * 404 to storage/object-not-found and 403 to storage/unauthorized); `errors[]` is what the
   * GCS client reads.
   */
  const sendError = (
    res: http.ServerResponse,
    status: number,
    message: string,
    reason = 'invalid',
  ): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, status, {
      error: { code: status, message, errors: [{ message, domain: 'global', reason }] },
    });
  };

  const notFound = (firebase: boolean, bucket: string, name: string): HttpError =>
    new HttpError(404, firebase ? 'Not Found.' : `No such object: ${bucket}/${name}`, 'notFound');

  const sendMedia = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    o: StoredObject,
  ): Promise<void> => {
    const headers: Record<string, string> = {
      'Content-Type': o.contentType,
      ETag: etagOf(o),
      'Last-Modified': new Date(o.updated).toUTCString(),
      'X-Goog-Generation': o.generation,
      'X-Goog-Metageneration': String(o.metageneration),
      'X-Goog-Stored-Content-Length': String(o.size),
      'Accept-Ranges': 'bytes',
    };
    if (o.cacheControl) headers['Cache-Control'] = o.cacheControl;
    if (o.contentDisposition) headers['Content-Disposition'] = o.contentDisposition;
    if (o.contentEncoding) headers['Content-Encoding'] = o.contentEncoding;
    if (o.contentLanguage) headers['Content-Language'] = o.contentLanguage;
    const range = parseRange(req.headers.range, o.size);
    if (range === 'invalid') {
      res.writeHead(416, { 'Content-Range': `bytes */${o.size}` });
      res.end();
      return;
    }
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${o.size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      res.writeHead(206, headers);
    } else {
      // Hashes describe the whole object; only sent with it so the GCS client can validate.
      headers['X-Goog-Hash'] = `crc32c=${o.crc32c},md5=${o.md5Hash}`;
      headers['Content-Length'] = String(o.size);
      res.writeHead(200, headers);
    }
    if (req.method === 'HEAD' || o.size === 0) {
      res.end();
      return;
    }
    // Straight from disk in the read stream's chunks; counted before each is sent.
    await pipeline(
      createReadStream(store.blobPath(o), range ?? {}),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          stats.streamedOutBytes += chunk.length;
          yield chunk;
        }
      },
      res,
    );
  };

  // ---------------------------------------------------------------- Firebase REST

  const handleFirebase = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    bucket: string,
    rawName: string | null,
  ): Promise<void> => {
    const caller = callerFromAuthorization(req.headers.authorization);
    const method = req.method ?? 'GET';
    const q = url.searchParams;
    const base = `http://${req.headers.host ?? 'localhost'}`;

    if (rawName === null) {
      if (method === 'GET') {
        const prefix = q.get('prefix') ?? '';
        const delimiter = q.get('delimiter') ?? '';
        // Rules see the folder without its trailing slashes (`public/` -> /public), like the
        // official emulator; storage-rules.ts also lets `match /public/{file}` grant it.
        await authorize(caller, 'list', bucket, prefix.replace(/\/+$/, ''), null, null);
        const maxResults = q.has('maxResults') ? Number(q.get('maxResults')) : undefined;
        if (maxResults !== undefined && !(Number.isInteger(maxResults) && maxResults > 0))
          throw new HttpError(400, 'Invalid maxResults.');
        const r = store.list(bucket, {
          prefix,
          delimiter,
          pageToken: q.get('pageToken') ?? undefined,
          maxResults,
        });
        const body: Record<string, unknown> = {
          prefixes: r.prefixes,
          items: r.items.map((o) => ({ name: o.name, bucket: o.bucket })),
        };
        if (r.nextPageToken) body['nextPageToken'] = r.nextPageToken;
        sendJson(res, 200, body);
        return;
      }
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed.');
      const uploadId = q.get('upload_id');
      if (uploadId) {
        const s = sessions.get(uploadId);
        if (!s) throw new HttpError(404, 'Upload session not found.', 'notFound');
        await firebaseResumableCommand(req, res, s);
        return;
      }
      const protocol =
        (req.headers['x-goog-upload-protocol'] as string | undefined)?.toLowerCase() ??
        q.get('uploadType') ??
        'raw';
      if (protocol === 'resumable') {
        const command = String(req.headers['x-goog-upload-command'] ?? '').toLowerCase();
        if (command !== 'start') throw new HttpError(400, `Unexpected upload command ${command}.`);
        const json = await readJson(stats, req);
        const name = str(json['name']) ?? q.get('name');
        if (!name) throw new HttpError(400, 'Missing object name.');
        const declared = req.headers['x-goog-upload-header-content-length'];
        const meta = uploadMetaFrom(
          json,
          req.headers['x-goog-upload-header-content-type'] as string | undefined,
        );
        const declaredSize = declared ? Number(declared) : null;
        await authorizeDeclared(caller, bucket, name, meta, declaredSize);
        const s = await newSession(caller, bucket, name, meta, declaredSize, true, null);
        const uploadUrl = `${base}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}&upload_id=${s.id}&upload_protocol=resumable`;
        res.writeHead(200, {
          'X-Goog-Upload-URL': uploadUrl,
          'X-Goog-Upload-Control-URL': uploadUrl,
          'X-Goog-Upload-Status': 'active',
          'X-Goog-Upload-Chunk-Granularity': String(256 * 1024),
          'Content-Length': '0',
        });
        res.end();
        return;
      }
      const up = await receiveOneShot(req, protocol === 'multipart', q);
      if (!up.name) {
        await fsp.rm(up.tmp, { force: true });
        throw new HttpError(400, 'Missing object name.');
      }
      const o = await finishUpload(caller, bucket, up.name, up.tmp, up.hashes, up.meta, true, null);
      sendJson(res, 200, firebaseResource(o));
      return;
    }

    const name = decodeURIComponent(rawName);
    const existing = store.get(bucket, name);
    if (method === 'GET' || method === 'HEAD') {
      if (q.get('alt') === 'media') {
        const token = q.get('token');
        if (!existing) {
          if (token === null) await authorize(caller, 'get', bucket, name, null, null);
          throw notFound(true, bucket, name);
        }
        // A valid download token is a capability: it bypasses rules, as in production.
        const tokens = (existing.metadata[TOKENS_KEY] ?? '').split(',').filter(Boolean);
        if (token !== null) {
          if (!tokens.includes(token))
            throw new HttpError(403, 'Permission denied. Invalid download token.', 'forbidden');
        } else {
          await authorize(caller, 'get', bucket, name, existing, null);
        }
        await sendMedia(req, res, existing);
        return;
      }
      await authorize(caller, 'get', bucket, name, existing, null);
      if (!existing) throw notFound(true, bucket, name);
      // Objects written through the GCS API have no token; the Firebase API hands one out on
      // first metadata read so getDownloadURL works for them (the console does the same).
      // Set in place: a read must not bump metageneration.
      if (!existing.metadata[TOKENS_KEY]) existing.metadata[TOKENS_KEY] = randomUUID();
      sendJson(res, 200, firebaseResource(existing));
      return;
    }
    if (method === 'PATCH') {
      const body = await readJson(stats, req);
      if (!existing) {
        await authorize(caller, 'update', bucket, name, null, null);
        throw notFound(true, bucket, name);
      }
      const next = applyPatch(existing, body, true);
      await authorize(caller, 'update', bucket, name, existing, next);
      const updated = store.updateMetadata(existing, next);
      notify('metadataUpdate', updated);
      sendJson(res, 200, firebaseResource(updated));
      return;
    }
    if (method === 'POST' && (q.has('create_token') || q.has('delete_token'))) {
      // Download tokens are managed with admin credentials only (the console, the Admin SDK).
      await drain(req);
      const create = q.get('create_token');
      if (create !== null && create !== 'true') throw new HttpError(400, 'Invalid create_token.');
      if (!caller.admin) throw new HttpError(403, 'Missing admin credentials.', 'forbidden');
      if (!existing) throw notFound(true, bucket, name);
      const tokens = (existing.metadata[TOKENS_KEY] ?? '').split(',').filter(Boolean);
      const next =
        create !== null
          ? [...tokens, randomUUID()]
          : tokens.filter((t) => t !== q.get('delete_token'));
      const metadata = { ...existing.metadata };
      if (next.length) metadata[TOKENS_KEY] = next.join(',');
      else delete metadata[TOKENS_KEY];
      const updated = store.updateMetadata(existing, { ...existing, metadata });
      notify('metadataUpdate', updated);
      sendJson(res, 200, firebaseResource(updated));
      return;
    }
    if (method === 'DELETE') {
      await drain(req);
      await authorize(caller, 'delete', bucket, name, existing, null);
      if (!existing) throw notFound(true, bucket, name);
      await store.delete(bucket, name);
      notify('delete', existing);
      res.writeHead(204);
      res.end();
      return;
    }
    throw new HttpError(405, 'Method not allowed.');
  };

  const firebaseResumableCommand = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    s: UploadSession,
  ): Promise<void> => {
    const commands = String(req.headers['x-goog-upload-command'] ?? '')
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const status = (st: string, extra: Record<string, string> = {}): void => {
      res.writeHead(200, { 'X-Goog-Upload-Status': st, 'Content-Length': '0', ...extra });
      res.end();
    };
    await onSession(s, async () => {
      if (commands.includes('cancel')) {
        await drain(req);
        await cancelSession(s);
        status('cancelled');
        return;
      }
      if (commands.includes('query')) {
        await drain(req);
        if (s.state === 'final' && s.result) {
          sendJson(res, 200, firebaseResource(s.result), {
            'X-Goog-Upload-Status': 'final',
            'X-Goog-Upload-Size-Received': String(s.received),
          });
        } else if (s.state === 'cancelled') {
          status('cancelled');
        } else {
          status('active', { 'X-Goog-Upload-Size-Received': String(s.received) });
        }
        return;
      }
      if (s.state === 'cancelled') {
        await drain(req);
        throw new HttpError(400, 'Upload was cancelled.');
      }
      if (commands.includes('upload')) {
        const offset = Number(req.headers['x-goog-upload-offset'] ?? s.received);
        if (!Number.isFinite(offset)) throw new HttpError(400, 'Bad X-Goog-Upload-Offset.');
        if (s.state === 'final') await drain(req);
        else await writeChunk(s, req, offset);
      } else {
        await drain(req);
      }
      if (commands.includes('finalize')) {
        const o = await finalizeSession(s);
        sendJson(res, 200, firebaseResource(o), { 'X-Goog-Upload-Status': 'final' });
        return;
      }
      if (!commands.includes('upload'))
        throw new HttpError(400, `Unknown upload command ${commands.join(',')}.`);
      status('active', { 'X-Goog-Upload-Size-Received': String(s.received) });
    });
  };

  // ---------------------------------------------------------------- GCS JSON API

  const gcsCaller: CallerContext = { admin: true, auth: null };

  const handleGcsUpload = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    bucket: string,
  ): Promise<void> => {
    const q = url.searchParams;
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const method = req.method ?? 'POST';
    const uploadId = q.get('upload_id');
    const ifGen = q.get('ifGenerationMatch');
    if (uploadId) {
      const s = sessions.get(uploadId);
      if (!s) throw new HttpError(404, 'Upload session not found.', 'notFound');
      if (method === 'DELETE') {
        await drain(req);
        await cancelSession(s);
        res.writeHead(499, { 'Content-Length': '0' });
        res.end();
        return;
      }
      if (method !== 'PUT' && method !== 'POST') throw new HttpError(405, 'Method not allowed.');
      await gcsResumableChunk(req, res, s, base);
      return;
    }
    if (method !== 'POST') throw new HttpError(405, 'Method not allowed.');
    const uploadType = q.get('uploadType') ?? 'media';
    if (uploadType === 'resumable') {
      const json = await readJson(stats, req);
      const name = str(json['name']) ?? q.get('name');
      if (!name) throw new HttpError(400, 'Missing object name.', 'required');
      const declared = req.headers['x-upload-content-length'];
      const meta = uploadMetaFrom(json, req.headers['x-upload-content-type'] as string | undefined);
      const s = await newSession(
        gcsCaller,
        bucket,
        name,
        meta,
        declared ? Number(declared) : null,
        false,
        ifGen,
      );
      const location = `${base}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${s.id}`;
      res.writeHead(200, { Location: location, 'Content-Length': '0' });
      res.end();
      return;
    }
    const up = await receiveOneShot(req, uploadType === 'multipart', q);
    if (!up.name) {
      await fsp.rm(up.tmp, { force: true });
      throw new HttpError(400, 'Missing object name.', 'required');
    }
    const o = await finishUpload(
      gcsCaller,
      bucket,
      up.name,
      up.tmp,
      up.hashes,
      up.meta,
      false,
      ifGen,
    );
    sendJson(res, 200, gcsResource(o, base));
  };

  /**
   * GCS resumable protocol: PUT with `Content-Range: bytes a-b/total` (total may be `*` until the
   * last chunk), or `bytes * /total|*` to query. Incomplete -> 308 with `Range: bytes=0-n`.
   */
  const gcsResumableChunk = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    s: UploadSession,
    base: string,
  ): Promise<void> => {
    const incomplete = (): void => {
      const h: Record<string, string> = { 'Content-Length': '0' };
      if (s.received > 0) h['Range'] = `bytes=0-${s.received - 1}`;
      res.writeHead(308, h);
      res.end();
    };
    await onSession(s, async () => {
      if (s.state === 'cancelled') {
        await drain(req);
        throw new HttpError(410, 'Upload was cancelled.', 'gone');
      }
      const cr = String(req.headers['content-range'] ?? '').trim();
      let total: number | null = null;
      let offset: number | null = 0;
      // `bytes a-*/...`: a streamed body whose end is the end of the object.
      let openEnded = false;
      if (cr) {
        const query = /^bytes \*\/(\d+|\*)$/.exec(cr);
        const data = /^bytes (\d+)-(\d+|\*)\/(\d+|\*)$/.exec(cr);
        if (query) {
          offset = null;
          total = query[1] === '*' ? null : Number(query[1]);
        } else if (data) {
          offset = Number(data[1]);
          total = data[3] === '*' ? null : Number(data[3]);
          openEnded = data[2] === '*';
        } else {
          throw new HttpError(400, `Bad Content-Range ${cr}.`);
        }
      } else {
        // No Content-Range: the whole object in one request.
        total = null;
      }
      if (s.state === 'final' && s.result) {
        await drain(req);
        sendJson(res, 200, gcsResource(s.result, base));
        return;
      }
      if (offset === null) await drain(req);
      else await writeChunk(s, req, offset);
      const complete = !cr || openEnded || (total !== null && s.received >= total);
      if (!complete) {
        incomplete();
        return;
      }
      if (total !== null) s.declaredSize = total;
      const o = await finalizeSession(s);
      sendJson(res, 200, gcsResource(o, base));
    });
  };

  const handleGcs = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    bucket: string | null,
    rawName: string | null,
    forceMedia: boolean,
  ): Promise<void> => {
    const method = req.method ?? 'GET';
    const q = url.searchParams;
    const base = `http://${req.headers.host ?? 'localhost'}`;
    if (bucket === null) {
      // `/b`: buckets are implicit in the emulator; creation just echoes the bucket.
      if (method === 'POST') {
        const json = await readJson(stats, req);
        const name = str(json['name']);
        if (!name) throw new HttpError(400, 'Missing bucket name.', 'required');
        sendJson(res, 200, bucketResource(name));
        return;
      }
      await drain(req);
      const names = [...new Set(store.all().map((o) => o.bucket))].sort();
      sendJson(res, 200, { kind: 'storage#buckets', items: names.map(bucketResource) });
      return;
    }
    if (rawName === null) {
      if (method === 'GET' || method === 'HEAD') {
        await drain(req);
        sendJson(res, 200, bucketResource(bucket));
        return;
      }
      if (method === 'DELETE') {
        await drain(req);
        await store.clear(bucket);
        res.writeHead(204);
        res.end();
        return;
      }
      if (method === 'PATCH' || method === 'PUT') {
        await readJson(stats, req);
        sendJson(res, 200, bucketResource(bucket));
        return;
      }
      throw new HttpError(405, 'Method not allowed.');
    }
    if (rawName === '') {
      // `/b/{bucket}/o`: list.
      if (method !== 'GET') throw new HttpError(405, 'Method not allowed.');
      await drain(req);
      const maxResults = q.has('maxResults') ? Number(q.get('maxResults')) : undefined;
      const r = store.list(bucket, {
        prefix: q.get('prefix') ?? '',
        delimiter: q.get('delimiter') ?? '',
        pageToken: q.get('pageToken') ?? undefined,
        maxResults,
      });
      const body: Record<string, unknown> = { kind: 'storage#objects' };
      if (r.items.length) body['items'] = r.items.map((o) => gcsResource(o, base));
      if (r.prefixes.length) body['prefixes'] = r.prefixes;
      if (r.nextPageToken) body['nextPageToken'] = r.nextPageToken;
      sendJson(res, 200, body);
      return;
    }
    const name = decodeURIComponent(rawName);
    const existing = store.get(bucket, name);
    const gen = q.get('generation');
    const found = existing && (!gen || gen === existing.generation) ? existing : null;
    if (method === 'GET' || method === 'HEAD') {
      await drain(req);
      if (!found) throw notFound(false, bucket, name);
      if (forceMedia || q.get('alt') === 'media') await sendMedia(req, res, found);
      else sendJson(res, 200, gcsResource(found, base));
      return;
    }
    if (method === 'PATCH' || method === 'PUT') {
      const body = await readJson(stats, req);
      if (!found) throw notFound(false, bucket, name);
      // PUT replaces the writable metadata; PATCH merges.
      const patch =
        method === 'PUT'
          ? {
              cacheControl: null,
              contentDisposition: null,
              contentEncoding: null,
              contentLanguage: null,
              metadata: null,
              ...body,
            }
          : body;
      const updated = store.updateMetadata(found, applyPatch(found, patch, false));
      notify('metadataUpdate', updated);
      sendJson(res, 200, gcsResource(updated, base));
      return;
    }
    if (method === 'DELETE') {
      await drain(req);
      if (!found) throw notFound(false, bucket, name);
      await store.delete(bucket, name);
      notify('delete', found);
      res.writeHead(204);
      res.end();
      return;
    }
    throw new HttpError(405, 'Method not allowed.');
  };

  /**
   * `objects.rewrite` / `objects.copy` of the GCS JSON API (@google-cloud/storage's copy(), move()
   * and rename()): the bytes are copied server-side in one call (`done: true`), with the source's
   * metadata unless the body gives an object resource to use instead. Privileged like every GCS
   * call; the destination gets a new generation and fires a finalize event.
   */
  const handleGcsCopy = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    op: {
      from: { bucket: string; name: string };
      to: { bucket: string; name: string };
      rewrite: boolean;
    },
  ): Promise<void> => {
    const body = await readJson(stats, req);
    const q = url.searchParams;
    const src = store.get(op.from.bucket, op.from.name);
    const gen = q.get('sourceGeneration');
    if (!src || (gen && gen !== src.generation))
      throw notFound(false, op.from.bucket, op.from.name);
    const given = Object.keys(body).length > 0;
    const meta: UploadMeta = given
      ? uploadMetaFrom(body, src.contentType)
      : { contentType: src.contentType, metadata: { ...src.metadata } };
    if (!given) for (const f of OPTIONAL_FIELDS) if (src[f] !== undefined) meta[f] = src[f];
    const tmp = store.tempPath();
    await fsp.copyFile(store.blobPath(src), tmp);
    const o = await finishUpload(
      gcsCaller,
      op.to.bucket,
      op.to.name,
      tmp,
      { md5Hash: src.md5Hash, crc32c: src.crc32c, size: src.size },
      meta,
      false,
      q.get('ifGenerationMatch'),
    );
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const resource = gcsResource(o, base);
    if (!op.rewrite) return sendJson(res, 200, resource);
    sendJson(res, 200, {
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: String(o.size),
      objectSize: String(o.size),
      done: true,
      resource,
    });
  };

  // ---------------------------------------------------------------- routing

  const route = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Keep percent-encoding: object names are one encoded segment that may contain %2F.
    const p = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      await drain(req);
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': String(
          req.headers['access-control-request-headers'] ?? '*',
        ),
        'Access-Control-Max-Age': '3600',
        'Content-Length': '0',
      });
      res.end();
      return;
    }

    if (p === '/internal/setRules' && (method === 'PUT' || method === 'POST')) {
      const body = await readJson(stats, req, 16 * 1024 * 1024);
      const rules = body['rules'] as { files?: unknown } | undefined;
      const files = Array.isArray(rules?.files) ? (rules.files as RulesFile[]) : null;
      if (!files || !files.every((f) => f && typeof f.content === 'string'))
        throw new HttpError(400, 'Expected {rules:{files:[{name,content}]}}.');
      try {
        handle.setRules('*', files);
      } catch (e) {
        throw new HttpError(400, e instanceof Error ? e.message : String(e));
      }
      sendJson(res, 200, {});
      return;
    }
    if (p === '/internal/reset' && (method === 'POST' || method === 'DELETE')) {
      await drain(req);
      await handle.clear();
      sendJson(res, 200, {});
      return;
    }

    let m = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(p);
    if (m) {
      await handleFirebase(
        req,
        res,
        url,
        decodeURIComponent(m[1]!),
        m[2] === undefined || m[2] === '' ? null : m[2],
      );
      return;
    }
    m = /^\/upload\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(p);
    if (m) {
      await handleGcsUpload(req, res, url, decodeURIComponent(m[1]!));
      return;
    }
    m = /^\/download\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(p);
    if (m) {
      await handleGcs(req, res, url, decodeURIComponent(m[1]!), m[2]!, true);
      return;
    }
    m =
      /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/([^/]+)\/(rewriteTo|copyTo)\/b\/([^/]+)\/o\/([^/]+)$/.exec(
        p,
      );
    if (m && method === 'POST') {
      const [, sb, so, kind, db, dobj] = m as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      await handleGcsCopy(req, res, url, {
        from: { bucket: decodeURIComponent(sb), name: decodeURIComponent(so) },
        to: { bucket: decodeURIComponent(db), name: decodeURIComponent(dobj) },
        rewrite: kind === 'rewriteTo',
      });
      return;
    }
    // With STORAGE_EMULATOR_HOST the GCS client puts no /storage/v1 before /b; accept both.
    m = /^(?:\/storage\/v1)?\/b(?:\/([^/]+)(?:\/o(?:\/(.*))?)?)?\/?$/.exec(p);
    if (m) {
      const bucket = m[1] === undefined ? null : decodeURIComponent(m[1]);
      const hasO = /\/o(\/|$)/.test(p.replace(/^(?:\/storage\/v1)?\/b\/[^/]+/, ''));
      const rawName = bucket === null ? null : hasO ? (m[2] ?? '') : null;
      await handleGcs(req, res, url, bucket, rawName, false);
      return;
    }
    // Public URL form `/{bucket}/{name}` (File.publicUrl()).
    m = /^\/([^/]+)\/(.+)$/.exec(p);
    if (m && (method === 'GET' || method === 'HEAD')) {
      await handleGcs(
        req,
        res,
        url,
        decodeURIComponent(m[1]!),
        encodeURIComponent(decodeURIComponent(m[2]!)),
        true,
      );
      return;
    }
    await drain(req);
    throw new HttpError(404, 'Not Found.', 'notFound');
  };

  const server = http.createServer((req, res) => {
    cors(req, res);
    route(req, res).catch((e: unknown) => {
      if (e instanceof HttpError) sendError(res, e.status, e.message, e.reason);
      else if (e instanceof MultipartError) sendError(res, 400, e.message);
      else if (req.destroyed || res.destroyed)
        return; // client went away mid-body (e.g. a cancelled upload chunk)
      else sendError(res, 500, e instanceof Error ? e.message : String(e), 'backendError');
      // Unread request bodies would otherwise stall keep-alive connections.
      if (!req.complete) req.resume();
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  addressPort = addr.port;

  const handle: StorageServer = {
    host: options.host ?? '127.0.0.1',
    port: addr.port,
    setRules(bucketOrProject, files) {
      // Compile first so a syntax error leaves the previous rules in force.
      if (compiler) authorizers.set(bucketOrProject, compiler(files));
      rulesSource.set(bucketOrProject, files);
    },
    setRulesCompiler(c) {
      compiler = c;
      for (const [key, files] of rulesSource) compileInto(key, files);
    },
    async clear() {
      for (const s of sessions.values()) await cancelSession(s);
      sessions.clear();
      await store.clear();
    },
    exportTo: (dir) => store.exportTo(dir),
    transferStats(reset = false) {
      const snap = stats.snapshot();
      if (reset) stats.reset();
      return snap;
    },
    importFrom: (dir) => store.importFrom(dir),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      sessions.clear();
      await store.destroy();
    },
  };
  return handle;
}
