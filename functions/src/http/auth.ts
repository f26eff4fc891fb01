/**
 * Authentication: a Firebase ID token in `Authorization: Bearer <token>`, verified with the Admin
 * SDK (which accepts Auth emulator tokens when FIREBASE_AUTH_EMULATOR_HOST is set). Admin is the
 * custom claim `role: 'admin'` confirmed by the profile's role (docs/data-model.md), exactly as
 * firestore.rules decide it: an ID token keeps the claim it was issued with for up to an hour,
 * and revocation has one-second granularity, so a just-demoted admin's token could still carry
 * the claim; the profile, which the facade changes first on a demotion, does not.
 */
import type { RequestHandler, Response } from 'express';
import { HttpError } from './errors.js';

export interface Caller {
  uid: string;
  email: string | null;
  admin: boolean;
  claims: Record<string, unknown>;
}

export interface TokenVerifier {
  /** Resolves to the decoded token's claims; rejects when the token is not valid. */
  verify(token: string): Promise<Record<string, unknown> & { uid: string }>;
  /** For a caller whose token claims admin: whether their profile still says admin. */
  confirmAdmin?(uid: string): Promise<boolean>;
}

export const MESSAGES = {
  signIn: 'Please sign in to continue',
  badToken: 'Your session has expired. Please sign in again',
  admin: 'Admin access required',
} as const;

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * Verifies the bearer token when one is sent and records the caller; a request without one goes
 * on as anonymous (public reads), a request with a bad one is refused (401) rather than silently
 * downgraded, so a client learns that its session expired.
 */
export function identify(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (header === undefined || header === '') return next();
    const token = bearer(header);
    if (!token) return next(new HttpError(401, MESSAGES.badToken));
    try {
      const claims = await verifier.verify(token);
      const claimsAdmin = claims['role'] === 'admin';
      const caller: Caller = {
        uid: claims.uid,
        email: typeof claims['email'] === 'string' ? claims['email'] : null,
        admin:
          claimsAdmin && (verifier.confirmAdmin ? await verifier.confirmAdmin(claims.uid) : true),
        claims,
      };
      res.locals['caller'] = caller;
      next();
    } catch {
      next(new HttpError(401, MESSAGES.badToken));
    }
  };
}

/** The signed-in caller, or null. */
export function callerOf(res: Response): Caller | null {
  return (res.locals['caller'] as Caller | undefined) ?? null;
}

/** The signed-in caller; 401 otherwise. */
export function requireCaller(res: Response): Caller {
  const caller = callerOf(res);
  if (!caller) throw new HttpError(401, MESSAGES.signIn);
  return caller;
}

export const requireAuth: RequestHandler = (_req, res, next) => {
  if (!callerOf(res)) return next(new HttpError(401, MESSAGES.signIn));
  next();
};

export const requireAdmin: RequestHandler = (_req, res, next) => {
  const caller = callerOf(res);
  if (!caller) return next(new HttpError(401, MESSAGES.signIn));
  if (!caller.admin) return next(new HttpError(403, MESSAGES.admin));
  next();
};

/** The caller must be `uid` itself or an admin; 403 otherwise. */
export function requireSelfOrAdmin(res: Response, uid: string, message: string): Caller {
  const caller = requireCaller(res);
  if (caller.uid !== uid && !caller.admin) throw new HttpError(403, message);
  return caller;
}
