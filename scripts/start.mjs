#!/usr/bin/env node
/**
 * `npm start`: build what is stale, start the emulators, seed demo data into empty emulators,
 * print the web URL and the demo accounts. Ctrl-C stops everything and keeps the data.
 *
 * Auth, Functions, Firestore (Google's Cloud Firestore emulator: Java >= 21, found by
 * scripts/lib/firestore-emulator.mjs) and Hosting run in `firebase emulators:start`; Cloud
 * Storage in our emulator (emulator/), because the official one needs a rules runtime that no
 * registry ships.
 *
 *   NOTENEST_DATA_DIR=DIR        where data is kept between runs (default .emulator-data):
 *                                DIR (Storage) and DIR/firebase (Auth and Firestore).
 *   NOTENEST_BUILD=auto|always|never   auto (default) rebuilds a workspace only when its
 *                                sources are newer than its output.
 *   NOTENEST_HOST=127.x.y.z      the loopback address every emulator binds (default 127.0.0.1),
 *                                so stacks can run side by side (same ports, other address).
 *
 * Ports come from firebase.json ("emulators"); scripts/lib/stack.mjs starts and stops the
 * processes. Children run in their own process groups, so a terminal's Ctrl-C reaches only this
 * script, which stops each child exactly once (both would treat a second SIGINT as "force quit")
 * and waits for their exports. SIGINT, SIGTERM, SIGHUP and the end of npm (its parent) stop it
 * alike; an emulator that dies stops the rest. Killed outright (SIGKILL, a crash), it leaves the
 * stopping to the stack's reaper, and the next start stops whatever is still running from the pid
 * file in the data folder (scripts/lib/processes.mjs).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';
import { createStack, isLoopbackV4, stackPorts, stopLeftovers, takenPorts } from './lib/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.resolve(root, process.env.NOTENEST_DATA_DIR ?? '.emulator-data');
const BUILD = process.env.NOTENEST_BUILD ?? 'auto';
const HOST = process.env.NOTENEST_HOST || '127.0.0.1';
/** A repeat of the stop signal within this window is the same Ctrl-C delivered twice. */
const DUPLICATE_SIGNAL_MS = 1000;
/** How often the parent (npm) is checked for: gone, this script stops as on SIGHUP. */
const PARENT_CHECK_MS = 1000;

/** DATA_DIR as shown to people: relative when inside the repository. */
const DATA_SHOWN = path.relative(root, DATA_DIR).startsWith('..')
  ? DATA_DIR
  : path.relative(root, DATA_DIR) || '.';

const log = (line) => process.stdout.write(`[start] ${line}\n`);

