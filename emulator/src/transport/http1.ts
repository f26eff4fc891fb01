/**
 * HTTP/1.1 side of the Firestore port: WebChannel streams, REST, emulator control endpoints,
 * and CORS (with credentials) on every response, preflight and errors included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contextFromAuthorization } from './auth.js';
import { CodecError } from './codec.js';
import type { EngineApi } from './engine-api.js';
import { handleRest } from './rest.js';
import { httpStatusFor, toRpcFailure } from './status.js';
import { WebChannelServer, type ChannelKind, type WebChannelOptions } from './webchannel.js';

const MAX_BODY = 64 * 1024 * 1024;

const CHANNEL = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;
const RULES = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/;
const CLEAR = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/;
/** GET: billable document reads since the last DELETE (or start), per database and in total. */
const READS = /^\/emulator\/v1\/projects\/([^/]+)\/reads$/;

const DEFAULT_ALLOWED_HEADERS =
  'authorization, content-type, google-cloud-resource-prefix, x-firebase-gmpid, x-goog-api-client, ' +
  'x-goog-api-key, x-goog-request-params, x-firebase-appcheck, x-firebase-client, x-client-data';

/** Browsers send credentials, so `*` is not acceptable: echo the Origin. */
export function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
}

function setPreflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'];
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    typeof asked === 'string' && asked ? asked : DEFAULT_ALLOWED_HEADERS,
  );
  res.setHeader('Access-Control-Max-Age', '86400');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new CodecError('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(body);
}

function sendError(res: ServerResponse, err: unknown): void {
  const f = toRpcFailure(err);
  const http = httpStatusFor(f.code);
  sendJson(
    res,
    http,
    JSON.stringify({ error: { code: http, message: f.message, status: f.status } }),
  );
}

export interface Http1Handler {
  (req: IncomingMessage, res: ServerResponse): void;
  webchannel: WebChannelServer;
}

export function createHttp1Handler(
  engine: EngineApi,
  webchannelOptions?: WebChannelOptions,
): Http1Handler {
  const webchannel = new WebChannelServer(engine, webchannelOptions);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      setPreflight(req, res);
      res.writeHead(204).end();
      return;
    }
    void route(req, res).catch((err) => sendError(res, err));
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    const channel = CHANNEL.exec(path);
    if (channel) {
      const body = method === 'GET' ? '' : await readBody(req);
      webchannel.handle(req, res, channel[1] as ChannelKind, url, body);
      return;
    }

    if (path === '/' && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Ok');
      return;
    }

    const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);

    const rules = RULES.exec(path);
    if (rules && method === 'PUT') {
      let parsed: { rules?: { files?: { name?: string; content?: string }[] } };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        throw new CodecError('Invalid JSON payload received.');
      }
      const files = (parsed.rules?.files ?? []).map((f) => ({
        ...(f.name !== undefined ? { name: f.name } : {}),
        content: String(f.content ?? ''),
      }));
      engine.setRules(decodeURIComponent(rules[1]!), files);
      sendJson(res, 200, '{}');
      return;
    }

    const clear = CLEAR.exec(path);
    if (clear && method === 'DELETE') {
      engine.clear(decodeURIComponent(clear[1]!), decodeURIComponent(clear[2]!));
      sendJson(res, 200, '{}');
      return;
    }

    const reads = READS.exec(path);
    if (reads && (method === 'GET' || method === 'DELETE')) {
      const projectId = decodeURIComponent(reads[1]!);
      if (method === 'DELETE') engine.reads.reset(projectId);
      sendJson(res, 200, JSON.stringify(method === 'GET' ? engine.reads.get(projectId) : {}));
      return;
    }

    if (path.startsWith('/v1/')) {
      const ctx = contextFromAuthorization(req.headers.authorization);
      const result = await handleRest(engine, ctx, method, url, body);
      if (result) {
        sendJson(res, result.status, result.body);
        return;
      }
    }

    const http = 404;
    sendJson(
      res,
      http,
      JSON.stringify({
        error: { code: http, message: `Not found: ${method} ${path}`, status: 'NOT_FOUND' },
      }),
    );
  }

  return Object.assign(handler, { webchannel });
}
