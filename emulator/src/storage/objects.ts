/**
 * What every write and read of an object goes through, whichever API it came in by: the rules
 * check (with the would-be object as `request.resource`), committing an upload, and streaming an
 * object's bytes out (ranges, hashes, counters).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import type * as http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { CallerContext } from './auth.js';
import { HttpError, parseRange } from './http.js';
import { etagOf, toRulesResource, type UploadMeta } from './resources.js';
import type { StorageMethod } from './rules-hook.js';
import type { StorageService } from './service.js';
import { OPTIONAL_FIELDS, TOKENS_KEY, type Hashes, type StoredObject } from './store.js';

export async function authorize(
  svc: StorageService,
  caller: CallerContext,
  method: StorageMethod,
  bucket: string,
  path: string,
  existing: StoredObject | null,
  incoming: StoredObject | null,
): Promise<void> {
  if (caller.admin) return;
  const authz = svc.authorizerFor(bucket);
  if (!authz) return;
  const denied = await authz({
    bucket,
    path,
    method,
    auth: caller.auth,
    resource: existing ? toRulesResource(existing) : null,
    requestResource: incoming ? toRulesResource(incoming) : null,
    time: new Date(),
    projectId: svc.projectFor(bucket),
    firestore: svc.lookup,
  });
  if (denied !== null) throw new HttpError(403, `Permission denied. ${denied}`.trim(), 'forbidden');
}

export function incomingObject(
  svc: StorageService,
  bucket: string,
  name: string,
  meta: UploadMeta,
  hashes: Hashes,
  existing: StoredObject | null,
): StoredObject {
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
}

/**
 * Rules at the start of a resumable upload, from what the client declared (size, content
 * type, metadata), so a refused upload fails before any bytes are sent. The hashes are not
 * known yet: the rules run with two different stand-ins and the start is refused only when
 * both are refused, i.e. when the hashes cannot change the outcome for these stand-ins. The
 * check at finalize, with the real bytes, still applies.
 */
export async function authorizeDeclared(
  svc: StorageService,
  caller: CallerContext,
  bucket: string,
  name: string,
  meta: UploadMeta,
  declaredSize: number | null,
): Promise<void> {
  if (
    caller.admin ||
    declaredSize === null ||
    !Number.isSafeInteger(declaredSize) ||
    declaredSize < 0
  )
    return;
  if (!svc.authorizerFor(bucket)) return;
  const existing = svc.store.get(bucket, name);
  let refusal: unknown = null;
  for (const [md5Hash, crc32c] of [
    ['AAAAAAAAAAAAAAAAAAAAAA==', 'AAAAAA=='],
    ['/////////////////////w==', '/////w=='],
  ] as const) {
    const incoming = incomingObject(
      svc,
      bucket,
      name,
      meta,
      { md5Hash, crc32c, size: declaredSize },
      existing,
    );
    try {
      await authorize(svc, caller, 'create', bucket, name, existing, incoming);
      return;
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 403)) throw e;
      refusal = e;
    }
  }
  throw refusal;
}

/**
 * Builds the would-be object for `request.resource`, checks rules, then commits the temp file.
 * Every upload is judged by the `create` rule, an upload over an existing object too (with
 * `resource` set to it), as Google's Storage emulator and production do; `update` is for
 * metadata changes only. So `allow create: if resource == null` forbids overwriting.
 * Used by every upload path of both APIs so create/update rules see size and content type.
 * `hashes` were computed while the bytes streamed to `tmpFile`.
 */
export async function finishUpload(
  svc: StorageService,
  caller: CallerContext,
  bucket: string,
  name: string,
  tmpFile: string,
  hashes: Hashes,
  meta: UploadMeta,
  firebase: boolean,
  ifGenerationMatch: string | null,
): Promise<StoredObject> {
  try {
    const existing = svc.store.get(bucket, name);
    if (ifGenerationMatch !== null) {
      const ok = ifGenerationMatch === '0' ? !existing : existing?.generation === ifGenerationMatch;
      if (!ok)
        throw new HttpError(
          412,
          'At least one of the pre-conditions you specified did not hold.',
          'conditionNotMet',
        );
    }
    const incoming = incomingObject(svc, bucket, name, meta, hashes, existing);
    await authorize(svc, caller, 'create', bucket, name, existing, incoming);
    // Firebase uploads always get a download token, like the real service; added after the
    // rules check so `request.resource.metadata` holds only what the client sent.
    if (firebase && !meta.metadata[TOKENS_KEY]) meta.metadata[TOKENS_KEY] = randomUUID();
    // Firebase uploads are shown in the browser unless they say otherwise (Google's emulator).
    if (firebase && !meta.contentDisposition) meta.contentDisposition = 'inline';
    const stored = await svc.store.commit(bucket, name, tmpFile, meta, hashes);
    svc.notify('finalize', stored);
    return stored;
  } catch (e) {
    await fsp.rm(tmpFile, { force: true });
    throw e;
  }
}

