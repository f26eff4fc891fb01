/**
 * The Cloud Storage JSON API subset @google-cloud/storage uses when STORAGE_EMULATOR_HOST is set
 * (`/b/...`, `/storage/v1/b/...`, `/upload/storage/v1/...`, `/download/storage/v1/...`): always
 * privileged, like the official emulator.
 */
import * as fsp from 'node:fs/promises';
import type * as http from 'node:http';
import type { CallerContext } from './auth.js';
import { HttpError, drain, readBody, readJson, sendJson, str } from './http.js';
import { boundaryOf, parseFormData } from './multipart.js';
import { deleteObject, finishUpload, sendMedia, updateObjectMetadata } from './objects.js';
import {
  applyPatch,
  bucketResource,
  etagOf,
  gcsResource,
  notFound,
  uploadMetaFrom,
  type UploadMeta,
} from './resources.js';
import type { StorageService } from './service.js';
import { OPTIONAL_FIELDS, StreamHasher, TOKENS_KEY, type StoredObject } from './store.js';
import {
  cancelSession,
  finalizeSession,
  newSession,
  onSession,
  receiveOneShot,
  writeChunk,
  type UploadSession,
} from './uploads.js';

const gcsCaller: CallerContext = { admin: true, auth: null };

/** Largest form upload (signed POST policy) accepted; the form is parsed in memory. */
const POST_POLICY_LIMIT = 32 * 1024 * 1024;

