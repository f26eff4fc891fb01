/**
 * Applies the numbered SQL files of migrations/ (`NNN_name.sql`, in order) that the database has
 * not had yet, each recorded in `schema_migrations`. Safe to run at every start and from several
 * processes at once: everything happens in one transaction that first takes an advisory lock, so a
 * second process waits, then finds the versions recorded and applies nothing.
 *
 * The files are read from disk: `new URL('./migrations/', import.meta.url)` is src/search/migrations
 * from the sources and lib/migrations from the bundle (functions/build.mjs copies them there).
 */
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { SqlClient } from './sql-client.js';

/** pg_advisory_xact_lock key: "NNsearch" as an integer, any constant unique in the database. */
const LOCK_KEY = 0x4e4e_7365_6172_6368n;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations in `dir`, by version; a misnamed .sql file or a repeated version is an error. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const out: Migration[] = [];
  for (const file of files) {
    const m = /^(\d+)_([a-z0-9_]+)\.sql$/.exec(file);
    if (!m) throw new Error(`search migrations: ${file} is not named NNN_name.sql`);
    const version = Number(m[1]);
    if (out.some((x) => x.version === version)) {
      throw new Error(`search migrations: version ${version} appears twice (${file})`);
    }
    out.push({ version, name: m[2]!, sql: await readFile(`${dir}/${file}`, 'utf8') });
  }
  return out.sort((a, b) => a.version - b.version);
}

/** Applies what is missing; returns the versions applied now (empty when up to date). */
export async function migrate(client: SqlClient, dir = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = await readMigrations(dir);
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_KEY.toString()]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version int PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
