/**
 * A small streaming multipart/form-data parser (RFC 7578), so create/update/avatar uploads need no
 * extra dependency. `MultipartParser` is push-based: feed it chunks, it calls back per part with
 * headers, data slices and the end; it never holds more than one chunk plus a delimiter's length
 * of the body beyond what a part handler keeps.
 *
 * `readMultipart` applies it to an Express request: text fields become strings, file parts are
 * collected up to a byte limit (bytes past the limit are counted, not kept, so the caller can say
 * "too large" with the real size), and the whole body is capped. On Cloud Functions the runtime
 * has already read the body into `req.rawBody`; elsewhere (the emulator, tests) the stream is read.
 */
import type { Request } from 'express';
import { HttpError } from './errors.js';

export interface PartHeaders {
  name: string;
  filename: string | null;
  contentType: string;
}

export interface PartHandler {
  start(headers: PartHeaders): void;
  data(chunk: Buffer): void;
  end(): void;
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';

export class MultipartParser {
  private readonly delimiter: Buffer;
  // The body starts with "--boundary" without the CRLF that precedes every later delimiter;
  // starting with a virtual CRLF lets one search find all of them.
  private pending: Buffer = Buffer.from('\r\n');
  private state: State = 'preamble';

  constructor(
    boundary: string,
    private readonly handler: PartHandler,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  get finished(): boolean {
    return this.state === 'done';
  }

  write(chunk: Buffer): void {
    if (this.state === 'done') return; // epilogue: ignored
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (!this.step()) break;
    }
  }

  end(): void {
    if (this.state !== 'done') throw new HttpError(400, 'Malformed multipart body: unexpected end');
  }

