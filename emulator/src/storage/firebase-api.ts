/**
 * The Firebase Storage REST API (`/v0/b/{bucket}/o...`) as the firebase web SDK speaks it: list,
 * one-shot and resumable uploads, metadata, download tokens, media and delete, each judged by
 * the storage rules unless the caller is an admin.
 */
import { randomUUID } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import type * as http from 'node:http';
import { callerFromAuthorization, type CallerContext } from './auth.js';
import { HttpError, drain, readJson, sendJson, str } from './http.js';
import {
  authorize,
  authorizeDeclared,
  deleteObject,
  finishUpload,
  sendMedia,
  updateObjectMetadata,
} from './objects.js';
import { applyPatch, firebaseResource, notFound, uploadMetaFrom } from './resources.js';
import type { StorageService } from './service.js';
import { TOKENS_KEY, type StoredObject } from './store.js';
import {
  cancelSession,
  finalizeSession,
  newSession,
  onSession,
  receiveOneShot,
  writeChunk,
  type UploadSession,
} from './uploads.js';

export async function handleFirebase(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  bucket: string,
  rawName: string | null,
): Promise<void> {
  const caller = callerFromAuthorization(req.headers.authorization);
  const method = req.method ?? 'GET';
  const q = url.searchParams;

  if (rawName === null) {
    if (method === 'GET') {
      const prefix = q.get('prefix') ?? '';
      const delimiter = q.get('delimiter') ?? '';
      if (prefix && !prefix.endsWith('/'))
        throw new HttpError(
          400,
          'The prefix parameter is required to be empty or ends with a single / character.',
        );
      // Rules see the folder without its trailing slashes (`public/` -> /public), like the
      // official emulator; storage-rules.ts also lets `match /public/{file}` grant it.
      await authorize(svc, caller, 'list', bucket, prefix.replace(/\/+$/, ''), null, null);
      const maxResults = q.has('maxResults') ? Number(q.get('maxResults')) : undefined;
      if (maxResults !== undefined && !(Number.isInteger(maxResults) && maxResults > 0))
        throw new HttpError(400, 'Invalid maxResults.');
      const r = svc.store.list(bucket, {
        prefix,
        delimiter,
        pageToken: q.get('pageToken') ?? undefined,
        maxResults,
      });
      // Names the Firebase API cannot address (an empty segment: `a//b`, a trailing `/`) are
      // left out of listings, as the service and Google's emulator do; their folders stay.
      const body: Record<string, unknown> = {
        prefixes: r.prefixes.filter((p) => isValidPath(p.replace(/\/$/, ''))),
        items: r.items
          .filter((o) => isValidPath(o.name))
          .map((o) => ({ name: o.name, bucket: o.bucket })),
      };
      if (r.nextPageToken) body['nextPageToken'] = r.nextPageToken;
      sendJson(res, 200, body);
      return;
    }
    if (method !== 'POST' && method !== 'PUT') throw new HttpError(405, 'Method not allowed.');
    await firebaseUpload(svc, req, res, url, bucket, null, caller);
    return;
  }

  const name = decodeURIComponent(rawName);
  const existing = svc.store.get(bucket, name);
  if (method === 'GET' || method === 'HEAD') {
    if (q.get('alt') === 'media') {
      const token = q.get('token');
      if (!existing) {
        if (token === null) await authorize(svc, caller, 'get', bucket, name, null, null);
        throw notFound(true, bucket, name);
      }
      // A valid download token is a capability: it bypasses rules, as in production.
      const tokens = (existing.metadata[TOKENS_KEY] ?? '').split(',').filter(Boolean);
      if (token !== null) {
        if (!tokens.includes(token))
          throw new HttpError(403, 'Permission denied. Invalid download token.', 'forbidden');
      } else {
        await authorize(svc, caller, 'get', bucket, name, existing, null);
      }
      await sendMedia(svc, req, res, withDownloadToken(svc, existing));
      return;
    }
    await authorize(svc, caller, 'get', bucket, name, existing, null);
    if (!existing) throw notFound(true, bucket, name);
    sendJson(res, 200, firebaseResource(withDownloadToken(svc, existing)));
    return;
  }
  // The web SDK's updateMetadata may come as PUT with X-HTTP-Method-Override: PATCH.
  const override = String(req.headers['x-http-method-override'] ?? '').toLowerCase();
  if (method === 'PATCH' || (method === 'PUT' && override === 'patch')) {
    const body = await readJson(svc.stats, req);
    if (!existing) {
      await authorize(svc, caller, 'update', bucket, name, null, null);
      throw notFound(true, bucket, name);
    }
    const next = applyPatch(existing, body, true);
    await authorize(svc, caller, 'update', bucket, name, existing, next);
    const updated = updateObjectMetadata(svc, existing, next);
    sendJson(res, 200, firebaseResource(updated));
    return;
  }
  const write = method === 'POST' || method === 'PUT';
  if (write && (q.has('create_token') || q.has('delete_token'))) {
    // Download tokens are managed with admin credentials only (the console, the Admin SDK).
    await drain(req);
    const create = q.get('create_token');
    if (create !== null && create !== 'true') throw new HttpError(400, 'Invalid create_token.');
    if (!caller.admin) throw new HttpError(403, 'Missing admin credentials.', 'forbidden');
    if (!existing) throw notFound(true, bucket, name);
    const tokens = (existing.metadata[TOKENS_KEY] ?? '').split(',').filter(Boolean);
    let next =
      create !== null
        ? [...tokens, randomUUID()]
        : tokens.filter((t) => t !== q.get('delete_token'));
    // An object keeps at least one token: deleting the last one makes a new one (Google's
    // emulator; the console does the same).
    if (next.length === 0) next = [randomUUID()];
    const metadata = { ...existing.metadata, [TOKENS_KEY]: next.join(',') };
    const updated = updateObjectMetadata(svc, existing, { ...existing, metadata });
    sendJson(res, 200, firebaseResource(updated));
    return;
  }
  if (write) {
    // An upload addressed by the object's path (`POST /v0/b/{bucket}/o/{name}`).
    await firebaseUpload(svc, req, res, url, bucket, name, caller);
    return;
  }
  if (method === 'DELETE') {
    await drain(req);
    await authorize(svc, caller, 'delete', bucket, name, existing, null);
    if (!existing) throw notFound(true, bucket, name);
    await deleteObject(svc, res, existing);
    return;
  }
  throw new HttpError(405, 'Method not allowed.');
}

