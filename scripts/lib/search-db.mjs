/**
 * The local search database (functions/src/search): an embedded PGlite, its data in `dataDir`
 * (kept across restarts, like the emulators' exports), served over the PostgreSQL wire protocol
 * by @electric-sql/pglite-socket on a loopback port, so the functions reach it with `pg` exactly
 * as they reach Cloud SQL in production. `url` is what SEARCH_DATABASE_URL is set to.
 *
 * PGlite is one single-threaded backend: pglite-socket queues the clients' messages and keeps a
 * transaction's statements together, so several connections may be open at once. It has no
 * autovacuum either: see autovacuum() below.
 *
 * The packages are the functions workspace's (devDependencies there): another copy of PGlite
 * elsewhere in node_modules (an older one comes with firebase-tools) must not be the one loaded.
 *
 *   node scripts/lib/search-db.mjs <dataDir> [port] [host]   serves it until interrupted (prints
 *   the URL)
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromFunctions = createRequire(path.join(ROOT, 'functions', 'package.json'));

/** Imports a module as the functions workspace resolves it (the ESM build, not the CommonJS one). */
async function importFromFunctions(spec) {
  const cjs = fromFunctions.resolve(spec);
  // require.resolve names the CommonJS file; the package's ESM file sits beside it as .js.
  const esm = cjs.replace(/\.cjs$/, '.js');
  return import(pathToFileURL(esm).href);
}

/**
 * The data folder of an empty database for the installed PGlite (made on first use, under
 * node_modules/.cache). Made in a folder of its own and renamed into place, so stacks starting
 * at the same moment never copy a half-made one.
 */
