/**
 * The size limits of request bodies, checked before anything else reads them. On Cloud Functions
 * (and in its emulator) the runtime has already read and parsed every body, up to its own 32 MB,
 * into `req.rawBody` and `req.body`: `express.json({ limit })` then never runs, so the limit is
 * enforced here on `rawBody`. Elsewhere (a plain server, app.test.ts) express.json's limit and the
 * multipart reader's cap apply as the body streams in.
 */
import { MAX_NOTE_FILE_BYTES } from '@notenest/shared';
import type { RequestHandler } from 'express';
import { bodyTooLarge, formTooLarge } from './errors.js';
import { formBodyLimit } from './forms.js';
import { isMultipart, rawBodyOf } from './multipart.js';

/** JSON (and any other non-form) bodies: the spec's payloads are a few KB at most. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * 413 for a body over its limit: JSON_BODY_LIMIT, or for a multipart form the cap of the largest
 * form (a note file; the avatar form's own, smaller cap is applied by its route's form()).
 */
export function bodyLimit(): RequestHandler {
  return (req, _res, next) => {
    const raw = rawBodyOf(req);
    if (!raw) return next();
    if (isMultipart(req)) {
      if (raw.length > formBodyLimit(MAX_NOTE_FILE_BYTES))
        return next(formTooLarge(MAX_NOTE_FILE_BYTES));
    } else if (raw.length > JSON_BODY_LIMIT) return next(bodyTooLarge(JSON_BODY_LIMIT));
    next();
  };
}
