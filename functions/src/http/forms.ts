/**
 * Request bodies of the form routes: multipart/form-data (the spec's upload form and avatar
 * picker) or JSON (the spec's "JSON of changed fields"). Either way the handler gets plain fields
 * in `req.body` and the files in `res.locals.files`.
 */
import type { RequestHandler, Response } from 'express';
import { MAX_NOTE_FILE_BYTES } from '@notenest/shared';
import { HttpError } from './errors.js';
import { isMultipart, readMultipart, type UploadedFile } from './multipart.js';

/** Bytes of a form beyond its file: fields and part headers. */
const FORM_OVERHEAD = 256 * 1024;

/**
 * The largest form body taken for files of `maxFileBytes`: a too-large file is counted to the end
 * (to report its size) up to twice the limit.
 */
export function formBodyLimit(maxFileBytes: number): number {
  return 2 * maxFileBytes + FORM_OVERHEAD;
}

export function form(maxFileBytes: number = MAX_NOTE_FILE_BYTES): RequestHandler {
  return async (req, res, next) => {
    try {
      if (isMultipart(req)) {
        const { fields, files } = await readMultipart(req, {
          fileBytes: maxFileBytes,
          totalBytes: formBodyLimit(maxFileBytes),
        });
        req.body = fields;
        res.locals['files'] = files;
      } else {
        if (req.body === undefined) req.body = {};
        if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
          throw new HttpError(400, 'Expected a JSON object or a multipart form');
        res.locals['files'] = {};
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function fileOf(res: Response, field: string): UploadedFile | null {
  return (res.locals['files'] as Record<string, UploadedFile> | undefined)?.[field] ?? null;
}
