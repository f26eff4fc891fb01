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
 *   node scripts/lib/search-db.mjs <dataDir> [port]   serves it until interrupted (prints the URL)
 */
import { mkdirSync } from 'node:fs';
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

/** Who and which database the URL names (PGlite has one of each). */
export const SEARCH_DB_USER = 'postgres';
export const SEARCH_DB_NAME = 'postgres';

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
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });
  // maxConnections: every function instance of the emulator, each with a small pool.
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 64 });
  try {
    await server.start();
  } catch (e) {
    await db.close();
    throw e;
  }
  const [boundHost, boundPort] = server.getServerConn().split(':');
  const url = `postgres://${SEARCH_DB_USER}@${boundHost}:${boundPort}/${SEARCH_DB_NAME}?sslmode=disable`;
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
  const [dataDir, port] = process.argv.slice(2);
  if (!dataDir) {
    console.error('usage: node scripts/lib/search-db.mjs <dataDir> [port]');
    process.exit(2);
  }
  const running = await startSearchDb({ dataDir, port: Number(port ?? 0) });
  console.log(`search db: ${running.url} (data in ${path.resolve(dataDir)})`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
