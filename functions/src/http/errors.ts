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
  ) {
    super(message);
    this.name = 'HttpError';
  }
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
    });
    return;
  }
  // body-parser errors carry a status (400 malformed JSON, 413 too large).
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: (err as Error).message });
    return;
  }
  console.error('api: unhandled error', err);
  res.status(500).json({ success: false, message: 'Internal error' });
};
