#!/usr/bin/env node
/**
 * `npm start`: build what is stale, start the emulators, seed demo data into empty emulators,
 * print the web URL and the demo accounts. Ctrl-C stops everything and keeps the data.
 *
 *   NOTENEST_EMULATORS=ours      (default) Firestore + Storage from our emulator (emulator/),
 *                                Auth + Functions + Hosting from `firebase emulators:start`.
 *   NOTENEST_EMULATORS=official  everything from `firebase emulators:start`, including Google's
 *                                Firestore and Storage emulators (need Java 21 and the network
 *                                to download them on first use).
 *   NOTENEST_DATA_DIR=DIR        where data is kept between runs (default .emulator-data):
 *                                ours: DIR (Firestore + Storage) and DIR/firebase (Auth);
 *                                official: DIR/official (everything).
 *   NOTENEST_BUILD=auto|always|never   auto (default) rebuilds a workspace only when its
 *                                sources are newer than its output.
 *
 * Ports come from firebase.json ("emulators"). Children run in their own process groups, so a
 * terminal's Ctrl-C reaches only this script, which stops each child exactly once (both would
 * treat a second SIGINT as "force quit") and waits for their exports.
 */
/* global fetch, AbortSignal */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROJECT = 'demo-notenest';
const MODE = process.env.NOTENEST_EMULATORS ?? 'ours';
const DATA_DIR = path.resolve(root, process.env.NOTENEST_DATA_DIR ?? '.emulator-data');
const BUILD = process.env.NOTENEST_BUILD ?? 'auto';
const READY_TIMEOUT_MS = 180_000;
/** A repeat of the stop signal within this window is the same Ctrl-C delivered twice. */
const DUPLICATE_SIGNAL_MS = 1000;

/** DATA_DIR as shown to people: relative when inside the repository. */
const DATA_SHOWN = path.relative(root, DATA_DIR).startsWith('..')
  ? DATA_DIR
  : path.relative(root, DATA_DIR) || '.';

const log = (line) => process.stdout.write(`[start] ${line}\n`);

function fail(message) {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
}

if (MODE !== 'ours' && MODE !== 'official')
  fail(`NOTENEST_EMULATORS must be "ours" or "official", not "${MODE}"`);
if (!['auto', 'always', 'never'].includes(BUILD))
  fail(`NOTENEST_BUILD must be auto, always or never, not "${BUILD}"`);

const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
const ports = {};
for (const name of ['auth', 'functions', 'firestore', 'storage', 'hosting']) {
  const e = config.emulators?.[name];
  if (!e?.port) fail(`firebase.json: emulators.${name}.port is missing`);
  ports[name] = { host: e.host ?? '127.0.0.1', port: e.port };
}
const hostPort = (name) => `${ports[name].host}:${ports[name].port}`;
const WEB_URL = `http://${hostPort('hosting')}`;

// ---------------------------------------------------------------------------------------------
// Build: each workspace in dependency order when any input is newer than its output.

const WORKSPACES = [
  { name: '@notenest/shared', dir: 'shared', output: 'dist/index.js', deps: [] },
  { name: '@notenest/emulator', dir: 'emulator', output: 'dist/cli.js', deps: [] },
  { name: '@notenest/functions', dir: 'functions', output: 'lib/index.js', deps: ['shared'] },
  { name: '@notenest/web', dir: 'web', output: 'dist/index.html', deps: ['shared'] },
];
const INPUTS = [
  'src',
  'public',
  'index.html',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'build.mjs',
  'vite.config.ts',
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
    const r = spawnSync('npm', ['run', 'build', '-w', ws.name], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) fail(`build of ${ws.name} failed`);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

function portFree({ host, port }) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

const children = [];

/** Spawns `node args...` in its own process group, output prefixed with `[tag]`. */
function startChild(tag, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  log(`${tag}: pid ${child.pid} (process group ${child.pid})`);
  const entry = { tag, child, exited: false, code: null, lines: [] };
  entry.done = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      entry.exited = true;
      entry.code = code ?? (signal ? 128 : 1);
      resolve(entry.code);
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      entry.lines.push(line);
      for (const waiter of entry.waiters ?? []) waiter(line);
      process.stdout.write(`[${tag}] ${line}\n`);
    });
  }
  entry.waiters = [];
  children.push(entry);
  return entry;
}