/**
 * An upload of the Firebase API, at `/o` (name in `?name=` or the metadata) or `/o/{name}`:
 * a resumable session's command (`upload_id`), a resumable start (X-Goog-Upload-Command
 * `start`, with or without X-Goog-Upload-Protocol), or a one-shot raw or multipart body.
 */
async function firebaseUpload(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  bucket: string,
  pathName: string | null,
  caller: CallerContext,
): Promise<void> {
  const q = url.searchParams;
  const base = `http://${req.headers.host ?? 'localhost'}`;
  const uploadId = q.get('upload_id');
  if (uploadId) {
    const s = svc.sessions.get(uploadId);
    if (!s) {
      await drain(req);
      throw new HttpError(404, 'Upload session not found.', 'notFound');
    }
    await firebaseResumableCommand(svc, req, res, s);
    return;
  }
  const command = String(req.headers['x-goog-upload-command'] ?? '').toLowerCase();
  const protocol =
    (req.headers['x-goog-upload-protocol'] as string | undefined)?.toLowerCase() ??
    q.get('uploadType') ??
    'raw';
  if (protocol === 'resumable' || command) {
    if (command !== 'start') {
      await drain(req);
      throw new HttpError(400, `Unexpected upload command ${command}.`);
    }
    const json = await readJson(svc.stats, req);
    const name = pathName ?? q.get('name') ?? str(json['name']);
    if (!name) throw new HttpError(400, 'Missing object name.');
    const declared = req.headers['x-goog-upload-header-content-length'];
    const meta = uploadMetaFrom(
      json,
      req.headers['x-goog-upload-header-content-type'] as string | undefined,
    );
    const declaredSize = declared ? Number(declared) : null;
    await authorizeDeclared(svc, caller, bucket, name, meta, declaredSize);
    const s = await newSession(svc, caller, bucket, name, meta, declaredSize, true, null);
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
  const up = await receiveOneShot(svc, req, protocol === 'multipart', q);
  const name = pathName ?? up.name;
  if (!name) {
    await fsp.rm(up.tmp, { force: true });
    throw new HttpError(400, 'Missing object name.');
  }
  const o = await finishUpload(svc, caller, bucket, name, up.tmp, up.hashes, up.meta, true, null);
  sendJson(res, 200, firebaseResource(o));
}

/**
 * Objects written through the GCS API have no download token; the Firebase API gives one on the
 * first read (metadata or bytes) so getDownloadURL works for them. That is a metadata update,
 * with its metageneration and event, as in Google's emulator and the service.
 */
function withDownloadToken(svc: StorageService, o: StoredObject): StoredObject {
  if (o.metadata[TOKENS_KEY]) return o;
  return updateObjectMetadata(svc, o, {
    ...o,
    metadata: { ...o.metadata, [TOKENS_KEY]: randomUUID() },
  });
}

/**
 * A path the Firebase API can address: no empty segment once one leading `/` is dropped
 * (Google's emulator's isValidNonEncodedPathString).
 */
function isValidPath(path: string): boolean {
  const p = path.startsWith('/') ? path.slice(1) : path;
  return p !== '' && p.split('/').every((segment) => segment !== '');
}

export async function firebaseResumableCommand(
  svc: StorageService,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  s: UploadSession,
): Promise<void> {
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
      // A finalized upload (stored or refused) can no longer be cancelled.
      if (s.state === 'final') throw new HttpError(400, 'Upload is already finalized.');
      await cancelSession(s);
      status('cancelled');
      return;
    }
    if (commands.includes('query')) {
      await drain(req);
      if (s.state === 'final' && !s.result) {
        status('final', { 'X-Goog-Upload-Size-Received': String(s.received) });
      } else if (s.state === 'final' && s.result) {
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
      else await writeChunk(svc, s, req, offset);
    } else {
      await drain(req);
    }
    if (commands.includes('finalize')) {
      let o: StoredObject;
      try {
        o = await finalizeSession(svc, s);
      } catch (e) {
        // A refused finalize ends the upload too; asking again gets the same answer.
        if (s.state === 'final') res.setHeader('X-Goog-Upload-Status', 'final');
        throw e;
      }
      sendJson(res, 200, firebaseResource(o), { 'X-Goog-Upload-Status': 'final' });
      return;
    }
    if (!commands.includes('upload'))
      throw new HttpError(400, `Unknown upload command ${commands.join(',')}.`);
    status('active', { 'X-Goog-Upload-Size-Received': String(s.received) });
  });
}
