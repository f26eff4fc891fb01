/**
 * Upload sessions (resumable uploads of both APIs) and one-shot upload bodies: bytes stream to a
 * temp file and are hashed on the way; a session's chunks are applied one after another.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import type * as http from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { CallerContext } from './auth.js';
import { HttpError, str } from './http.js';
import { boundaryOf, receiveMultipart } from './multipart.js';
import { finishUpload } from './objects.js';
import { uploadMetaFrom, type UploadMeta } from './resources.js';
import type { StorageService } from './service.js';
import { StreamHasher, hashFilePrefix, type Hashes, type StoredObject } from './store.js';

export interface UploadSession {
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
  /** 'final' once finalize was answered: with `result` when stored, with `error` when refused. */
  state: 'active' | 'final' | 'cancelled';
  result: StoredObject | null;
  error: HttpError | null;
  /** Chunks of one session are applied one after another. */
  queue: Promise<unknown>;
  ifGenerationMatch: string | null;
}

/**
 * Appends one request body to a resumable session at `offset`, hashing it on the way to disk;
 * a cut-off chunk is discarded (and the hash state rolled back to before it).
 */
export async function writeChunk(
  svc: StorageService,
  s: UploadSession,
  req: http.IncomingMessage,
  offset: number,
): Promise<void> {
  if (offset > s.received)
    throw new HttpError(400, `Upload offset ${offset} is past the ${s.received} bytes received.`);
  if (offset < s.hasher.size) {
    // A client re-sending bytes already received: rehash the kept prefix (rare).
    s.hasher = await hashFilePrefix(s.tmpFile, offset);
    svc.stats.rehashedBytes += offset;
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
}

/**
 * The body of a one-shot upload (multipart: JSON metadata part + media part; otherwise the
 * raw media) streamed into a temp file and hashed on the way; nothing but the metadata part
 * and the multipart parser's small tail is held in memory.
 */
export async function receiveOneShot(
  svc: StorageService,
  req: http.IncomingMessage,
  multipart: boolean,
  q: URLSearchParams,
): Promise<{ tmp: string; meta: UploadMeta; name: string | null; hashes: Hashes }> {
  const tmp = svc.store.tempPath();
  try {
    if (multipart) {
      // Both APIs answer a multipart upload that is not `multipart/related` with a boundary
      // with 400 "Bad content type." (Google's emulator's words).
      const contentType = String(req.headers['content-type'] ?? '');
      const boundary = contentType.startsWith('multipart/related') ? boundaryOf(contentType) : null;
      if (!boundary) throw new HttpError(400, `Bad content type. ${contentType}`);
      const mp = await receiveMultipart(req, boundary, tmp, svc.stats);
      return {
        tmp,
        meta: uploadMetaFrom(mp.metadata, mp.mediaContentType),
        name: q.get('name') ?? str(mp.metadata['name']) ?? null,
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
}

export async function newSession(
  svc: StorageService,
  caller: CallerContext,
  bucket: string,
  name: string,
  meta: UploadMeta,
  declaredSize: number | null,
  firebase: boolean,
  ifGenerationMatch: string | null,
): Promise<UploadSession> {
  const s: UploadSession = {
    id: randomUUID().replace(/-/g, ''),
    bucket,
    name,
    firebase,
    caller,
    meta,
    declaredSize,
    tmpFile: svc.store.tempPath(),
    received: 0,
    hasher: StreamHasher.create(),
    state: 'active',
    result: null,
    error: null,
    queue: Promise.resolve(),
    ifGenerationMatch,
  };
  await fsp.writeFile(s.tmpFile, '');
  svc.sessions.set(s.id, s);
  return s;
}

export async function finalizeSession(
  svc: StorageService,
  s: UploadSession,
): Promise<StoredObject> {
  if (s.state === 'final') {
    if (s.result) return s.result;
    throw s.error ?? new HttpError(400, 'Upload is already finalized.');
  }
  if (s.state === 'cancelled') throw new HttpError(499, 'Upload was cancelled.');
  if (s.declaredSize !== null && s.received !== s.declaredSize) {
    throw new HttpError(400, `Upload is ${s.received} bytes but ${s.declaredSize} were declared.`);
  }
  try {
    s.result = await finishUpload(
      svc,
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
    // A refused or failed upload cannot be retried (the temp file is gone): it is final, and a
    // later finalize answers the same (as Google's emulator does: a 403 stays a 403).
    s.state = 'final';
    s.error =
      e instanceof HttpError ? e : new HttpError(500, e instanceof Error ? e.message : String(e));
    throw e;
  }
}

export async function cancelSession(s: UploadSession): Promise<void> {
  if (s.state === 'active') {
    s.state = 'cancelled';
    await fsp.rm(s.tmpFile, { force: true });
  }
}

export function onSession<T>(s: UploadSession, fn: () => Promise<T>): Promise<T> {
  const p = s.queue.then(fn, fn);
  s.queue = p.catch(() => undefined);
  return p;
}