/**
 * RFC 5987 `ext-value` of a file name (what Google's emulator writes after `filename*=`):
 * encodeURIComponent, plus `'()*` escaped and `|`, `` ` ``, `^` kept as the RFC allows.
 */
export function encodeRfc5987(name: string): string {
  return encodeURIComponent(name)
    .replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(7C|60|5E)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Content-Disposition of a download, as Google's emulator sends it for both APIs: the stored
 * disposition (`attachment` when there is none, e.g. an object written through GCS) followed
 * by the object's last name segment as `filename*=`.
 */
export function contentDispositionOf(o: StoredObject): string {
  const fileName = o.name.split('/').pop() ?? '';
  return `${o.contentDisposition || 'attachment'}; filename*=${encodeRfc5987(fileName)}`;
}

export async function sendMedia(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  o: StoredObject,
): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': o.contentType,
    'Content-Disposition': contentDispositionOf(o),
    ETag: etagOf(o),
    'Last-Modified': new Date(o.updated).toUTCString(),
    'X-Goog-Generation': o.generation,
    'X-Goog-Metageneration': String(o.metageneration),
    'X-Goog-Stored-Content-Length': String(o.size),
    'X-Goog-Storage-Class': 'STANDARD',
    // Hashes describe the stored bytes, whatever part of them (or decompression) is sent.
    'X-Goog-Hash': `crc32c=${o.crc32c},md5=${o.md5Hash}`,
  };
  if (o.cacheControl) headers['Cache-Control'] = o.cacheControl;
  if (o.contentLanguage) headers['Content-Language'] = o.contentLanguage;
  // Decompressive transcoding (as GCS and Google's emulator do): a gzip-encoded object is
  // sent decompressed to a client that does not accept gzip, without Content-Encoding, a
  // length known in advance or ranges; everyone else gets the stored bytes as they are.
  const gunzip =
    o.contentEncoding === 'gzip' && !String(req.headers['accept-encoding'] ?? '').includes('gzip');
  if (gunzip) {
    res.writeHead(200, headers);
    if (req.method === 'HEAD' || o.size === 0) {
      res.end();
      return;
    }
    await pipeline(createReadStream(svc.store.blobPath(o)), createGunzip(), countOut(svc), res);
    return;
  }
  headers['Accept-Ranges'] = 'bytes';
  if (o.contentEncoding) headers['Content-Encoding'] = o.contentEncoding;
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
    headers['Content-Length'] = String(o.size);
    res.writeHead(200, headers);
  }
  if (req.method === 'HEAD' || o.size === 0) {
    res.end();
    return;
  }
  // Straight from disk in the read stream's chunks; counted before each is sent.
  await pipeline(createReadStream(svc.store.blobPath(o), range ?? {}), countOut(svc), res);
}

/** A pipeline() stage counting the bytes a download sends (TransferStats.streamedOutBytes). */
function countOut(svc: StorageService) {
  return async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      svc.stats.streamedOutBytes += chunk.length;
      yield chunk;
    }
  };
}

/** Deletes the object, tells the event listener, and answers 204 (both APIs). */
export async function deleteObject(
  svc: StorageService,
  res: http.ServerResponse,
  o: StoredObject,
): Promise<void> {
  await svc.store.delete(o.bucket, o.name);
  svc.notify('delete', o);
  res.writeHead(204);
  res.end();
}

/** Stores new metadata for the object and tells the event listener (both APIs). */
export function updateObjectMetadata(
  svc: StorageService,
  o: StoredObject,
  next: StoredObject,
): StoredObject {
  const updated = svc.store.updateMetadata(o, next);
  svc.notify('metadataUpdate', updated);
  return updated;
}