/** Resolves when `entry` prints a line matching `re`; rejects if it exits first. */
function waitForLine(entry, re, what) {
  return new Promise((resolve, reject) => {
    if (entry.lines.some((l) => re.test(l))) return resolve();
    entry.waiters.push((line) => re.test(line) && resolve());
    entry.done.then((code) => reject(new Error(`${entry.tag} exited (${code}) before ${what}`)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200 (or `accept(res)`), failing if a child exits meanwhile. */
async function waitForHttp(url, what, deadline) {
  for (;;) {
    const dead = children.find((c) => c.exited);
    if (dead) throw new Error(`${dead.tag} exited (${dead.code}) before ${what}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${url})`);
    await sleep(250);
  }
}

let stopping = false;
let firstSignalAt = 0;

async function stopAll(code) {
  stopping = true;
  const running = children.filter((c) => !c.exited);
  if (running.length) log(`stopping (exporting data to ${DATA_SHOWN}/)...`);
  for (const c of running) {
    try {
      c.child.kill('SIGINT');
    } catch {
      // already gone
    }
  }
  const codes = await Promise.all(children.map((c) => c.done));
  const failed = children.filter((_, i) => codes[i] !== 0);
  for (const c of failed) log(`${c.tag} exited with code ${c.code}`);
  const exitCode = failed.length ? 1 : code;
  log(exitCode === 0 ? 'stopped; data kept' : 'stopped');
  process.exit(exitCode);
}

function onSignal(signal) {
  if (stopping) {
    if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
    log(`${signal} again: killing without waiting for exports`);
    for (const c of children) {
      if (!c.exited) {
        try {
          process.kill(-c.child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    process.exit(130);
  }
  firstSignalAt = Date.now();
  void stopAll(0);
}
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => onSignal(s));

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
  for (const name of ['firestore', 'storage', 'auth', 'functions', 'hosting']) {
    if (!(await portFree(ports[name])))
      fail(`port ${hostPort(name)} (${name}) is in use: is NoteNest already running?`);
  }

  const phases = [];
  let phaseStart = Date.now();
  const mark = (name) => phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
  build();
  mark('build');
  phaseStart = Date.now();

  const env = {
    ...process.env,
    // google-auth-library would otherwise probe the GCE metadata server.
    METADATA_SERVER_DETECTION: 'none',
    GCLOUD_PROJECT: PROJECT,
  };
  const emulatorHosts = {
    FIRESTORE_EMULATOR_HOST: hostPort('firestore'),
    FIREBASE_STORAGE_EMULATOR_HOST: hostPort('storage'),
    STORAGE_EMULATOR_HOST: `http://${hostPort('storage')}`,
    FIREBASE_AUTH_EMULATOR_HOST: hostPort('auth'),
  };
  const firebaseBin = path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const deadline = Date.now() + READY_TIMEOUT_MS;

  let emulatorReady = Promise.resolve();
  let firebaseDir;
  let only;
  let firebaseEnv;
  if (MODE === 'ours') {
    const emulator = startChild(
      'emulator',
      [
        'emulator/dist/cli.js',
        'start',
        '--config',
        'firebase.json',
        '--project',
        PROJECT,
        // Only a directory holding an export: an empty one (or none) starts empty.
        ...(existsSync(path.join(DATA_DIR, 'notenest-export.json')) ? ['--import', DATA_DIR] : []),
        '--export-on-exit',
        DATA_DIR,
      ],
      env,
    );
    // Started side by side with firebase-tools: the functions only need the address now and
    // the emulator itself once a request comes (the deep health check below waits for both).
    emulatorReady = waitForLine(emulator, /\bready\b/, 'it was ready').then(() => mark('emulator'));
    firebaseDir = path.join(DATA_DIR, 'firebase');
    only = 'auth,functions,hosting';
    // Exported before the start: the Functions emulator passes them to the functions, whose
    // Admin SDK then talks to our emulator instead of production.
    firebaseEnv = { ...env, ...emulatorHosts };
  } else {
    firebaseDir = path.join(DATA_DIR, 'official');
    only = 'auth,functions,hosting,firestore,storage';
    // firebase-tools hands the functions the addresses of the emulators it runs itself.
    firebaseEnv = env;
  }

  const importArgs = existsSync(path.join(firebaseDir, 'firebase-export-metadata.json'))
    ? ['--import', firebaseDir]
    : [];
  const firebase = startChild(
    'firebase',
    [
      firebaseBin,
      'emulators:start',
      '--only',
      only,
      '--project',
      PROJECT,
      ...importArgs,
      '--export-on-exit',
      firebaseDir,
    ],
    firebaseEnv,
  );
  await Promise.all([
    emulatorReady,
    waitForLine(firebase, /All emulators ready/, 'the emulators were ready').then(() =>
      mark('firebase'),
    ),
  ]);
  // "ready" is printed even when the functions failed to load: wait until the API answers
  // through Hosting's rewrite and reaches Firestore.
  await waitForHttp(`${WEB_URL}/api/health?deep=true`, 'the API answered', deadline);
  await waitForHttp(`http://${hostPort('auth')}/`, 'the Auth emulator answered', deadline);
  mark('api');
  phaseStart = Date.now();

  Object.assign(process.env, emulatorHosts, { METADATA_SERVER_DETECTION: 'none' });
  const { seed } = await import('./seed.mjs');
  await seed({ log });
  mark('seed');
  const { buildDemoData } = await import('./lib/demo-data.mjs');
  if (stopping) return;
  const { accounts } = buildDemoData();
  process.stdout.write(DEMO_BANNER(accounts));
  log(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')}): ${WEB_URL}`,
  );

  // A child that dies on its own takes the rest down.
  const first = await Promise.race(children.map((c) => c.done.then(() => c)));
  if (!stopping) {
    log(`${first.tag} exited unexpectedly (${first.code})`);
    await stopAll(1);
  }
}

main().catch(async (err) => {
  process.stderr.write(`[start] ${err?.message ?? err}\n`);
  if (!stopping) await stopAll(1);
});
