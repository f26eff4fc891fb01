/**
 * Local stacks only: while `npm start` or a test stack stops, it writes the file that
 * NOTENEST_STOPPING_FLAG names (scripts/lib/stack.mjs, refuseWrites) before the emulators export
 * their data. From then on a write is refused with 503 rather than acknowledged and then missing
 * from the export. Unset in production, where this costs nothing.
 */
import { existsSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function refuseWritesWhileStopping(
  flag = process.env.NOTENEST_STOPPING_FLAG,
): RequestHandler {
  return (req, _res, next) => {
    if (flag && !READS.has(req.method) && existsSync(flag))
      return next(new HttpError(503, 'NoteNest is stopping. Try again once it has started.'));
    next();
  };
}
