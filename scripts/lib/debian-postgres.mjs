/**
 * A throwaway PostgreSQL server: Debian's `postgresql` package (/usr/lib/postgresql/<version>/bin),
 * a cluster made with initdb in a temporary folder, started on a loopback port and removed after.
 * The search suite runs on it beside PGlite (functions/src/search/testing/backends.ts), as
 * production's Cloud SQL is a real PostgreSQL; a stack can use it as its search database instead
 * of PGlite (createStack's `searchEngine: 'postgres'`, the search bench's SEARCH_BENCH_ENGINE).
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user the package
 * creates.
 *
 *   node scripts/lib/debian-postgres.mjs <port> [host]   serves an empty one until interrupted
 *   (prints its URL), as scripts/lib/search-db.mjs serves PGlite
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// `pg` is the functions workspace's dependency.
const pg = createRequire(path.join(ROOT, 'functions', 'package.json'))('pg');

/** The newest /usr/lib/postgresql/<v>/bin with initdb and postgres, or null. */
export function findPostgresBin(root = '/usr/lib/postgresql') {
  let versions = [];
  try {
    versions = readdirSync(root).filter((v) => /^\d+$/.test(v));
  } catch {
    return null;
  }
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) {
      return { bin, version: v };
    }
  }
  return null;
}

/** Why the Debian server cannot be used here, or null when it can. */
export function debianPostgresMissing() {
  if (!findPostgresBin()) {
    return "Debian's PostgreSQL server is not installed (apt-get install postgresql): its search tests are skipped";
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root without a postgres user to run PostgreSQL as: its search tests are skipped';
  }
  return null;
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * `cmd args` as the postgres user when we are root. setpriv execs the command in its own process,
 * so a signal to the child reaches postgres itself (runuser or su would sit between).
 */
function asPostgres(cmd, args) {
  return process.getuid?.() === 0
    ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', cmd, ...args]]
    : [cmd, args];
}

async function waitReady(url, child, log) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}):\n${log()}`);
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      return;
    } catch {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`postgres did not start in 30 s:\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Makes and starts a cluster on `host` (default 127.0.0.1) and `port` (default: a free one);
 * throws when the server is absent (check debianPostgresMissing).
 */
export async function startDebianPostgres({ host = '127.0.0.1', port } = {}) {
  const found = findPostgresBin();
  if (!found) throw new Error(debianPostgresMissing() ?? 'no PostgreSQL');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'notenest-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    await chown(dir, uid, gid);
  }
  const [initCmd, initArgs] = asPostgres(path.join(found.bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    // A UTF-8 character type, as PGlite's (C.UTF-8) and Cloud SQL's (en_US.UTF8): under plain C,
    // PostgreSQL's text-search parser reads every non-ASCII character as a letter, so a typeset
    // quote or dash joins the words beside it (”about, naïve—dash) and they are not found.
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }
  const at = port || (await freePort(host));
  const [cmd, args] = asPostgres(path.join(found.bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(at),
    '-k',
    dir,
    '-c',
    `listen_addresses=${host}`,
    // A throwaway cluster: nothing here must survive a crash.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  let output = '';
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (output += d.toString()));
  child.stderr?.on('data', (d) => (output += d.toString()));
  const url = `postgres://postgres@${host}:${at}/postgres`;
  const exited = new Promise((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT'); // fast shutdown
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, version: found.version, stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [port, host] = process.argv.slice(2);
  if (!port) {
    console.error('usage: node scripts/lib/debian-postgres.mjs <port> [host]');
    process.exit(2);
  }
  const missing = debianPostgresMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const running = await startDebianPostgres({ port: Number(port), host });
  console.log(`search db: ${running.url} (Debian PostgreSQL ${running.version}, throwaway)`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