  /** Advances one state; false when more input is needed. */
  private step(): boolean {
    const buf = this.pending;
    switch (this.state) {
      case 'preamble': {
        const i = buf.indexOf(this.delimiter);
        if (i < 0) {
          this.pending = buf.subarray(Math.max(0, buf.length - this.delimiter.length + 1));
          return false;
        }
        this.pending = buf.subarray(i + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        // "--" closes the body; otherwise optional transport padding, then CRLF.
        if (buf.length < 2) return false;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          this.state = 'done';
          this.pending = Buffer.alloc(0);
          return false;
        }
        const eol = buf.indexOf('\r\n');
        if (eol < 0) {
          if (buf.length > 256) throw new HttpError(400, 'Malformed multipart body');
          return false;
        }
        if (buf.subarray(0, eol).toString('latin1').trim() !== '')
          throw new HttpError(400, 'Malformed multipart body');
        this.pending = buf.subarray(eol + 2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        const i = buf.indexOf(CRLF_CRLF);
        if (i < 0) {
          if (buf.length > MAX_HEADER_BYTES)
            throw new HttpError(400, 'Malformed multipart body: part headers too large');
          return false;
        }
        this.handler.start(parsePartHeaders(buf.subarray(0, i).toString('utf8')));
        this.pending = buf.subarray(i + 4);
        this.state = 'body';
        return true;
      }
      case 'body': {
        const i = buf.indexOf(this.delimiter);
        if (i < 0) {
          // Keep what could be the start of a delimiter split across chunks.
          const keep = this.delimiter.length - 1;
          if (buf.length > keep) {
            this.handler.data(buf.subarray(0, buf.length - keep));
            this.pending = buf.subarray(buf.length - keep);
          }
          return false;
        }
        if (i > 0) this.handler.data(buf.subarray(0, i));
        this.handler.end();
        this.pending = buf.subarray(i + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'done':
        return false;
    }
  }
}

/** Content-Disposition name/filename (filename* in RFC 5987 form wins) and Content-Type. */
export function parsePartHeaders(block: string): PartHeaders {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType = 'text/plain';
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') contentType = value.toLowerCase();
    if (key !== 'content-disposition') continue;
    const params = dispositionParams(value);
    name = params.get('name') ?? null;
    const star = params.get('filename*');
    if (star !== undefined) {
      const m = /^([\w-]+)'[^']*'(.*)$/.exec(star);
      try {
        filename = m ? decodeURIComponent(m[2]!) : star;
      } catch {
        filename = star;
      }
    } else if (params.has('filename')) filename = params.get('filename')!;
  }
  if (name === null) throw new HttpError(400, 'Malformed multipart body: a part has no name');
  return { name, filename, contentType };
}

function dispositionParams(value: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/g;
  for (const m of value.matchAll(re)) {
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim();
    out.set(m[1]!.toLowerCase(), raw);
  }
  return out;
}

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  /** The bytes kept: all of them unless `size > limit`. */
  data: Buffer;
  /** Every byte the client sent for this part. */
  size: number;
  /** True when `size` exceeded the file limit (data holds only the first bytes). */
  truncated: boolean;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export interface MultipartLimits {
  /** Bytes kept per file; more are counted (to report the size) but dropped. */
  fileBytes: number;
  /** The whole body; beyond it the request is refused with 413. */
  totalBytes: number;
  fieldBytes?: number;
  fields?: number;
  files?: number;
}

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

export function boundaryOf(contentType: string): string {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const b = m ? (m[1] ?? m[2]) : undefined;
  if (!b || b.length > 70) throw new HttpError(400, 'Malformed multipart body: no boundary');
  return b;
}

export async function readMultipart(
  req: Request,
  limits: MultipartLimits,
): Promise<MultipartResult> {
  const fieldBytes = limits.fieldBytes ?? 64 * 1024;
  const maxFields = limits.fields ?? 50;
  const maxFiles = limits.files ?? 2;
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  let current:
    | { kind: 'field'; name: string; chunks: Buffer[]; size: number }
    | { kind: 'file'; file: UploadedFile; chunks: Buffer[] }
    | null = null;
  let fieldCount = 0;

  const parser = new MultipartParser(boundaryOf(req.headers['content-type'] ?? ''), {
    start(h) {
      if (h.filename !== null) {
        if (Object.keys(files).length >= maxFiles) throw new HttpError(400, 'Too many files');
        current = {
          kind: 'file',
          chunks: [],
          file: {
            field: h.name,
            filename: h.filename,
            contentType: h.contentType,
            data: Buffer.alloc(0),
            size: 0,
            truncated: false,
          },
        };
      } else {
        if (++fieldCount > maxFields) throw new HttpError(400, 'Too many form fields');
        current = { kind: 'field', name: h.name, chunks: [], size: 0 };
      }
    },
    data(chunk) {
      const c = current!;
      if (c.kind === 'field') {
        c.size += chunk.length;
        if (c.size > fieldBytes) throw new HttpError(413, `Form field ${c.name} is too large`);
        c.chunks.push(Buffer.from(chunk));
      } else {
        const kept = c.file.size;
        c.file.size += chunk.length;
        if (c.file.size > limits.fileBytes) {
          c.file.truncated = true;
          if (kept < limits.fileBytes)
            c.chunks.push(Buffer.from(chunk.subarray(0, limits.fileBytes - kept)));
        } else c.chunks.push(Buffer.from(chunk));
      }
    },
    end() {
      const c = current!;
      if (c.kind === 'field') fields[c.name] = Buffer.concat(c.chunks).toString('utf8');
      else files[c.file.field] = { ...c.file, data: Buffer.concat(c.chunks) };
      current = null;
    },
  });

  const raw = (req as Request & { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(raw)) {
    if (raw.length > limits.totalBytes) throw new HttpError(413, 'The request is too large');
    parser.write(raw);
  } else {
    let total = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.totalBytes) {
        // Stop reading: the connection closes after the answer instead of pulling megabytes.
        req.unpipe();
        throw new HttpError(413, 'The request is too large');
      }
      parser.write(chunk);
    }
  }
  parser.end();
  return { fields, files };
}
