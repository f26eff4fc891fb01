/**
 * Errors the API answers with, and the JSON shape every failure takes:
 * `{ success: false, message, errors? }` (the web app shows `message`, spec section 8).
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: readonly string[],
    /** More fields of the answer (a duplicate's `noteId`, for the link to it). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `bytes` as the spec states sizes ("10MB": binary megabytes), e.g. "1 MB", "10 MB". */
export function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
}

/** 413 for a JSON (or other non-form) body over `maxBytes`. */
export function bodyTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `The request body is too large (at most ${megabytes(maxBytes)})`);
}

/** 413 for a multipart form over its cap, named by the file limit a user can act on. */
export function formTooLarge(maxFileBytes: number): HttpError {
  return new HttpError(
    413,
    `The form is too large (files may be at most ${megabytes(maxFileBytes)})`,
  );
}

/** The last route: anything no feature module answered. */
export const notFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No route for ${req.method} ${req.path}`));
};

export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).json({
      success: false,
      message: err.message,
      ...(err.details ? { errors: err.details } : {}),
      ...err.extra,
    });
    return;
  }
  // body-parser errors carry a status (400 malformed JSON, 413 too large, with its limit).
  const { status, type, limit } = err as { status?: unknown; type?: unknown; limit?: unknown };
  if (status === 413 && type === 'entity.too.large' && typeof limit === 'number') {
    const tooLarge = bodyTooLarge(limit);
    res.status(413).json({ success: false, message: tooLarge.message });
    return;
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: (err as Error).message });
    return;
  }
  console.error('api: unhandled error', err);
  res.status(500).json({ success: false, message: 'Internal error' });
};
