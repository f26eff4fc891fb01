/**
 * Streaming reader for the `multipart/related` bodies both SDKs send for one-shot uploads:
 * part 1 is the JSON metadata, part 2 the media. The media part is written straight to a file
 * so the request body is never held in memory; only a small tail is held back because the
 * closing delimiter can only be recognized once the stream ends. md5/crc32c are computed on the
 * way to disk, so the file is not read back to hash it.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StreamHasher, type Hashes, type TransferStats } from './store.js';

export class MultipartError extends Error {}

/** Largest metadata part (plus part headers) accepted before the media part starts. */
const MAX_HEAD = 1024 * 1024;

export function boundaryOf(contentType: string | undefined): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function parseHeaders(block: string): Record<string, string> {
  const h: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) h[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return h;
}

export interface MultipartUpload {
  metadata: Record<string, unknown>;
  /** Content-Type header of the media part. */
  mediaContentType: string | undefined;
  /** Of the media part. */
  hashes: Hashes;
}

export async function receiveMultipart(
  body: Readable,
  boundary: string,
  outFile: string,
  stats?: TransferStats,
): Promise<MultipartUpload> {
  const delim = Buffer.from(`--${boundary}`);
  const crlfDelim = Buffer.from(`\r\n--${boundary}`);
  const sep = Buffer.from('\r\n\r\n');
  const out = createWriteStream(outFile);
  const outDone = once(out, 'close');
  let head: Buffer = Buffer.alloc(0);
  let metadata: Record<string, unknown> | null = null;
  let mediaContentType: string | undefined;
  let inMedia = false;
  let tail: Buffer = Buffer.alloc(0);
  const keep = Math.max(4096, crlfDelim.length * 4);
  const hasher = StreamHasher.create();
  /** Body bytes this parser holds right now (head before the media part, then the tail). */
  let held = 0;
  const account = (): void => {
    const now = head.length + tail.length;
    stats?.hold(now - held);
    held = now;
  };

  const write = async (b: Buffer): Promise<void> => {
    if (b.length === 0) return;
    hasher.update(b);
    if (!out.write(b)) await once(out, 'drain');
  };

  /** Tries to parse part 1 and the headers of part 2 from `head`; returns the leftover bytes. */
  const tryHead = (): Buffer | null => {
    const d0 = head.indexOf(delim);
    if (d0 < 0) return null;
    const h1 = head.indexOf(sep, d0);
    if (h1 < 0) return null;
    const d1 = head.indexOf(crlfDelim, h1 + 4);
    if (d1 < 0) return null;
    const h2 = head.indexOf(sep, d1 + crlfDelim.length);
    if (h2 < 0) return null;
    const json = head
      .subarray(h1 + 4, d1)
      .toString('utf8')
      .trim();
    try {
      metadata = json ? (JSON.parse(json) as Record<string, unknown>) : {};
    } catch {
      throw new MultipartError('metadata part is not JSON');
    }
    const partHeaders = parseHeaders(head.subarray(d1 + crlfDelim.length, h2).toString('utf8'));
    mediaContentType = partHeaders['content-type'];
    return head.subarray(h2 + 4);
  };

  try {
    for await (const chunk of body) {
      let buf = chunk as Buffer;
      if (!inMedia) {
        head = Buffer.concat([head, buf]);
        account();
        const rest = tryHead();
        if (rest === null) {
          if (head.length > MAX_HEAD) throw new MultipartError('multipart metadata part too large');
          continue;
        }
        inMedia = true;
        head = Buffer.alloc(0);
        buf = rest;
      }
      // Hold back the last `keep` bytes: they may contain the closing delimiter. Only the small
      // tail is ever copied; the socket's chunks are written as they are.
      if (buf.length >= keep) {
        await write(tail);
        await write(buf.subarray(0, buf.length - keep));
        tail = Buffer.from(buf.subarray(buf.length - keep));
      } else {
        const joined = Buffer.concat([tail, buf]);
        const cut = Math.max(0, joined.length - keep);
        await write(joined.subarray(0, cut));
        tail = joined.subarray(cut);
      }
      account();
    }
    if (!inMedia) throw new MultipartError('incomplete multipart body');
    const end = tail.lastIndexOf(crlfDelim);
    if (end < 0) throw new MultipartError('missing closing multipart delimiter');
    await write(tail.subarray(0, end));
  } finally {
    stats?.hold(-held);
    out.end();
    await outDone;
  }
  return { metadata: metadata ?? {}, mediaContentType, hashes: hasher.digest() };
}

/** One part of a multipart/form-data body: a field, or a file when it has a `filename`. */
export interface FormDataPart {
  name: string;
  filename?: string;
  contentType: string;
  data: Buffer;
}

/**
 * Parses a whole multipart/form-data body (an HTML form upload; held in memory, so callers cap
 * its size). Every part needs a `Content-Disposition: form-data; name=...` header.
 */
export function parseFormData(body: Buffer, boundary: string): FormDataPart[] {
  const delim = Buffer.from(`--${boundary}`);
  const parts: FormDataPart[] = [];
  let at = body.indexOf(delim);
  if (at < 0) throw new MultipartError('Failed to parse multipart form-data: no boundary.');
  for (;;) {
    const start = at + delim.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delim, start);
    if (next < 0)
      throw new MultipartError('Failed to parse multipart form-data: no closing boundary.');
    // The part between `--boundary\r\n` and `\r\n--boundary`.
    const part = body.subarray(start + 2, next - 2);
    const sep = part.indexOf('\r\n\r\n');
    if (sep < 0)
      throw new MultipartError('Failed to parse multipart part: Missing header-body separator.');
    const headers = parseHeaders(part.subarray(0, sep).toString('utf8'));
    const disposition = headers['content-disposition'] ?? '';
    const name =
      /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? /\bname=([^;\s]+)/i.exec(disposition)?.[1];
    if (!name)
      throw new MultipartError(
        "Failed to parse multipart form-data. Missing 'name' in Content-Disposition header.",
      );
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      contentType: headers['content-type'] ?? 'application/octet-stream',
      data: Buffer.from(part.subarray(sep + 4)),
    });
    at = next;
  }
  return parts;
}
