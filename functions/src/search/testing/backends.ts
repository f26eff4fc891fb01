/**
 * The servers the search suite runs on, each with the same interface: PGlite served over its
 * socket (the local default, scripts/lib/search-db.mjs) and Debian's PostgreSQL server (as
 * production's Cloud SQL is a real PostgreSQL), both reached through `pg` like the functions do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSearchDb } from '../../../../scripts/lib/search-db.mjs';
import { pgPoolClient, type SqlClient } from '../sql-client.js';
import {
  debianPostgresMissing,
  startDebianPostgres,
} from '../../../../scripts/lib/debian-postgres.mjs';

export interface RunningBackend {
  url: string;
  client: SqlClient;
  /** Another, empty database on the same kind of server, and a second client to it. */
  fresh(): Promise<{ clients: [SqlClient, SqlClient]; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

export interface Backend {
  name: string;
  /** Why it cannot run here (the suite is skipped with this message), or null. */
  missing: string | null;
  /** A server process per connection (pg_terminate_backend ends one): not PGlite. */
  backendPerConnection: boolean;
  start(): Promise<RunningBackend>;
}

function poolClient(url: string): SqlClient {
  return pgPoolClient(new pg.Pool({ connectionString: url, max: 4 }));
}

async function pgliteOverSocket(): Promise<RunningBackend> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'notenest-pglite-'));
  const db = await startSearchDb({ dataDir: path.join(dir, 'search') });
  const client = poolClient(db.url);
  return {
    url: db.url,
    client,
    async fresh() {
      const other = await startSearchDb({}); // in memory
      const clients: [SqlClient, SqlClient] = [poolClient(other.url), poolClient(other.url)];
      return {
        clients,
        async stop() {
          await Promise.all(clients.map((c) => c.close()));
          await other.stop();
        },
      };
    },
    async stop() {
      await client.close();
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function debian(): Promise<RunningBackend> {
  const server = await startDebianPostgres();
  const client = poolClient(server.url);
  let n = 0;
  return {
    url: server.url,
    client,
    async fresh() {
      const name = `fresh_${++n}`;
      await client.query(`CREATE DATABASE ${name}`);
      const url = server.url.replace(/\/postgres$/, `/${name}`);
      const clients: [SqlClient, SqlClient] = [poolClient(url), poolClient(url)];
      return {
        clients,
        async stop() {
          await Promise.all(clients.map((c) => c.close()));
          await client.query(`DROP DATABASE ${name}`);
        },
      };
    },
    async stop() {
      await client.close();
      await server.stop();
    },
  };
}

export const BACKENDS: Backend[] = [
  {
    name: 'PGlite over its socket',
    missing: null,
    backendPerConnection: false,
    start: pgliteOverSocket,
  },
  {
    name: "Debian's PostgreSQL",
    missing: debianPostgresMissing(),
    backendPerConnection: true,
    start: debian,
  },
];
