/**
 * The local search database (functions/src/search): an embedded PGlite, its data in `dataDir`
 * (kept across restarts, like the emulators' exports), served over the PostgreSQL wire protocol
 * by @electric-sql/pglite-socket on a loopback port, so the functions reach it with `pg` exactly
 * as they reach Cloud SQL in production. `url` is what SEARCH_DATABASE_URL is set to.
 *
 * PGlite is one single-threaded backend: pglite-socket queues the clients' messages and keeps a
 * transaction's statements together, so several connections may be open at once.
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

/** Who and which database the URL names (PGlite has one of each). */
export const SEARCH_DB_USER = 'postgres';
export const SEARCH_DB_NAME = 'postgres';

/** SEARCH_DATABASE_URL for the search database served at `host:port`. */
export function searchDbUrl(host, port) {
  return `postgres://${SEARCH_DB_USER}@${host}:${port}/${SEARCH_DB_NAME}?sslmode=disable`;
}

/**
 * Starts PGlite on `dataDir` (created when missing; omitted: in memory) and serves it on
 * `host:port` (port 0: a free one). `stop()` closes the server, then the database (flushing it).
 */
export async function startSearchDb({ dataDir, host = '127.0.0.1', port = 0 } = {}) {
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
  let stopped;
  return {
    url,
    host: boundHost,
    port: Number(boundPort),
    db,
    stop() {
      stopped ??= (async () => {
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
