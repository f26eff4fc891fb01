/**
 * The Express app behind the `api` function. Feature modules (src/routes/*.ts) each export a
 * Router factory and are mounted twice: under `/api` (Hosting's rewrite `/api/**` hands Express
 * the full path) and at the root (the function's own URL, `.../us-central1/api/health`), so every
 * spec path works with and without `/api`. Pages the function renders as HTML (routes/pages.ts:
 * /browse) are mounted at the root only.
 */
import express, { type Express } from 'express';
import { identify, type TokenVerifier } from './http/auth.js';
import { bodyLimit, JSON_BODY_LIMIT } from './http/body-limit.js';
import { errorHandler, notFound } from './http/errors.js';
import { readMeter, readMeterEnabled } from './http/read-meter.js';
import { refuseWritesWhileStopping } from './http/stopping.js';
import { adminRoutes } from './routes/admin.js';
import { authRoutes } from './routes/auth.js';
import { commentsRoutes } from './routes/comments.js';
import { healthRoutes, type HealthDeps } from './routes/health.js';
import { likesRoutes } from './routes/likes.js';
import { notesRoutes } from './routes/notes.js';
import { pageRoutes } from './routes/pages.js';
import { searchRoutes } from './routes/search.js';
import { userRoutes } from './routes/user.js';

export interface AppDeps extends HealthDeps {
  verifier: TokenVerifier;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind the Functions runtime this app is mounted in the runtime's own Express app, which has
  // already set the header by the time a request gets here: disabling it above is not enough.
  app.use((_req, res, next) => {
    res.removeHeader('x-powered-by');
    next();
  });
  app.set('trust proxy', true);
  app.use(refuseWritesWhileStopping());
  // Before anything reads a body (the runtime's parsing bypasses express.json's limit).
  app.use(bodyLimit());
  // Benchmarks only (NOTENEST_READ_METER=1): each answer says how many documents it read.
  if (readMeterEnabled()) app.use(readMeter());
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  const api = express.Router();
  api.use(healthRoutes(deps));
  api.use(identify(deps.verifier));
  api.use(authRoutes());
  api.use(userRoutes());
  api.use(notesRoutes());
  api.use(commentsRoutes());
  api.use(likesRoutes());
  api.use(searchRoutes());
  api.use(adminRoutes());

  app.use('/api', api);
  // HTML pages at their own paths (Hosting rewrites /browse here), not under /api.
  app.use(pageRoutes());
  app.use(api);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
