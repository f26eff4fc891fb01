/**
 * Where the functions find the search database (see index.ts): Cloud SQL through the Cloud SQL
 * Node.js Connector when SEARCH_INSTANCE_CONNECTION_NAME is set, else SEARCH_DATABASE_URL (the
 * local PGlite that `npm start` serves, a test's server). Both are firebase-functions params, so
 * `firebase deploy` asks for them and the emulator reads them from functions/.env* files or the
 * environment; the Cloud SQL password is a secret (SEARCH_DB_PASSWORD).
 */
import { defineSecret, defineString } from 'firebase-functions/params';
import pg from 'pg';
import { pgPoolClient, type SqlClient } from './sql-client.js';

export const SEARCH_INSTANCE_CONNECTION_NAME = defineString('SEARCH_INSTANCE_CONNECTION_NAME', {
  default: '',
  description: 'Cloud SQL instance of the search index, project:region:instance ("" = none)',
});
export const SEARCH_DATABASE_URL = defineString('SEARCH_DATABASE_URL', {
  default: '',
  description: 'postgres:// URL of the search index when no Cloud SQL instance is set',
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
    url: SEARCH_DATABASE_URL.value() || process.env['SEARCH_DATABASE_URL'] || '',
    user: SEARCH_DB_USER.value(),
    database: SEARCH_DB_NAME.value(),
    ...(instanceConnectionName ? { password: SEARCH_DB_PASSWORD.value() } : {}),
  };
}

/** Thrown when no search database is configured: the facade answers 503 with its message. */
export class SearchUnavailableError extends Error {}

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
  return pgPoolClient(new pg.Pool({ connectionString: config.url, max }));
}
