/**
 * The search index's database as the functions use it (src/search: the engine): one client per
 * functions instance, opened on first use with the configured params (search/config.ts) and
 * migrated once, and what its failures mean to the API. Nothing connects at load: an instance
 * that never searches never opens it, and a missing configuration is "search unavailable" (503),
 * never a crash.
 */
import { HttpError } from '../http/errors.js';
import {
  SearchInputError,
  SearchUnavailableError,
  migrate,
  openSearchDb,
  searchDbConfigFromParams,
  type SqlClient,
} from '../search/index.js';

/** The spec-style message of a search that cannot be answered now (503). */
export const SEARCH_UNAVAILABLE_MESSAGE =
  'Search is unavailable right now. Please try again in a minute.';

let opening: Promise<SqlClient> | null = null;

/**
 * The instance's client, opened and migrated on first use. A failed opening is forgotten, so the
 * next call tries again (the database may be back by then).
 */
export function searchDb(): Promise<SqlClient> {
  if (opening) return opening;
  const attempt = (async () => {
    const client = await openSearchDb(searchDbConfigFromParams());
    try {
      await migrate(client);
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    return client;
  })();
  opening = attempt;
  attempt.catch(() => {
    if (opening === attempt) opening = null;
  });
  return attempt;
}

/** Closes the instance's client (scripts at exit; tests that point it elsewhere). */
export async function closeSearchDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (!current) return;
  const client = await current.catch(() => null);
  await client?.close();
}

/** Error codes of a connection that could not be made or was lost (Node, node-postgres). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether `err` says the index cannot be reached now (rather than that a query is wrong):
 * nothing configured, a connection refused, lost or timed out, or a server starting, stopping or
 * out of connections (SQLSTATE classes 08, 57P and 53).
 */
export function isSearchUnavailable(err: unknown): boolean {
  if (err instanceof SearchUnavailableError) return true;
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^(08|57P|53)/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/**
 * Runs a search for a request: a SearchInputError is the caller's mistake (400 with its
 * message); an unreachable index is 503 with SEARCH_UNAVAILABLE_MESSAGE; anything else is a bug
 * (500).
 */
export async function withSearchDb<T>(fn: (client: SqlClient) => Promise<T>): Promise<T> {
  try {
    return await fn(await searchDb());
  } catch (err) {
    if (err instanceof SearchInputError) throw new HttpError(400, err.message);
    if (isSearchUnavailable(err)) {
      console.warn(`search: unavailable: ${(err as Error).message}`);
      throw new HttpError(503, SEARCH_UNAVAILABLE_MESSAGE);
    }
    throw err;
  }
}