function fail(message) {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

if (!['auto', 'always', 'never'].includes(BUILD))
  fail(`NOTENEST_BUILD must be auto, always or never, not "${BUILD}"`);

if (!isLoopbackV4(HOST))
  fail(`NOTENEST_HOST must be an IPv4 loopback address (127.x.y.z), not "${HOST}"`);

const WEB_URL = `http://${HOST}:${stackPorts().hosting}`;

// ---------------------------------------------------------------------------------------------
// Build: each workspace in dependency order when any input is newer than its output.

const WORKSPACES = [
  { name: '@notenest/shared', dir: 'shared', output: 'dist/index.js', deps: [] },
  { name: '@notenest/emulator', dir: 'emulator', output: 'dist/cli.js', deps: [] },
  { name: '@notenest/web', dir: 'web', output: 'dist/index.html', deps: ['shared'] },
  // GET /browse renders with the web app's server bundle (web/dist-server), copied into lib/.
  {
    name: '@notenest/functions',
    dir: 'functions',
    output: 'lib/index.js',
    deps: ['shared', 'web'],
  },
];
const INPUTS = [
  'src',
  'public',
  'index.html',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  // The root compiler options every workspace's tsconfig.json extends.
  '../tsconfig.base.json',
  'build.mjs',
  'vite.config.ts',
  // The web app's prerender plugin (its server bundle is functions' too).
  'build-plugins',
];

function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function mtimeOrZero(p) {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

function build() {
  const outputOf = (ws) => path.join(root, ws.dir, ws.output);
  for (const ws of WORKSPACES) {
    const out = mtimeOrZero(outputOf(ws));
    let stale = BUILD === 'always' || out === 0;
    if (!stale && BUILD === 'auto') {
      const inputs = Math.max(
        ...INPUTS.map((i) => newestMtime(path.join(root, ws.dir, i))),
        ...ws.deps.map((d) => mtimeOrZero(outputOf(WORKSPACES.find((w) => w.dir === d)))),
      );
      stale = inputs > out;
    }
    if (!stale) continue;
    if (BUILD === 'never') fail(`${ws.dir}/${ws.output} is missing and NOTENEST_BUILD=never`);
    log(`building ${ws.name}`);
    // A production build whatever started us: NODE_ENV=test (a test runner starting npm start)
    // made React's JSX resolve to its dev runtime in the prerender and the build failed.
    const { NODE_ENV: _ignored, ...env } = process.env;
    const r = spawnSync('npm', ['run', 'build', '-w', ws.name], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    if (r.status !== 0) fail(`build of ${ws.name} failed`);
  }
}

// ---------------------------------------------------------------------------------------------
// The stack (scripts/lib/stack.mjs) and stopping it

let stack;
let stopping = false;
let firstSignalAt = 0;

async function stopAll(code) {
  stopping = true;
  if (!stack) process.exit(code);
  if (stack.running().length) log(`stopping (exporting data to ${DATA_SHOWN}/)...`);
  const exits = await stack.stop();
  const failed = exits.filter((e) => e.code !== 0);
  for (const e of failed) log(`${e.tag} exited with code ${e.code}`);
  const exitCode = failed.length ? 1 : code;
  log(exitCode === 0 ? 'stopped; data kept' : 'stopped');
  process.exit(exitCode);
}

function onSignal(signal) {
  if (stopping) {
    if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
    log(`${signal} again: killing without waiting for exports`);
    stack?.kill();
    process.exit(130);
  }
  firstSignalAt = Date.now();
  void stopAll(0);
}
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => onSignal(s));

// npm forwards SIGINT and SIGTERM to this script, but dies of SIGHUP or SIGKILL without a word:
// this script would then run on with nobody to stop it. Its parent is gone when the parent pid
// changes (the orphan is adopted by init or a subreaper).
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid === parentPid || stopping) return;
  log(`the process that started this one (${parentPid}) ended: stopping`);
  void stopAll(0);
}, PARENT_CHECK_MS).unref();

// ---------------------------------------------------------------------------------------------

const DEMO_BANNER = (accounts) => {
  const rows = accounts.map(
    (a) =>
      `    ${a.email.padEnd(24)} ${a.password.padEnd(12)} ${a.role === 'admin' ? 'admin' : a.username}`,
  );
  return [
    '',
    '  NoteNest is running.',
    '',
    `    Web app:  ${WEB_URL}`,
    `    API:      ${WEB_URL}/api/health`,
    '',
    '  Demo accounts (email, password, who):',
    ...rows,
    '',
    `  Data is kept in ${DATA_SHOWN}/ when you stop. Press Ctrl-C to stop.`,
    '',
  ].join('\n');
};

async function main() {
  const started = Date.now();
  // A run killed before it could stop (SIGKILL) may have left processes on the ports: its reaper
  // stops them, and this makes sure of it (the run's pid file in the data folder lists them).
  try {
    await stopLeftovers(DATA_DIR, log);
  } catch (err) {
    fail(err.message);
  }
  for (const { name, port } of await takenPorts(HOST))
    fail(`port ${HOST}:${port} (${name}) is in use: is NoteNest already running?`);

  // A fresh clone: install first (one line says so), then build what is missing.
  ensureInstalled((line) => log(line.replace(/^\[setup\] /, '')));
  const phases = [];
  let phaseStart = Date.now();
  const mark = (name) => phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
  build();
  mark('build');
  phaseStart = Date.now();

  stack = createStack({
    host: HOST,
    dataDir: DATA_DIR,
    log,
    output: (tag, line) => process.stdout.write(`[${tag}] ${line}\n`),
    onPhase: (name) => {
      mark(name);
      // Seeding is timed on its own; the other phases run side by side from the start.
      if (name === 'api') phaseStart = Date.now();
    },
  });
  await stack.ready;
  const { buildDemoData } = await import('./lib/demo-data.mjs');
  if (stopping) return;
  const { accounts } = buildDemoData();
  process.stdout.write(DEMO_BANNER(accounts));
  log(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')}): ${WEB_URL}`,
  );

  // A process that dies on its own takes the rest down (the stack names it and stops).
  await stack.exited;
  if (!stopping) await stopAll(1);
}

main().catch(async (err) => {
  if (stopping) return;
  process.stderr.write(`[start] ${err?.message ?? err}\n`);
  await stopAll(1);
});
