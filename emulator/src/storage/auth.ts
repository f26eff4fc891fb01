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
  /** Bypasses rules: `Bearer owner` / `Firebase owner`, and every GCS JSON API call. */
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

/**
 * The emulators' rules-bypassing caller, written exactly like this (Google's Storage emulator
 * compares the whole header with these two strings: no other scheme spelling, token or spacing).
 */
const OWNER_HEADERS: readonly string[] = ['Bearer owner', 'Firebase owner'];

export function callerFromAuthorization(header: string | undefined): CallerContext {
  if (!header) return { admin: false, auth: null };
  if (OWNER_HEADERS.includes(header)) return { admin: true, auth: null };
  const m = /^(Firebase|Bearer)\s+(.+)$/i.exec(header.trim());
  if (!m) return { admin: false, auth: null };
  const payload = decodeJwtPayload(m[2]!.trim());
  if (!payload) {
    // Any other token (an OAuth access token, a made-up string) is an anonymous caller, as in
    // Google's emulator: accepting it as the owner let rules tests pass that production refuses.
    // firebase-admin / @google-cloud/storage send no Authorization header to an emulator at all.
    return { admin: false, auth: null };
  }
  const uid =
    typeof payload['sub'] === 'string'
      ? payload['sub']
      : typeof payload['user_id'] === 'string'
        ? payload['user_id']
        : null;
  return { admin: false, auth: uid ? { uid, token: payload } : null };
}
