/**
 * The shapes an object takes: its upload metadata, its resource as each API shows it (Firebase
 * REST, GCS JSON), as storage rules see it, and a metadata PATCH applied to it.
 */
import { createHash } from 'node:crypto';
import { HttpError, str, stringMap } from './http.js';
import type { StorageRulesResource } from './rules-hook.js';
import { OPTIONAL_FIELDS, TOKENS_KEY, type StoredObject } from './store.js';

export interface UploadMeta {
  contentType: string;
  metadata: Record<string, string>;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
}

export function uploadMetaFrom(
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

export function etagOf(o: StoredObject): string {
  return createHash('md5')
    .update(`${o.bucket}/${o.name}#${o.generation}/${o.metageneration}`)
    .digest('base64');
}

export const DEFAULT_BUCKET_SUFFIX = /\.(appspot\.com|firebasestorage\.app)$/;

export function projectOfBucket(bucket: string): string {
  return bucket.replace(DEFAULT_BUCKET_SUFFIX, '');
}

export function toRulesResource(o: StoredObject): StorageRulesResource {
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
export function firebaseResource(o: StoredObject): Record<string, unknown> {
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
export function gcsResource(o: StoredObject, base: string): Record<string, unknown> {
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

export function bucketResource(name: string): Record<string, unknown> {
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
export function applyPatch(
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

/** The 404 of each API: the web SDK maps it to storage/object-not-found. */
export function notFound(firebase: boolean, bucket: string, name: string): HttpError {
  return new HttpError(
    404,
    firebase ? 'Not Found.' : `No such object: ${bucket}/${name}`,
    'notFound',
  );
}
