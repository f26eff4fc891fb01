/**
 * HTTP/1.1 server for both storage protocols on one port:
 * - Firebase Storage REST (`/v0/b/{bucket}/o...`) as spoken by the firebase web SDK, with
 *   storage rules applied to non-admin callers;
 * - the Cloud Storage JSON API subset used by @google-cloud/storage when STORAGE_EMULATOR_HOST
 *   is set (`/b/...`, `/storage/v1/b/...`, `/upload/storage/v1/...`, `/download/storage/v1/...`),
 *   always privileged like the official emulator;
 * - emulator control used by @firebase/rules-unit-testing (`PUT /internal/setRules`).
 *
 * The parts: http.ts (plumbing), resources.ts (an object's shapes), service.ts (the state),
 * objects.ts (rules checks, commits, media), uploads.ts (sessions), firebase-api.ts and
 * gcs-api.ts (the two APIs). This file routes requests to them and runs the HTTP server.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleFirebase } from './firebase-api.js';
import {
  handleGcs,
  handleGcsAcl,
  handleGcsCopy,
  handleGcsPostPolicy,
  handleGcsUpload,
} from './gcs-api.js';
import { HttpError, cors, drain, readJson, sendError, sendJson } from './http.js';
import { MultipartError } from './multipart.js';
import type { RulesFile, StorageRulesCompiler } from './rules-hook.js';
import { StorageService } from './service.js';
import { storageRulesCompiler } from './storage-rules.js';
import { ObjectStore, TransferStats } from './store.js';
import { cancelSession } from './uploads.js';

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
  /**
   * From now on answers every write (any method but GET, HEAD and OPTIONS) 503 and resolves once
   * the writes already running have been answered. A stop calls it before exporting: a write
   * acknowledged after the export read the store would be lost on the next start.
   */
  refuseWrites(): Promise<void>;
  close(): Promise<void>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function route(
  svc: StorageService,
  handle: StorageServer,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // Keep percent-encoding: object names are one encoded segment that may contain %2F.
  const p = (req.url ?? '/').split('?')[0]!;
  const method = req.method ?? 'GET';

  if (method === 'OPTIONS') {
    await drain(req);
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? '*'),
      'Access-Control-Max-Age': '3600',
      'Content-Length': '0',
    });
    res.end();
    return;
  }

  if (p === '/internal/setRules' && (method === 'PUT' || method === 'POST')) {
    const body = await readJson(svc.stats, req, 16 * 1024 * 1024);
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
      svc,
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
    await handleGcsUpload(svc, req, res, url, decodeURIComponent(m[1]!));
    return;
  }
  m = /^\/download\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(p);
  if (m) {
    await handleGcs(svc, req, res, url, decodeURIComponent(m[1]!), m[2]!, true);
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
    await handleGcsCopy(svc, req, res, url, {
      from: { bucket: decodeURIComponent(sb), name: decodeURIComponent(so) },
      to: { bucket: decodeURIComponent(db), name: decodeURIComponent(dobj) },
      rewrite: kind === 'rewriteTo',
    });
    return;
  }
  m = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/([^/]+)\/acl(?:\/[^/]*)?$/.exec(p);
  if (m && method === 'POST') {
    await handleGcsAcl(svc, req, res, decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    return;
  }
  // With STORAGE_EMULATOR_HOST the GCS client puts no /storage/v1 before /b; accept both.
  m = /^(?:\/storage\/v1)?\/b(?:\/([^/]+)(?:\/o(?:\/(.*))?)?)?\/?$/.exec(p);
  if (m) {
    const bucket = m[1] === undefined ? null : decodeURIComponent(m[1]);
    const hasO = /\/o(\/|$)/.test(p.replace(/^(?:\/storage\/v1)?\/b\/[^/]+/, ''));
    const rawName = bucket === null ? null : hasO ? (m[2] ?? '') : null;
    await handleGcs(svc, req, res, url, bucket, rawName, false);
    return;
  }
  // A browser form's upload with a signed POST policy (Bucket/File generateSignedPostPolicy).
  m = /^\/([^/]+)\/?$/.exec(p);
  if (m && method === 'POST') {
    await handleGcsPostPolicy(svc, req, res, decodeURIComponent(m[1]!));
    return;
  }
  // Public URL form `/{bucket}/{name}` (File.publicUrl()).
  m = /^\/([^/]+)\/(.+)$/.exec(p);
  if (m && (method === 'GET' || method === 'HEAD')) {
    await handleGcs(
      svc,
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
}

export async function startStorageServer(
  options: StorageServerOptions = {},
): Promise<StorageServer> {
  // The rules language from src/rules by default; `rulesCompiler: null` would be allow-all.
  const svc = new StorageService(
    await ObjectStore.create(),
    new TransferStats(),
    options,
    options.rulesCompiler === undefined ? storageRulesCompiler : options.rulesCompiler,
  );

  let refusingWrites = false;
  let writesInFlight = 0;
  let writesDone: (() => void) | undefined;
  let writesRefused: Promise<void> | undefined;
  const server = http.createServer((req, res) => {
    cors(req, res);
    if (!READ_METHODS.has(req.method ?? 'GET')) {
      if (refusingWrites) {
        // Closing the connection too: a client retrying on it would only meet the same answer.
        res.setHeader('Connection', 'close');
        sendError(res, 503, 'The Storage emulator is shutting down.', 'backendError');
        req.resume();
        return;
      }
      writesInFlight++;
      // 'close' comes after the response was sent (or the client went away): either way the
      // write can no longer be acknowledged, so the export may begin.
      res.once('close', () => {
        writesInFlight--;
        if (writesInFlight === 0) writesDone?.();
      });
    }
    route(svc, handle, req, res).catch((e: unknown) => {
      if (e instanceof HttpError) sendError(res, e.status, e.message, e.reason);
      else if (e instanceof MultipartError) sendError(res, 400, e.message);
      else if (req.destroyed || res.destroyed)
        return; // client went away mid-body (e.g. a cancelled upload chunk)
      else sendError(res, 500, e instanceof Error ? e.message : String(e), 'backendError');
      // Unread request bodies would otherwise stall keep-alive connections.
      if (!req.complete) req.resume();
    });
  });
  // Longer than any client keeps an idle connection (Node's agents: 5 s). With the same 5 s on both
  // ends, a client could send a request on a connection the server was closing that instant, and
  // get ECONNRESET; on a loaded machine that happened (an upload from a function failing with
  // 500). Google's front ends keep idle connections for minutes, too.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  svc.port = addr.port;

  const handle: StorageServer = {
    host: options.host ?? '127.0.0.1',
    port: addr.port,
    setRules: (bucketOrProject, files) => svc.setRules(bucketOrProject, files),
    setRulesCompiler: (c) => svc.setRulesCompiler(c),
    async clear() {
      for (const s of svc.sessions.values()) await cancelSession(s);
      svc.sessions.clear();
      await svc.store.clear();
    },
    exportTo: (dir) => svc.store.exportTo(dir),
    transferStats(reset = false) {
      const snap = svc.stats.snapshot();
      if (reset) svc.stats.reset();
      return snap;
    },
    importFrom: (dir) => svc.store.importFrom(dir),
    refuseWrites() {
      refusingWrites = true;
      writesRefused ??=
        writesInFlight === 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => (writesDone = resolve));
      return writesRefused;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      svc.sessions.clear();
      await svc.store.destroy();
    },
  };
  return handle;
}
