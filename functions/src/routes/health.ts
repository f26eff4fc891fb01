/**
 * GET /health: the facade is up. `?deep=true` also reads Firestore through the Admin SDK, so a
 * caller learns whether the function reaches the database (in the emulators: whether
 * FIRESTORE_EMULATOR_HOST was exported before the Functions emulator started).
 */
import { Router } from 'express';
import { healthQuery } from '@notenest/shared';
import { valid, validate } from '../http/validate.js';

export interface HealthDeps {
  /** Resolves when Firestore answers; rejects otherwise. */
  pingFirestore(): Promise<void>;
}

const health = { query: healthQuery };
const DEEP_TIMEOUT_MS = 5000;

export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get('/health', validate(health), async (_req, res) => {
    const { query } = valid(res, health);
    const body: Record<string, unknown> = { success: true, status: 'ok', service: 'notenest-api' };
    if (query.deep) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          deps.pingFirestore(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), DEEP_TIMEOUT_MS);
          }),
        ]);
        body['firestore'] = 'ok';
      } catch (err) {
        res.status(503).json({
          success: false,
          status: 'degraded',
          service: 'notenest-api',
          firestore: (err as Error).message,
        });
        return;
      } finally {
        clearTimeout(timer);
      }
    }
    res.json(body);
  });
  return router;
}
