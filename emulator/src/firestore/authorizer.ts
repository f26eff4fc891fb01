import type { Document } from './types.js';

export interface CallContext {
  /** 'owner' bearer token (admin SDK, rules-unit-testing withSecurityRulesDisabled): bypass rules. */
  admin: boolean;
  /** Decoded ID-token payload when a JWT bearer token was sent; null when signed out. */
  auth: { uid: string; token: Record<string, unknown> } | null;
}

/**
 * Paths: `path` and the keys of `writes` are full document names
 * (`projects/p/databases/d/documents/c/x`). `lookupBefore`/`lookupAfter` accept a full name or a
 * rules path (`/databases/d/documents/c/x`).
 */
export interface AuthzRequest {
  projectId: string;
  databaseId: string;
  ctx: CallContext;
  /** request.time: the commit/read time as an RFC 3339 string. */
  time: string;
  lookupBefore(path: string): Document | null;
  lookupAfter(path: string): Document | null;
}

export interface AuthorizedWrite {
  path: string;
  kind: 'create' | 'update' | 'delete';
  before: Document | null;
  after: Document | null;
}

export interface FirestoreAuthorizer {
  /** Each returns null when allowed, else the PERMISSION_DENIED message. */
  authorizeGet(a: AuthzRequest & { path: string; resource: Document | null }): string | null;
  authorizeQuery(
    a: AuthzRequest & { parent: string; structuredQuery: object; resultPaths?: string[] },
  ): string | null;
  /** All writes of one commit at once: get()/exists() see data before, getAfter()/existsAfter() after the whole batch. */
  authorizeWrites(a: AuthzRequest & { writes: AuthorizedWrite[] }): string | null;
  /**
   * Optional: told when rules are (re)loaded so an implementation can compile them; throwing
   * rejects the rules. The engine also keeps the source (FirestoreEngine.getRules).
   */
  setRules?(projectId: string, files: { name?: string; content: string }[]): void;
}

/** With no rules loaded the official emulator allows every request; so does this default. */
export const allowAllAuthorizer: FirestoreAuthorizer = {
  authorizeGet: () => null,
  authorizeQuery: () => null,
  authorizeWrites: () => null,
};
