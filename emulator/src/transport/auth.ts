/**
 * Per-call identity from an `authorization` header value. The emulator never verifies
 * signatures (clients send unsigned `alg: none` JWTs), it only decodes the payload.
 */
import type { CallContext } from './engine-api.js';

export const ANONYMOUS: CallContext = Object.freeze({ admin: false, auth: null }) as CallContext;

export function contextFromAuthorization(header: string | undefined | null): CallContext {
  if (!header) return ANONYMOUS;
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return ANONYMOUS;
  const token = m[1]!;
  // firebase-admin and rules-unit-testing's withSecurityRulesDisabled both send the literal "owner".
  if (token === 'owner') return { admin: true, auth: null };
  const parts = token.split('.');
  if (parts.length < 2) return ANONYMOUS;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (!payload || typeof payload !== 'object') return ANONYMOUS;
    const uid =
      typeof payload.sub === 'string'
        ? payload.sub
        : typeof payload.user_id === 'string'
          ? payload.user_id
          : undefined;
    if (uid === undefined) return ANONYMOUS;
    return { admin: false, auth: { uid, token: payload } };
  } catch {
    return ANONYMOUS;
  }
}
