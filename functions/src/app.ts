/**
 * The Express app behind the `api` function. Feature modules (src/routes/*.ts) each export a
 * Router factory and are mounted twice: under `/api` (Hosting's rewrite `/api/**` hands Express
 * the full path) and at the root (the function's own URL, `.../us-central1/api/health`).
 */
import express, { type Express } from 'express';
import { errorHandler, notFound } from './http/errors.js';
import { healthRoutes, type HealthDeps } from './routes/health.js';

export type AppDeps = HealthDeps;

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use(express.json({ limit: '1mb' }));

  const api = express.Router();
  api.use(healthRoutes(deps));

  app.use('/api', api);
  app.use(api);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
