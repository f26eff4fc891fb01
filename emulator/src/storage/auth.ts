/**
 * Who is calling. The web SDK sends `Authorization: Firebase <id token>`; in the emulator the
 * token is unsigned (connectStorageEmulator's mockUserToken, or an Auth-emulator token), so the
 * payload is decoded without verification. `owner` is the emulator-wide "rules disabled"
 * token (rules-unit-testing's withSecurityRulesDisabled sends `Firebase owner`).
 */

export interface StorageAuth {
  uid: string;
  token: Record<string, unknown>;
}

export interface CallerContext {
  /** Bypasses rules: the `owner` token, admin SDK OAuth tokens and every GCS JSON API call. */
  admin: boolean;
  auth: StorageAuth | null;
}

export function decodeJwtPayload(jwt: string): Record<string, unknown> | null {
  const parts = jwt.split('.');
  if (parts.length < 2 || !parts[1]) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function callerFromAuthorization(header: string | undefined): CallerContext {
  if (!header) return { admin: false, auth: null };
  const m = /^(Firebase|Bearer)\s+(.+)$/i.exec(header.trim());
  if (!m) return { admin: false, auth: null };
  const scheme = m[1]!.toLowerCase();
  const token = m[2]!.trim();
  if (token === 'owner') return { admin: true, auth: null };
  const payload = decodeJwtPayload(token);
  if (payload) {
    const uid =
      typeof payload['sub'] === 'string'
        ? payload['sub']
        : typeof payload['user_id'] === 'string'
          ? payload['user_id']
          : null;
    return { admin: false, auth: uid ? { uid, token: payload } : null };
  }
  // A Bearer token that is not a JWT is an OAuth access token from admin credentials
  // (firebase-admin's getDownloadURL calls the Firebase endpoint with one): privileged.
  return { admin: scheme === 'bearer', auth: null };
}
