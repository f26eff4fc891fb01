/**
 * Where the functions find the search database (see index.ts): Cloud SQL through the Cloud SQL
 * Node.js Connector when SEARCH_INSTANCE_CONNECTION_NAME is set, else the environment variable
 * SEARCH_DATABASE_URL (the local PGlite that `npm start` serves, a test's server). The Cloud SQL
 * settings are firebase-functions params (functions/.env gives their defaults, so neither
 * `firebase deploy` nor the emulator asks; a project's own .env.<project> overrides them); the
 * password is a secret (SEARCH_DB_PASSWORD; functions/.secret.local stands in for it locally).
 * SEARCH_DATABASE_URL is NOT a param: the emulator would write a param's value into
 * functions/.env.local, and a dotenv value overrides the environment, where each stack puts its
 * own URL (scripts/lib/stack.mjs).
 */
import { defineSecret, defineString } from 'firebase-functions/params';
import pg from 'pg';
import { pgPoolClient, type SqlClient } from './sql-client.js';

export const SEARCH_INSTANCE_CONNECTION_NAME = defineString('SEARCH_INSTANCE_CONNECTION_NAME', {
  default: '',
  description: 'Cloud SQL instance of the search index, project:region:instance ("" = none)',
});
export const SEARCH_DB_USER = defineString('SEARCH_DB_USER', { default: 'notenest' });
export const SEARCH_DB_NAME = defineString('SEARCH_DB_NAME', { default: 'notenest' });
/** Bind it to the functions that search (`secrets: [SEARCH_DB_PASSWORD]`) when using Cloud SQL. */
export const SEARCH_DB_PASSWORD = defineSecret('SEARCH_DB_PASSWORD');

export interface SearchDbConfig {
  instanceConnectionName?: string;
  url?: string;
  user?: string;
  password?: string;
  database?: string;
  /** Connections per instance of a function (default 4). */
  max?: number;
}

/** The configuration from the params (call at run time, not at load: params resolve then). */
export function searchDbConfigFromParams(): SearchDbConfig {
  const instanceConnectionName = SEARCH_INSTANCE_CONNECTION_NAME.value();
  return {
    instanceConnectionName,
    url: process.env['SEARCH_DATABASE_URL'] ?? '',
    user: SEARCH_DB_USER.value(),
    database: SEARCH_DB_NAME.value(),
    ...(instanceConnectionName ? { password: SEARCH_DB_PASSWORD.value() } : {}),
  };
}

/** Thrown when no search database is configured: the facade answers 503 with its message. */
export class SearchUnavailableError extends Error {}

/** A search that cannot connect answers 503 in this time rather than hanging the request. */
const CONNECT_TIMEOUT_MS = 5_000;

/** A client for the configured database; the caller keeps one per process and closes it at exit. */
export async function openSearchDb(config: SearchDbConfig): Promise<SqlClient> {
  const max = config.max ?? 4;
  if (config.instanceConnectionName) {
    // Loaded only here: local runs and tests never need it.
    const { Connector, IpAddressTypes } = await import('@google-cloud/cloud-sql-connector');
    const connector = new Connector();
    const options = await connector.getOptions({
      instanceConnectionName: config.instanceConnectionName,
      ipType: IpAddressTypes.PUBLIC,
    });
    const pool = new pg.Pool({
      ...options,
      user: config.user,
      password: config.password,
      database: config.database,
      max,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const client = pgPoolClient(pool);
    return {
      ...client,
      close: async () => {
        await client.close();
        connector.close();
      },
    };
  }
  if (!config.url) {
    throw new SearchUnavailableError(
      'Search is not configured: set SEARCH_INSTANCE_CONNECTION_NAME (Cloud SQL) or SEARCH_DATABASE_URL',
    );
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A URL is the local PGlite server (npm start, test stacks) or a test's server: statements in
  // transactions of their own there (see PoolClientOptions). Cloud SQL takes the path above.
  return pgPoolClient(pool, { ownTransactions: true });
}
