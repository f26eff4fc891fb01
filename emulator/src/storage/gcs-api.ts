/**
 * The Cloud Storage JSON API subset @google-cloud/storage uses when STORAGE_EMULATOR_HOST is set
 * (`/b/...`, `/storage/v1/b/...`, `/upload/storage/v1/...`, `/download/storage/v1/...`): always
 * privileged, like the official emulator.
 */
import * as fsp from 'node:fs/promises';
import type * as http from 'node:http';
import type { CallerContext } from './auth.js';
import { HttpError, drain, readJson, sendJson, str } from './http.js';
import { deleteObject, finishUpload, sendMedia, updateObjectMetadata } from './objects.js';
import {
  applyPatch,
  bucketResource,
  gcsResource,
  notFound,
  uploadMetaFrom,
  type UploadMeta,
} from './resources.js';
import type { StorageService } from './service.js';
import { OPTIONAL_FIELDS } from './store.js';
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
  const uploadType = q.get('uploadType') ?? 'media';
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
    if (s.state === 'final' && s.result) {
      await drain(req);
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
  const src = svc.store.get(op.from.bucket, op.from.name);
  const gen = q.get('sourceGeneration');
  if (!src || (gen && gen !== src.generation)) throw notFound(false, op.from.bucket, op.from.name);
  const given = Object.keys(body).length > 0;
  const meta: UploadMeta = given
    ? uploadMetaFrom(body, src.contentType)
    : { contentType: src.contentType, metadata: { ...src.metadata } };
  if (!given) for (const f of OPTIONAL_FIELDS) if (src[f] !== undefined) meta[f] = src[f];
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
