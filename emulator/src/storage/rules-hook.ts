/**
 * The narrow seam between the storage server and the rules language (src/rules, written in
 * parallel). The server never interprets rules itself: it stores the source per bucket (or '*'
 * for rules loaded through rules-unit-testing's `/internal/setRules`, which names no bucket) and
 * asks a compiled `StorageAuthorizer` whether a request is allowed.
 *
 * Wiring: whoever owns src/rules provides a `StorageRulesCompiler` and passes it as
 * `startStorageServer({ rulesCompiler })` or calls `server.setRulesCompiler(...)`.
 * Until then (no compiler) every request is allowed, which matches the official emulator
 * with no rules loaded.
 */
import type { StorageAuth } from './auth.js';

export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** `resource` / `request.resource` as storage rules see them (field names as in the rules reference). */
export interface StorageRulesResource {
  name: string;
  bucket: string;
  generation: number;
  metageneration: number;
  size: number;
  timeCreated: Date;
  updated: Date;
  md5Hash: string;
  crc32c: string;
  etag: string;
  contentType: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
  metadata: Record<string, string>;
}

/**
 * Firestore data for `firestore.get()/exists()` in storage rules: the document in the REST API's
 * JSON form (`{ name, fields }`), or null when it does not exist. May be asynchronous (a
 * Firestore emulator over HTTP, see firestore-lookup.ts).
 */
export type FirestoreLookup = (projectId: string, databaseId: string, path: string) => unknown;

export interface StorageAuthzRequest {
  bucket: string;
  /** Object name (`a/b.txt`), or for `list` the prefix without its trailing delimiter. */
  path: string;
  method: StorageMethod;
  auth: StorageAuth | null;
  /** The stored object, null if none (create, or get of a missing object). */
  resource: StorageRulesResource | null;
  /** The object as it would be after a create/update. */
  requestResource: StorageRulesResource | null;
  time: Date;
  /** Project the bucket belongs to (for firestore.get paths like /databases/(default)/documents/...). */
  projectId: string;
  firestore: FirestoreLookup | null;
}

/** Returns null when allowed, else the refusal message sent back with the 403. */
export type StorageAuthorizer = (
  req: StorageAuthzRequest,
) => string | null | Promise<string | null>;

export interface RulesFile {
  name?: string;
  content: string;
}

/** Compiles storage.rules source; throws (message shown to the caller) on syntax errors. */
export type StorageRulesCompiler = (files: RulesFile[]) => StorageAuthorizer;