export async function handleGcsUpload(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  bucket: string,
): Promise<void> {
  const q = url.searchParams;
  const base = `http://${req.headers.host ?? 'localhost'}`;
  const method = req.method ?? 'POST';
  const uploadId = q.get('upload_id');
  const ifGen = q.get('ifGenerationMatch');
  if (uploadId) {
    const s = svc.sessions.get(uploadId);
    if (!s) throw new HttpError(404, 'Upload session not found.', 'notFound');
    if (method === 'DELETE') {
      await drain(req);
      await cancelSession(s);
      res.writeHead(499, { 'Content-Length': '0' });
      res.end();
      return;
    }
    if (method !== 'PUT' && method !== 'POST') throw new HttpError(405, 'Method not allowed.');
    await gcsResumableChunk(svc, req, res, s, base);
    return;
  }
  if (method !== 'POST') throw new HttpError(405, 'Method not allowed.');
  const uploadType =
    q.get('uploadType') ??
    (req.headers['x-goog-upload-protocol'] as string | undefined)?.toLowerCase() ??
    'media';
  if (uploadType === 'resumable') {
    const json = await readJson(svc.stats, req);
    const name = str(json['name']) ?? q.get('name');
    if (!name) throw new HttpError(400, 'Missing object name.', 'required');
    const declared = req.headers['x-upload-content-length'];
    const meta = uploadMetaFrom(json, req.headers['x-upload-content-type'] as string | undefined);
    const s = await newSession(
      svc,
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
  const up = await receiveOneShot(svc, req, uploadType === 'multipart', q);
  if (!up.name) {
    await fsp.rm(up.tmp, { force: true });
    throw new HttpError(400, 'Missing object name.', 'required');
  }
  const o = await finishUpload(
    svc,
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
}

/**
 * GCS resumable protocol: PUT with `Content-Range: bytes a-b/total` (total may be `*` until the
 * last chunk), or `bytes * /total|*` to query. Incomplete -> 308 with `Range: bytes=0-n`.
 */
export async function gcsResumableChunk(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  s: UploadSession,
  base: string,
): Promise<void> {
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
    if (s.state === 'final') {
      await drain(req);
      if (!s.result) throw s.error ?? new HttpError(400, 'Upload is already finalized.');
      sendJson(res, 200, gcsResource(s.result, base));
      return;
    }
    if (offset === null) await drain(req);
    else await writeChunk(svc, s, req, offset);
    const complete = !cr || openEnded || (total !== null && s.received >= total);
    if (!complete) {
      incomplete();
      return;
    }
    if (total !== null) s.declaredSize = total;
    const o = await finalizeSession(svc, s);
    sendJson(res, 200, gcsResource(o, base));
  });
}

export async function handleGcs(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  bucket: string | null,
  rawName: string | null,
  forceMedia: boolean,
): Promise<void> {
  const method = req.method ?? 'GET';
  const q = url.searchParams;
  const base = `http://${req.headers.host ?? 'localhost'}`;
  if (bucket === null) {
    // `/b`: buckets are implicit in the emulator; creation just echoes the bucket.
    if (method === 'POST') {
      const json = await readJson(svc.stats, req);
      const name = str(json['name']);
      if (!name) throw new HttpError(400, 'Missing bucket name.', 'required');
      sendJson(res, 200, bucketResource(name));
      return;
    }
    await drain(req);
    const names = [...new Set(svc.store.all().map((o) => o.bucket))].sort();
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
      await svc.store.clear(bucket);
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'PATCH' || method === 'PUT') {
      await readJson(svc.stats, req);
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
    const r = svc.store.list(bucket, {
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
  const existing = svc.store.get(bucket, name);
  const gen = q.get('generation');
  const found = existing && (!gen || gen === existing.generation) ? existing : null;
  if (method === 'GET' || method === 'HEAD') {
    await drain(req);
    if (!found) throw notFound(false, bucket, name);
    if (forceMedia || q.get('alt') === 'media') await sendMedia(svc, req, res, found);
    else sendJson(res, 200, gcsResource(found, base));
    return;
  }
  if (method === 'PATCH' || method === 'PUT') {
    const body = await readJson(svc.stats, req);
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
    const updated = updateObjectMetadata(svc, found, applyPatch(found, patch, false));
    sendJson(res, 200, gcsResource(updated, base));
    return;
  }
  if (method === 'DELETE') {
    await drain(req);
    if (!found) throw notFound(false, bucket, name);
    await deleteObject(svc, res, found);
    return;
  }
  throw new HttpError(405, 'Method not allowed.');
}

/**
 * `objects.rewrite` / `objects.copy` of the GCS JSON API (@google-cloud/storage's copy(), move()
 * and rename()): the bytes are copied server-side in one call (`done: true`), with the source's
 * metadata unless the body gives an object resource to use instead. Privileged like every GCS
 * call; the destination gets a new generation and fires a finalize event.
 */
export async function handleGcsCopy(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  op: {
    from: { bucket: string; name: string };
    to: { bucket: string; name: string };
    rewrite: boolean;
  },
): Promise<void> {
  const body = await readJson(svc.stats, req);
  const q = url.searchParams;
  // A rewrite in several calls (a rewriteToken to continue with) is not supported: every copy
  // here is done in the first call. Google's emulator answers 501 too.
  if (op.rewrite && q.get('rewriteToken'))
    throw new HttpError(501, 'Multi-request rewrites are not supported.', 'notImplemented');
  const src = svc.store.get(op.from.bucket, op.from.name);
  const gen = q.get('sourceGeneration');
  if (!src || (gen && gen !== src.generation)) throw notFound(false, op.from.bucket, op.from.name);
  const meta = copyMeta(src, body);
  const tmp = svc.store.tempPath();
  await fsp.copyFile(svc.store.blobPath(src), tmp);
  const o = await finishUpload(
    svc,
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
}

/**
 * The destination's metadata of a copy (Google's emulator's rules, which the GCS clients'
 * copy() options rely on): the source's, with each field the request body gives instead
 * (`null` removes it). Custom metadata given with at least one key replaces the source's,
 * download tokens included (null values become ""); otherwise the source's tokens are kept.
 */
export function copyMeta(src: StoredObject, body: Record<string, unknown>): UploadMeta {
  const meta: UploadMeta = { contentType: src.contentType, metadata: { ...src.metadata } };
  for (const f of OPTIONAL_FIELDS) if (src[f] !== undefined) meta[f] = src[f];
  if ('contentType' in body)
    meta.contentType = str(body['contentType']) || 'application/octet-stream';
  for (const f of OPTIONAL_FIELDS) {
    if (!(f in body)) continue;
    const v = body[f];
    if (typeof v === 'string') meta[f] = v;
    else if (v === null) delete meta[f];
  }
  if ('metadata' in body) {
    const given = body['metadata'];
    const entries = given && typeof given === 'object' ? Object.entries(given) : [];
    if (entries.length > 0) {
      meta.metadata = {};
      for (const [k, v] of entries) meta.metadata[k] = v == null ? '' : String(v);
    } else {
      const tokens = src.metadata[TOKENS_KEY];
      meta.metadata = tokens ? { [TOKENS_KEY]: tokens } : {};
    }
  }
  return meta;
}

/**
 * `objects.acl.insert` (@google-cloud/storage's makePublic()): ACLs do not exist in the
 * emulator (every object is readable through the GCS API already), so the call succeeds and
 * changes nothing but the metageneration, as in Google's emulator.
 */
export async function handleGcsAcl(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  bucket: string,
  name: string,
): Promise<void> {
  const body = await readJson(svc.stats, req);
  const found = svc.store.get(bucket, name);
  if (!found) throw notFound(false, bucket, name);
  const o = updateObjectMetadata(svc, found, found);
  const base = `http://${req.headers.host ?? 'localhost'}`;
  const entity = str(body['entity']) ?? 'allUsers';
  sendJson(res, 200, {
    kind: 'storage#objectAccessControl',
    object: o.name,
    id: `${bucket}/${o.name}/${o.generation}/${entity}`,
    selfLink: `${base}/storage/v1/b/${bucket}/o/${encodeURIComponent(o.name)}/acl/${entity}`,
    bucket: o.bucket,
    entity,
    role: str(body['role']),
    etag: etagOf(o),
    generation: o.generation,
  });
}

/**
 * An HTML form upload of a signed POST policy (`POST /{bucket}`, multipart/form-data: `key`,
 * the file, and `Content-Type`, `Cache-Control`, `Content-Disposition`, `Content-Encoding`,
 * `Content-Language`, `x-goog-meta-*` fields). The policy and its signature are not checked,
 * as in Google's emulator: it is a privileged write like every GCS call. Answers 204.
 */
export async function handleGcsPostPolicy(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  bucket: string,
): Promise<void> {
  const contentType = String(req.headers['content-type'] ?? '');
  const boundary = contentType.startsWith('multipart/form-data') ? boundaryOf(contentType) : null;
  if (!boundary) throw new HttpError(400, 'Content-Type must be multipart/form-data');
  const parts = parseFormData(await readBody(svc.stats, req, POST_POLICY_LIMIT), boundary);
  const key = parts.find((p) => p.filename === undefined && p.name === 'key');
  const file = parts.find((p) => p.filename !== undefined);
  if (!key || !file) throw new HttpError(400, "Missing 'key' or file.");
  const fields: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  for (const p of parts) {
    if (p === file || p === key) continue;
    const field = p.name.toLowerCase();
    const value = p.data.toString('utf8');
    if (field.startsWith('x-goog-meta-')) metadata[field.slice('x-goog-meta-'.length)] = value;
    else fields[field] = value.trim();
  }
  const meta = uploadMetaFrom(
    {
      contentType: fields['content-type'],
      cacheControl: fields['cache-control'],
      contentDisposition: fields['content-disposition'],
      contentEncoding: fields['content-encoding'],
      contentLanguage: fields['content-language'],
      metadata,
    },
    file.contentType,
  );
  const tmp = svc.store.tempPath();
  await fsp.writeFile(tmp, file.data);
  const hasher = StreamHasher.create();
  hasher.update(file.data);
  await finishUpload(
    svc,
    gcsCaller,
    bucket,
    key.data.toString('utf8'),
    tmp,
    hasher.digest(),
    meta,
    false,
    null,
  );
  res.writeHead(204);
  res.end();
}
