/**
 * multipart/form-data bodies (RFC 7578: the upload form and the avatar picker) through busboy,
 * the parser Express's own multer is built on. Text fields become strings, file parts are kept
 * up to a byte limit (bytes past it are counted, not kept, so the caller can say "too large"),
 * and the whole body is capped. On Cloud Functions the runtime has already read the body into
 * `req.rawBody`; elsewhere (tests, a plain server) the stream is read, and dropped past the cap.
 */
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError, formTooLarge } from './errors.js';

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

export function isMultipart(req: Pick<Request, 'headers'>): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/** The body the Functions runtime already read (Cloud Functions and its emulator), if any. */
export function rawBodyOf(req: Pick<Request, 'headers'>): Buffer | null {
  const raw = (req as { rawBody?: unknown }).rawBody;
  return Buffer.isBuffer(raw) ? raw : null;
}

/** The request's body: `rawBody` when the runtime read it, else its stream (capped). */
async function* bodyOf(req: Request, limits: MultipartLimits): AsyncGenerator<Buffer> {
  const { totalBytes } = limits;
  const raw = rawBodyOf(req);
  if (raw) {
    if (raw.length > totalBytes) throw formTooLarge(limits.fileBytes);
    yield raw;
    return;
  }
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > totalBytes) {
      // Stop reading: the connection closes after the answer instead of pulling megabytes.
      req.unpipe?.();
      throw formTooLarge(limits.fileBytes);
    }
    yield chunk;
  }
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

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // File names are UTF-8 in every browser's forms (RFC 7578 4.2), not Latin-1.
      defParamCharset: 'utf8',
      limits: { fieldSize: fieldBytes, fields: maxFields, files: maxFiles },
    });
  } catch (err) {
    throw new HttpError(400, `Malformed multipart body: ${(err as Error).message}`);
  }

  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: HttpError) => {
      if (failed) return;
      failed = true;
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(413, `Form field ${name} is too large`));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      const file: UploadedFile = {
        field: name,
        filename: info.filename ?? '',
        contentType: info.mimeType,
        data: Buffer.alloc(0),
        size: 0,
        truncated: false,
      };
      stream.on('data', (chunk: Buffer) => {
        const kept = file.size;
        file.size += chunk.length;
        if (file.size <= limits.fileBytes) chunks.push(chunk);
        else {
          file.truncated = true;
          if (kept < limits.fileBytes) chunks.push(chunk.subarray(0, limits.fileBytes - kept));
        }
      });
      stream.on('end', () => {
        files[name] = { ...file, data: Buffer.concat(chunks) };
      });
      // A body that ends inside this part (or a parser destroyed mid-part) errors the part's own
      // stream too; unheard, that error is an uncaught exception that ends the whole process.
      stream.on('error', (err: Error) =>
        fail(new HttpError(400, `Malformed multipart body: ${err.message}`)),
      );
    });
    parser.on('fieldsLimit', () => fail(new HttpError(400, 'Too many form fields')));
    parser.on('filesLimit', () => fail(new HttpError(400, 'Too many files')));
    parser.on('error', (err: Error) =>
      fail(new HttpError(400, `Malformed multipart body: ${err.message}`)),
    );
    parser.on('close', () => resolve());
  });
  // Awaited below, after the body is written: a failure meanwhile must not count as unhandled.
  done.catch(() => {});

  try {
    for await (const chunk of bodyOf(req, limits)) parser.write(chunk);
  } catch (err) {
    parser.destroy();
    throw err;
  }
  parser.end();
  await done;
  return { fields, files };
}
