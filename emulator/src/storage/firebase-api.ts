/**
 * The Firebase Storage REST API (`/v0/b/{bucket}/o...`) as the firebase web SDK speaks it: list,
 * one-shot and resumable uploads, metadata, download tokens, media and delete, each judged by
 * the storage rules unless the caller is an admin.
 */
import { randomUUID } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import type * as http from 'node:http';
import { callerFromAuthorization } from './auth.js';
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
import { TOKENS_KEY } from './store.js';
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
  const base = `http://${req.headers.host ?? 'localhost'}`;

  if (rawName === null) {
    if (method === 'GET') {
      const prefix = q.get('prefix') ?? '';
      const delimiter = q.get('delimiter') ?? '';
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
      const s = svc.sessions.get(uploadId);
      if (!s) throw new HttpError(404, 'Upload session not found.', 'notFound');
      await firebaseResumableCommand(svc, req, res, s);
      return;
    }
    const protocol =
      (req.headers['x-goog-upload-protocol'] as string | undefined)?.toLowerCase() ??
      q.get('uploadType') ??
      'raw';
    if (protocol === 'resumable') {
      const command = String(req.headers['x-goog-upload-command'] ?? '').toLowerCase();
      if (command !== 'start') throw new HttpError(400, `Unexpected upload command ${command}.`);
      const json = await readJson(svc.stats, req);
      const name = str(json['name']) ?? q.get('name');
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
    if (!up.name) {
      await fsp.rm(up.tmp, { force: true });
      throw new HttpError(400, 'Missing object name.');
    }
    const o = await finishUpload(
      svc,
      caller,
      bucket,
      up.name,
      up.tmp,
      up.hashes,
      up.meta,
      true,
      null,
    );
    sendJson(res, 200, firebaseResource(o));
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
      await sendMedia(svc, req, res, existing);
      return;
    }
    await authorize(svc, caller, 'get', bucket, name, existing, null);
    if (!existing) throw notFound(true, bucket, name);
    // Objects written through the GCS API have no token; the Firebase API hands one out on
    // first metadata read so getDownloadURL works for them (the console does the same).
    // Set in place: a read must not bump metageneration.
    if (!existing.metadata[TOKENS_KEY]) existing.metadata[TOKENS_KEY] = randomUUID();
    sendJson(res, 200, firebaseResource(existing));
    return;
  }
  if (method === 'PATCH') {
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
    const updated = updateObjectMetadata(svc, existing, { ...existing, metadata });
    sendJson(res, 200, firebaseResource(updated));
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
      else await writeChunk(svc, s, req, offset);
    } else {
      await drain(req);
    }
    if (commands.includes('finalize')) {
      const o = await finalizeSession(svc, s);
      sendJson(res, 200, firebaseResource(o), { 'X-Goog-Upload-Status': 'final' });
      return;
    }
    if (!commands.includes('upload'))
      throw new HttpError(400, `Unknown upload command ${commands.join(',')}.`);
    status('active', { 'X-Goog-Upload-Size-Received': String(s.received) });
  });
}
