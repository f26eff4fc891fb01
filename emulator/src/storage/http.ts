/**
 * HTTP plumbing shared by both storage APIs: the error a handler throws, reading and draining
 * bodies, byte ranges, CORS and the JSON/error responses. Knows nothing of objects or rules.
 */
import type * as http from 'node:http';
import type { TransferStats } from './store.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason = 'invalid',
  ) {
    super(message);
  }
}

export const EXPOSED_HEADERS = [
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

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Custom metadata values are strings on the wire; numbers/booleans are coerced like GCS does. */
export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) if (x != null) out[k] = String(x);
  return out;
}

/** Reads a whole (capped) request body; the bytes held count in `stats` while it is read. */
export async function readBody(
  stats: TransferStats,
  req: http.IncomingMessage,
  limit: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  try {
    for await (const c of req) {
      const b = c as Buffer;
      n += b.length;
      stats.hold(b.length);
      if (n > limit) throw new HttpError(413, 'Request body too large.');
      chunks.push(b);
    }
    return Buffer.concat(chunks);
  } finally {
    stats.hold(-n);
  }
}

/** Reads a (small, capped) JSON body; the bytes held count in `stats`. */
export async function readJson(
  stats: TransferStats,
  req: http.IncomingMessage,
  limit = 1024 * 1024,
): Promise<Record<string, unknown>> {
  const text = (await readBody(stats, req, limit)).toString('utf8').trim();
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
export async function drain(req: http.IncomingMessage): Promise<void> {
  for await (const _ of req) {
    /* discard */
  }
}

export function parseRange(
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

export function cors(req: http.IncomingMessage, res: http.ServerResponse): void {
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
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * One error shape for both APIs: `{error:{code,message}}` is what the web SDK reads (it maps
 * 404 to storage/object-not-found and 403 to storage/unauthorized); `errors[]` is what the
 * GCS client reads.
 */
export function sendError(
  res: http.ServerResponse,
  status: number,
  message: string,
  reason = 'invalid',
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, {
    error: { code: status, message, errors: [{ message, domain: 'global', reason }] },
  });
}
