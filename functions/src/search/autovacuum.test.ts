/**
 * The local search database's autovacuum (scripts/lib/search-db.mjs): PGlite has none of its
 * own, and every like and download rewrites a search_notes row, so without it the indexes keep
 * the dead rows' entries for good.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startSearchDb, type RunningSearchDb } from '../../../scripts/lib/search-db.mjs';

let db: RunningSearchDb | undefined;
let client: pg.Client | undefined;
let dir: string | undefined;

afterEach(async () => {
  await client?.end();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  client = db = dir = undefined;
});

/** A served in-memory database with a 100-row table, and a client to it. */
async function withTable(autovacuumMs?: number): Promise<pg.Client> {
  // A data folder (a copy of an empty database) starts faster than one in memory (initdb).
  dir = await mkdtemp(path.join(os.tmpdir(), 'notenest-autovacuum-'));
  db = await startSearchDb({ dataDir: dir, autovacuumMs: autovacuumMs ?? 3_600_000 });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query('CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)');
  await client.query('INSERT INTO t SELECT g, 0 FROM generate_series(1, 100) g');
  return client;
}

// PostgreSQL reports a backend's statistics once a second at most, later when it is idle.
const STATS = { timeout: 30_000 };

/** The table's statistics, once they count at least `dead` dead rows. */
async function statsWith(c: pg.Client, dead: number) {
  type Stats = { n_dead_tup: string; last_vacuum: Date | null; last_analyze: Date | null };
  let row: Stats | undefined;
  await expect
    .poll(async () => {
      await c.query('SELECT pg_stat_force_next_flush()');
      ({
        rows: [row],
      } = await c.query<Stats>(
        "SELECT n_dead_tup, last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 't'",
      ));
      return Number(row?.n_dead_tup ?? 0);
    }, STATS)
    .toBeGreaterThanOrEqual(dead);
  return row!;
}

describe('the search database autovacuum (PGlite)', () => {
  it("vacuums a table whose dead rows pass PostgreSQL's threshold (50 + 20% of the live ones)", async () => {
    const c = await withTable();
    // 100 rows rewritten: 100 dead, past 50 + 20.
    await c.query('UPDATE t SET v = v + 1');
    await statsWith(c, 100);
    expect(await db!.autovacuum()).toEqual(['VACUUM (ANALYZE) "t"']);
    const { rows } = await c.query(
      "SELECT n_dead_tup, last_vacuum FROM pg_stat_user_tables WHERE relname = 't'",
    );
    expect(Number(rows[0].n_dead_tup)).toBe(0);
    expect(rows[0].last_vacuum).not.toBeNull();
  });

  it('leaves a table whose dead rows are under the threshold (analysing it only)', async () => {
    const c = await withTable();
    await c.query('VACUUM (ANALYZE) t');
    // 65 rows rewritten: 65 dead, under 50 + 20, but past the analysis's 50 + 10 changed rows.
    await c.query('UPDATE t SET v = v + 1 WHERE id <= 65');
    const before = await statsWith(c, 65);
    expect(await db!.autovacuum()).toEqual(['ANALYZE "t"']);
    const { rows } = await c.query(
      "SELECT n_dead_tup, last_vacuum FROM pg_stat_user_tables WHERE relname = 't'",
    );
    expect(Number(rows[0].n_dead_tup)).toBe(65);
    expect(rows[0].last_vacuum).toEqual(before.last_vacuum);
  });

  it('looks by itself every interval', async () => {
    const c = await withTable(200);
    await c.query('UPDATE t SET v = v + 1');
    await expect
      .poll(async () => {
        const { rows } = await c.query(
          "SELECT n_dead_tup, last_vacuum FROM pg_stat_user_tables WHERE relname = 't'",
        );
        return rows[0].last_vacuum !== null && Number(rows[0].n_dead_tup) === 0;
      }, STATS)
      .toBe(true);
  });
});