async function emptyDatabase(PGlite, extensions) {
  // The package's own package.json is not among its exports: found from its entry point.
  const entry = fromFunctions.resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const cache = path.join(ROOT, 'node_modules', '.cache', 'notenest');
  const template = path.join(cache, `pglite-empty-${version}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  mkdirSync(cache, { recursive: true });
  const making = `${template}.${process.pid}-${Date.now()}`;
  const db = await PGlite.create(making, { extensions });
  await db.close();
  try {
    renameSync(making, template);
  } catch {
    // Another process made it first: theirs is as good.
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/**
 * PostgreSQL's autovacuum thresholds (its defaults): a table is vacuumed once its dead rows exceed
 * 50 + 20% of its live ones (or its rows inserted since the last vacuum, 1,000 + 20%), and
 * analysed once its rows changed since the last analysis exceed 50 + 10%.
 */
const VACUUM = { threshold: 50, scale: 0.2, insertThreshold: 1000 };
const ANALYZE = { threshold: 50, scale: 0.1 };
/** How often autovacuum() looks (PostgreSQL's autovacuum_naptime). */
export const AUTOVACUUM_INTERVAL_MS = 60_000;

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none. Every search_notes row is
 * rewritten by each like and download its note gets (the sorts read the counts), and the
 * GIN index keeps the old rows' entries until a VACUUM: after indexing the bench's 10,000
 * notes, search_notes held 24,401 dead rows beside 10,064 live ones, and a word in every note
 * found 18,446 index entries to check instead of 10,000. Each look reads the tables'
 * statistics and vacuums or analyses those past PostgreSQL's own thresholds, one statement at a
 * time through the socket, so it waits for any open transaction, as autovacuum would for locks.
 * `check()` looks once and resolves to what it ran.
 */
function autovacuum(url, { intervalMs = AUTOVACUUM_INTERVAL_MS } = {}) {
  const pg = fromFunctions('pg');
  let stopped = false;
  let timer;
  let running = Promise.resolve();
  async function check() {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // PGlite's one backend reports its statistics once a second at most (later when idle):
      // flushed now, they count the rows changed until this moment.
      await client.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await client.query(
        `SELECT relname, n_live_tup, n_dead_tup, n_mod_since_analyze, n_ins_since_vacuum
           FROM pg_stat_user_tables ORDER BY relname`,
      );
      const ran = [];
      for (const r of rows) {
        const live = Number(r.n_live_tup);
        const vacuum =
          Number(r.n_dead_tup) > VACUUM.threshold + VACUUM.scale * live ||
          Number(r.n_ins_since_vacuum) > VACUUM.insertThreshold + VACUUM.scale * live;
        const analyze = Number(r.n_mod_since_analyze) > ANALYZE.threshold + ANALYZE.scale * live;
        if (!vacuum && !analyze) continue;
        const table = `"${String(r.relname).replaceAll('"', '""')}"`;
        const statement = vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`;
        if (stopped) break;
        await client.query(statement);
        ran.push(statement);
      }
      return ran;
    } finally {
      await client.end();
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      running = check()
        .catch((e) => {
          if (!stopped) console.warn(`search db: autovacuum failed: ${e.message}`);
        })
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Who and which database the URL names (PGlite has one of each). */
export const SEARCH_DB_USER = 'postgres';
export const SEARCH_DB_NAME = 'postgres';

/** SEARCH_DATABASE_URL for the search database served at `host:port`. */
export function searchDbUrl(host, port) {
  return `postgres://${SEARCH_DB_USER}@${host}:${port}/${SEARCH_DB_NAME}?sslmode=disable`;
}

/**
 * Starts PGlite on `dataDir` (created when missing; omitted: in memory) and serves it on
 * `host:port` (port 0: a free one), with autovacuum() every `autovacuumMs`. `stop()` ends the
 * autovacuum, closes the server, then the database (flushing it).
 */
export async function startSearchDb({
  dataDir,
  host = '127.0.0.1',
  port = 0,
  autovacuumMs = AUTOVACUUM_INTERVAL_MS,
} = {}) {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { PGLiteSocketServer }] = await Promise.all([
    importFromFunctions('@electric-sql/pglite'),
    importFromFunctions('@electric-sql/pglite/contrib/pg_trgm'),
    importFromFunctions('@electric-sql/pglite/contrib/unaccent'),
    importFromFunctions('@electric-sql/pglite-socket'),
  ]);
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A fresh database is a copy of an empty one made once per PGlite version: PGlite's initdb
    // costs 9-17 s of CPU on this 2-core machine, and every test stack starts one.
    const template = await emptyDatabase(PGlite, { pg_trgm, unaccent });
    mkdirSync(dataDir, { recursive: true });
    cpSync(template, dataDir, { recursive: true });
  }
  // relaxedDurability: PGlite answers without awaiting its file-system sync after each protocol
  // message. pglite-socket hands it every message of a statement apart (Parse, Bind, Describe,
  // Execute, Sync), and each awaited sync (a turn of PGlite's lock) cost ~0.6 ms: a one-row
  // lookup took 7-8 ms instead of 0.7 (search bench). Nothing is less durable: on a data folder
  // (Node's file system) that sync does nothing, as PGlite writes the files as it goes.
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    relaxedDurability: true,
  });
  // maxConnections: every function instance of the emulator, each with a small pool.
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 64 });
  try {
    await server.start();
  } catch (e) {
    await db.close();
    throw e;
  }
  const [boundHost, boundPort] = server.getServerConn().split(':');
  const url = searchDbUrl(boundHost, boundPort);
  const vacuum = autovacuum(url, { intervalMs: autovacuumMs });
  let stopped;
  return {
    url,
    host: boundHost,
    port: Number(boundPort),
    db,
    autovacuum: vacuum.check,
    stop() {
      stopped ??= (async () => {
        await vacuum.stop();
        await server.stop();
        await db.close();
      })();
      return stopped;
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dataDir, port, host] = process.argv.slice(2);
  if (!dataDir) {
    console.error('usage: node scripts/lib/search-db.mjs <dataDir> [port] [host]');
    process.exit(2);
  }
  const running = await startSearchDb({ dataDir, port: Number(port ?? 0), host });
  console.log(`search db: ${running.url} (data in ${path.resolve(dataDir)})`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
