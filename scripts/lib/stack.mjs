/**
 * One NoteNest stack: `firebase emulators:start --only auth,functions,firestore,hosting` (Google's
 * Cloud Firestore emulator among them, found by ./firestore-emulator.mjs) and our Cloud Storage
 * emulator (emulator/), on one loopback address with the ports of firebase.json, seeded with the
 * demo data when empty. The Storage emulator reads Firestore for storage rules' firestore.get()
 * and sends object events to the Functions emulator, so storage triggers run as in production.
 * `npm start` (scripts/start.mjs) runs one on 127.0.0.1 (or NOTENEST_HOST); test suites run more side by side, each on its own
 * 127.x.y.z (test/support/stack.ts), since the web app reaches the emulators on the hostname it
 * was opened on.
 *
 *   const stack = await startStack({ host: '127.0.0.23', dataDir });  // built workspaces needed
 *   stack.url;             // http://127.0.0.23:5000
 *   await stack.stop();    // SIGINT to each process group; exports to dataDir
 *
 * Nothing of a stack outlives the process that started it: while it runs, every process of it
 * (function workers and Google's Firestore emulator, which firebase-tools starts in a session of
 * its own, included) is listed in dataDir/stack-processes.json, and a reaper (./reaper.mjs)
 * stops them should that process end without stopping them (SIGKILL, a crash); a start with the
 * same dataDir stops what is still listed before it begins. An emulator that dies on its own
 * (Google's Firestore emulator included, which firebase-tools would only warn about) stops the
 * stack, with a line naming it.
 *
 * Every port firebase-tools opens is bound to `host`: the emulators of firebase.json plus the
 * hub, logging, Eventarc and Cloud Tasks emulators (left on their default ports, firebase-tools
 * moves them when taken); the Emulator UI is off; functions are discovered through a manifest
 * file rather than a server on a random port. The rewritten config is `.firebase.<host>.json` in
 * the repository root (gitignored; firebase-tools resolves firebase.json's paths from its
 * folder), removed on stop. firebase-tools gets its own TMPDIR per host, since it finds its hub
 * (for --export-on-exit) through a locator file in the temp folder named after the project only.
 *
 * Not a build step: workspaces must be built (emulator/dist, functions/lib, web/dist).
 */
/* global fetch, AbortSignal */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { resolveFirestoreEmulator } from './firestore-emulator.mjs';
import { searchDbUrl } from './search-db.mjs';
import {
  descendantsOf,
  isRunning,
  killRecords,
  readPidFile,
  recordOf,
  removePidFile,
  startReaper,
  stopRecords,
  waitUntilGone,
  writePidFile,
} from './processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT = 'demo-notenest';
/** The emulators of firebase.json a stack serves, on their fixed ports. */
export const SERVICES = ['firestore', 'storage', 'auth', 'functions', 'hosting'];
/** firebase-tools' other listeners: bound to the stack's host too (default ports, movable). */
const HELPERS = ['hub', 'logging', 'eventarc', 'tasks'];
const READY_TIMEOUT_MS = 180_000;
/** firebase-tools' hub: bound to the stack's host, so its default port is free there. */
const HUB_PORT = 4400;

/**
 * Every process a stack runs, recorded in its data directory while it runs (scripts/lib/
 * processes.mjs): what its reaper, or the next start, stops when the stack could not.
 */
export const PID_FILE = 'stack-processes.json';
/** How often the record of a stack's processes is brought up to date. */
const SCAN_MS = 1000;
/** The processes that export their data when they get SIGINT (the others are killed). */
const LEADERS = ['storage', 'firebase', 'search'];
/** What each tag of a stack's processes is, for messages. */
const DESCRIPTIONS = {
  storage: 'our Cloud Storage emulator',
  firebase: 'firebase-tools: Auth, Functions and Hosting emulators',
  firestore: "Google's Cloud Firestore emulator, java",
  search:
    'the search database, PGlite (scripts/lib/search-db.mjs) or PostgreSQL (scripts/lib/debian-postgres.mjs)',
};
/**
 * The search database's port on the stack's host (not an emulator of firebase.json, whose schema
 * has no place for it; each stack has a host of its own, so a fixed port is as safe as theirs).
 */
export const SEARCH_DB_PORT = 5433;
/** How long a stack stopping because one of its emulators died waits before killing the rest. */
const UNEXPECTED_STOP_MS = 20_000;
/** How long the ports of processes just stopped may take to be free again. */
const PORTS_FREED_MS = 15_000;
/** firebase-tools waits this long at most for its emulators to stop (then they are killed). */
const STRAGGLER_MS = 5000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What a process below a stack's children is, from its command line. */
function tagOf(cmdline) {
  if (/cloud-firestore-emulator|CloudFirestore/.test(cmdline)) return 'firestore';
  if (/functionsEmulatorRuntime/.test(cmdline)) return 'functions-worker';
  return 'helper';
}

/**
 * Stops what the last stack with `dataDir` left running (its pid file lists it) when that stack
 * ended without stopping it, e.g. killed with SIGKILL: its reaper may be at it already, and gets
 * time to finish; then the emulators get SIGINT (they export) and what still runs is killed.
 * Throws when that stack is in fact still running. Resolves with what was running.
 */
export async function stopLeftovers(dataDir, log = () => {}) {
  const file = path.join(path.resolve(dataDir), PID_FILE);
  const left = readPidFile(file);
  if (!left) return [];
  if (left.supervisor && isRunning(left.supervisor))
    throw new Error(
      `NoteNest is already running with ${dataDir} (process ${left.supervisor.pid}): stop it first`,
    );
  const running = (left.processes ?? []).filter(isRunning);
  if (running.length) {
    log(
      `the last run ended without stopping ${running.length} of its processes ` +
        `(${running.map((r) => `${r.tag} ${r.pid}`).join(', ')}): stopping them`,
    );
    const reaper = running.filter((r) => r.tag === 'reaper');
    if (reaper.length) await waitUntilGone(reaper, 45_000);
    await stopRecords(running, { leaders: left.leaders ?? LEADERS });
    // A process that has just been killed can hold its ports a moment longer (a JVM's threads
    // exit one by one): the caller checks them next.
    if (left.host && left.ports) {
      const deadline = Date.now() + PORTS_FREED_MS;
      for (const port of Object.values(left.ports)) {
        while (!(await portFree(left.host, port)) && Date.now() < deadline) await sleep(200);
      }
    }
  }
  rmSync(file, { force: true });
  return running;
}

/**
 * Runs `fn` with the stack's Firestore and Storage triggers paused (firebase-tools' hub switch,
 * the one rules-unit-testing's withFunctionTriggersDisabled uses): for bulk writes that carry
 * their derived data already (the seed, the bench's extra notes). Events that arrive meanwhile
 * are dropped, not queued.
 */
export async function withTriggersPaused(host, fn) {
  // A switch that fails must say so: triggers left off would silently stop all derived data.
  // Disabling first waits for the queued trigger runs, up to 60 s; past that the hub leaves the
  // triggers off and may never answer. So the wait is bounded and the triggers are turned back
  // on whatever happened (a mid-run caller, e.g. a test file, must not leave them off for the next).
  const flip = async (what) => {
    const res = await fetch(`http://${host}:${HUB_PORT}/functions/${what}BackgroundTriggers`, {
      method: 'PUT',
      signal: AbortSignal.timeout(90_000),
    });
    if (!res.ok) throw new Error(`${what} triggers: the emulator hub answered ${res.status}`);
  };
  try {
    await flip('disable');
    return await fn();
  } finally {
    await flip('enable');
  }
}

/** True for an IPv4 loopback address (127.0.0.0/8). */
export function isLoopbackV4(host) {
  const parts = host.split('.');
  return (
    parts.length === 4 &&
    parts[0] === '127' &&
    parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}

function readFirebaseJson() {
  return JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
}

/** Service name -> port, from firebase.json. */
export function stackPorts() {
  const config = readFirebaseJson();
  const ports = {};
  for (const name of SERVICES) {
    const port = config.emulators?.[name]?.port;
    if (!port) throw new Error(`firebase.json: emulators.${name}.port is missing`);
    ports[name] = port;
  }
  ports.search = SEARCH_DB_PORT;
  return ports;
}

/** A port nothing listens on at `host` now (the system's pick), for a server started next. */
export async function freePort(host = '127.0.0.1') {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, host, resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves true when `host:port` can be listened on. */
export function portFree(host, port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * The variables the Admin SDK and the search code need to reach the stack on `host`: the
 * *_EMULATOR_HOST addresses, and SEARCH_DATABASE_URL (read by functions/src/search/config.ts,
 * the seed and `npm run reindex`).
 */
export function emulatorEnvFor(host, ports = stackPorts()) {
  const at = (name) => `${host}:${ports[name]}`;
  return {
    FIRESTORE_EMULATOR_HOST: at('firestore'),
    FIREBASE_STORAGE_EMULATOR_HOST: at('storage'),
    STORAGE_EMULATOR_HOST: `http://${at('storage')}`,
    FIREBASE_AUTH_EMULATOR_HOST: at('auth'),
    SEARCH_DATABASE_URL: searchDbUrl(host, ports.search),
  };
}

/** The services whose port is taken on `host` (empty when a stack can start there). */
export async function takenPorts(host) {
  const ports = stackPorts();
  const taken = [];
  for (const name of [...SERVICES, 'search']) {
    if (!(await portFree(host, ports[name]))) taken.push({ name, port: ports[name] });
  }
  return taken;
}

/** firebase.json with every emulator (and firebase-tools' helpers) bound to `host`. */
function configFor(host) {
  const config = readFirebaseJson();
  const emulators = { ...config.emulators };
  for (const name of SERVICES) emulators[name] = { ...emulators[name], host };
  for (const name of HELPERS) emulators[name] = { ...emulators[name], host };
  // The seed pauses triggers through the hub, so its port is fixed rather than picked.
  emulators.hub = { ...emulators.hub, host, port: HUB_PORT };
  emulators.ui = { enabled: false };
  return { ...config, emulators, hosting: hostingFor(config, host) };
}

/** Directives of the Content-Security-Policy that must also name the local emulators. */
const EMULATOR_DIRECTIVES = ['connect-src', 'img-src', 'frame-src'];

/**
 * firebase.json's Hosting config (from `config`, firebase.json as read) for a local stack: its Content-Security-Policy also allows the
 * stack's emulators (the web app talks to http://<host>:<port> instead of *.googleapis.com, and
 * file links point at the Storage emulator), so the app runs locally under the same policy as in
 * production, plus exactly those origins.
 */
function hostingFor(config, host) {
  const { hosting } = config;
  if (!hosting?.headers) return hosting;
  const origins = SERVICES.filter((s) => s !== 'hosting')
    .map((s) => config.emulators?.[s]?.port)
    .filter(Boolean)
    .map((port) => `http://${host}:${port}`)
    .join(' ');
  const widen = (csp) =>
    csp
      .split(';')
      .map((d) => {
        const name = d.trim().split(/\s+/)[0];
        return EMULATOR_DIRECTIVES.includes(name) ? `${d.trimEnd()} ${origins}` : d;
      })
      .join(';');
  return {
    ...hosting,
    headers: hosting.headers.map((rule) => ({
      ...rule,
      headers: rule.headers.map((h) =>
        h.key.toLowerCase() === 'content-security-policy' ? { ...h, value: widen(h.value) } : h,
      ),
    })),
  };
}

/**
 * A stack's state, shared by the steps below (start the children, wait for readiness, stop and
 * sweep, the handle). The steps are functions of this one object rather than closures inside
 * createStack: what each reads and changes (`s.stopping`, `s.died`, `s.tracked` ...) is then in
 * sight, and the process record, a child's exit and a stop all see the same values.
 */
function stackState({ host, dataDir, seed, searchEngine, log, output, onPhase, readyTimeoutMs }) {
  const ports = stackPorts();
  let anyExit;
  const exited = new Promise((resolve) => (anyExit = resolve));
  return {
    // The caller's options.
    host,
    dataDir,
    seed,
    searchEngine,
    log,
    output,
    onPhase,
    readyTimeoutMs,
    ports,
    url: `http://${host}:${ports.hosting}`,
    emulatorEnv: emulatorEnvFor(host, ports),
    configPath: path.join(ROOT, `.firebase.${host}.json`),
    tmpDir: path.join(os.tmpdir(), `notenest-firebase-${host}`),
    /** The long-running children (startChild's entries), in start order. */
    children: [],
    seedChild: undefined,
    stopping: false,
    /** The one stop's promise (stop is idempotent). */
    stopped: undefined,
    /** Resolves `exited` with the first process to end. */
    anyExit,
    exited,
    /** Set when a process ended on its own: what the start reports. */
    died: undefined,
    // Every process of the stack (pid -> record), kept in the pid file, and the reaper that stops
    // them should this process end without stopping them.
    id: randomUUID(),
    pidFile: path.join(dataDir, PID_FILE),
    tracked: new Map(),
    reaper: undefined,
    scanTimer: undefined,
  };
}

const hostPort = (s, name) => `${s.host}:${s.ports[name]}`;

// --- The record of the stack's processes -------------------------------------------------------

function savePids(s) {
  writePidFile(s.pidFile, {
    id: s.id,
    host: s.host,
    ports: s.ports,
    leaders: LEADERS,
    supervisor: recordOf(process.pid, 'supervisor'),
    processes: [...s.tracked.values()],
  });
}

/** An emulator ended while nobody was stopping the stack: say which, and stop the rest. */
function unexpectedExit(s, tag, pid, how) {
  if (s.stopping) return;
  s.died = `${tag} (${DESCRIPTIONS[tag] ?? tag}, pid ${pid}) exited unexpectedly${how ? ` (${how})` : ''}`;
  s.log(`${s.died}: stopping the stack`);
  // Bounded: with its Firestore gone, firebase-tools waits for a function still running before
  // it stops (over 60 s was seen); what still runs then is killed (no export is lost that a
  // dead emulator could still have made).
  void stopStack(s, { timeoutMs: UNEXPECTED_STOP_MS });
}

/**
 * Brings the record up to date: drops what ended (noticing an emulator that did), adds what
 * the children started since (Google's Firestore emulator, function workers).
 */
function scan(s) {
  let changed = false;
  for (const [pid, r] of s.tracked) {
    if (isRunning(r)) continue;
    s.tracked.delete(pid);
    changed = true;
    // A child's own exit is seen by its 'exit' event; java is firebase-tools' child, and
    // firebase-tools only warns when it is killed.
    if (r.tag === 'firestore') {
      unexpectedExit(s, 'firestore', pid);
      s.anyExit({ tag: 'firestore', code: null });
    }
  }
  for (const info of descendantsOf(s.children.map((c) => c.child.pid)).values()) {
    if (s.tracked.has(info.pid)) continue;
    const { pid, pgid, starttime, cmdline } = info;
    s.tracked.set(pid, { tag: tagOf(cmdline), pid, pgid, starttime, cmdline });
    changed = true;
  }
  if (changed) savePids(s);
}

/** Starts the reaper and the pid file, then keeps the record up to date while the stack runs. */
function guard(s) {
  mkdirSync(s.dataDir, { recursive: true });
  s.reaper = startReaper(s.pidFile, s.id);
  if (s.reaper.record) s.tracked.set(s.reaper.record.pid, s.reaper.record);
  savePids(s);
  s.scanTimer = setInterval(() => scan(s), SCAN_MS);
  s.scanTimer.unref();
}

// --- Starting the children ---------------------------------------------------------------------

function startChild(s, tag, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  s.log(`${tag}: pid ${child.pid} (process group ${child.pid})`);
  const r = recordOf(child.pid, tag);
  if (r) s.tracked.set(child.pid, r);
  savePids(s);
  const entry = { tag, child, exited: false, code: null, lines: [], waiters: [] };
  entry.done = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      entry.exited = true;
      entry.code = code ?? (signal ? 128 : 1);
      unexpectedExit(s, tag, child.pid, signal ?? `code ${code}`);
      s.anyExit({ tag, code: entry.code });
      resolve(entry.code);
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      entry.lines.push(line);
      for (const waiter of entry.waiters) waiter(line);
      s.output(tag, line);
    });
  }
  s.children.push(entry);
  return entry;
}

/**
 * Before any child starts: what a stack killed before it could stop left running is stopped (it
 * holds the ports), the ports are checked, the process record begins and firebase-tools' config
 * and temp folder are written. Resolves with the children's environment.
 */
async function prepare(s) {
  await stopLeftovers(s.dataDir, s.log);
  const taken = await takenPorts(s.host);
  if (taken.length) {
    const list = taken.map((t) => `${s.host}:${t.port} (${t.name})`).join(', ');
    throw new Error(`port ${list} in use: is NoteNest already running on ${s.host}?`);
  }
  if (s.stopping) throw new Error('stopped while starting');
  guard(s);
  writeFileSync(s.configPath, JSON.stringify(configFor(s.host), null, 2) + '\n');
  mkdirSync(s.tmpDir, { recursive: true });
  return {
    ...process.env,
    // google-auth-library would otherwise probe the GCE metadata server.
    METADATA_SERVER_DETECTION: 'none',
    GCLOUD_PROJECT: PROJECT,
  };
}

/**
 * The search index (functions/src/search): PGlite on the data folder, served over the
 * PostgreSQL wire protocol; the functions reach it through SEARCH_DATABASE_URL. Its data is in
 * dataDir/search and survives a restart like the emulators' exports. With `searchEngine:
 * 'postgres'`, a throwaway cluster of Debian's PostgreSQL on the same port instead (the engine
 * production runs, for the search bench; its data goes with it). Resolves when it is ready.
 */
function startSearchDb(s, env) {
  const port = String(s.ports.search);
  const search = startChild(
    s,
    'search',
    s.searchEngine === 'postgres'
      ? ['scripts/lib/debian-postgres.mjs', port, s.host]
      : ['scripts/lib/search-db.mjs', path.join(s.dataDir, 'search'), port, s.host],
    env,
  );
  return waitForLine(search, /^search db: /, 'it was ready').then(() => s.onPhase('search'));
}

/**
 * Our Cloud Storage emulator. Started side by side with firebase-tools: it needs Firestore only
 * once a request comes. Resolves when it is ready.
 */
function startStorage(s, env) {
  const storage = startChild(
    s,
    'storage',
    [
      'emulator/dist/cli.js',
      'start',
      '--config',
      s.configPath,
      '--project',
      PROJECT,
      '--firestore-host',
      hostPort(s, 'firestore'),
      '--functions-host',
      hostPort(s, 'functions'),
      // Only a directory holding an export: an empty one (or none) starts empty.
      ...(existsSync(path.join(s.dataDir, 'notenest-export.json')) ? ['--import', s.dataDir] : []),
      '--export-on-exit',
      s.dataDir,
    ],
    env,
  );
  return waitForLine(storage, /\bready\b/, 'it was ready').then(() => s.onPhase('storage'));
}

/**
 * firebase-tools: the Auth, Functions, Firestore (`firestore`: resolveFirestoreEmulator's) and
 * Hosting emulators. Resolves when it says they are ready, and from then on watches Google's
 * Firestore emulator, which it has started by then.
 */
function startFirebase(s, env, firestore) {
  const firebaseDir = path.join(s.dataDir, 'firebase');
  const firebaseEnv = {
    ...env,
    ...firestore.env,
    // The functions' Admin SDK reaches our Storage emulator through these (firebase-tools sets
    // the Firestore and Auth ones itself).
    FIREBASE_STORAGE_EMULATOR_HOST: s.emulatorEnv.FIREBASE_STORAGE_EMULATOR_HOST,
    STORAGE_EMULATOR_HOST: s.emulatorEnv.STORAGE_EMULATOR_HOST,
    SEARCH_DATABASE_URL: s.emulatorEnv.SEARCH_DATABASE_URL,
    // Written when the stack stops: the functions then refuse writes (refuseWrites).
    NOTENEST_STOPPING_FLAG: stoppingFlag(s),
    // firebase-tools asks the npm registry for firebase-functions' latest version at every
    // start (`npm show`, synchronously: ~1 s of its start here). Offline, npm answers from its
    // cache or fails at once: a stack never reaches past loopback, tests included.
    npm_config_offline: 'true',
  };
  const importArgs = existsSync(path.join(firebaseDir, 'firebase-export-metadata.json'))
    ? ['--import', firebaseDir]
    : [];
  const firebase = startChild(
    s,
    'firebase',
    [
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--config',
      s.configPath,
      '--only',
      'auth,functions,firestore,hosting',
      '--project',
      PROJECT,
      ...importArgs,
      '--export-on-exit',
      firebaseDir,
    ],
    {
      ...firebaseEnv,
      TMPDIR: s.tmpDir,
      // Discover the functions from a manifest file, not a server on a random 127.0.0.1 port.
      FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: 'true',
      // The Functions emulator runs at most this many calls and events at once (default 50),
      // and starts a Node process per function kind and concurrent call (~2 s of CPU each: the
      // bundle with firebase-admin and Firestore's SDK). A burst of events (a bulk write with
      // triggers running) would start dozens of runtimes on a 2-core machine, each missing its
      // 30 s start deadline; queued, a few runtimes are started and reused. 3 rather than 6:
      // the functions' stack suite started 33 runtimes instead of 41 and took 210 s instead of
      // 241 (2 cores, alone); no function waits on another, so queued calls only wait their turn.
      FUNCTIONS_EMULATOR_PARALLEL: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? '3',
      // A runtime must answer within this many seconds of its start (firebase-tools' default:
      // 30), or its call fails with "Failed to load function". With two test lanes, three
      // stacks and Chromium on 2 cores, a start was seen to take longer; waiting costs nothing
      // when it is quick.
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    },
  );
  return waitForLine(firebase, /All emulators ready/, 'the emulators were ready').then(() => {
    // Google's Firestore emulator is running now: watched from here on.
    scan(s);
    s.onPhase('firebase');
  });
}

/** Starts the three children; resolves when each says it is ready. */
function startChildren(s, env) {
  // Before any process starts: a missing Java or Firestore emulator is a message, not a crash.
  const firestore = resolveFirestoreEmulator(ROOT, process.env);
  s.log(firestore.describe);
  if (existsSync(path.join(s.dataDir, 'firestore.json')))
    s.log(
      `${s.dataDir}/firestore.json is Firestore data of the emulator NoteNest used before; ` +
        'Firestore now runs in firebase-tools and keeps its data in firebase/ (that file is not read)',
    );
  // Each readiness promise is made as its child starts (and all are awaited together below), so
  // a child that dies before the others are up is reported, never an unhandled rejection.
  return Promise.all([
    startSearchDb(s, env),
    startStorage(s, env),
    startFirebase(s, env, firestore),
  ]);
}

// --- Waiting for readiness ---------------------------------------------------------------------

function waitForLine(entry, re, what) {
  return new Promise((resolve, reject) => {
    if (entry.lines.some((l) => re.test(l))) return resolve();
    entry.waiters.push((line) => re.test(line) && resolve());
    entry.done.then((code) => reject(new Error(`${entry.tag} exited (${code}) before ${what}`)));
  });
}

async function waitForHttp(s, target, what, deadline) {
  for (;;) {
    if (s.died) throw new Error(`${s.died} before ${what}`);
    if (s.stopping) throw new Error(`stopped before ${what}`);
    const dead = s.children.find((c) => c.exited);
    if (dead) throw new Error(`${dead.tag} exited (${dead.code}) before ${what}`);
    try {
      // Waits as long as the deadline allows: the first call starts a function worker, which
      // on a loaded machine takes more than a few seconds, and a call given up and sent again
      // only starts another worker (up to FUNCTIONS_EMULATOR_PARALLEL) beside the first.
      const wait = Math.max(5000, deadline - Date.now());
      const res = await fetch(target, { signal: AbortSignal.timeout(wait) });
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${target})`);
    await sleep(250);
  }
}

function runSeed(s, env) {
  return new Promise((resolve, reject) => {
    const seedChild = spawn(process.execPath, [path.join(ROOT, 'scripts/seed.mjs')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    s.seedChild = seedChild;
    const r = recordOf(seedChild.pid, 'seed');
    if (r) s.tracked.set(seedChild.pid, r);
    savePids(s);
    const lines = [];
    for (const stream of [seedChild.stdout, seedChild.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        s.log(line);
      });
    }
    seedChild.once('error', reject);
    seedChild.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`seed failed (${code ?? signal}):\n${lines.slice(-20).join('\n')}`)),
    );
  });
}

/** The whole start, `handle.ready`: the children, their readiness, the API, then the seed. */
async function bringUp(s) {
  const deadline = Date.now() + s.readyTimeoutMs;
  const env = await prepare(s);
  await startChildren(s, env);
  // "ready" is printed even when the functions failed to load: wait until the API answers
  // through Hosting's rewrite and reaches Firestore.
  await waitForHttp(s, `${s.url}/api/health?deep=true`, 'the API answered', deadline);
  await waitForHttp(s, `http://${hostPort(s, 'auth')}/`, 'the Auth emulator answered', deadline);
  s.onPhase('api');
  if (s.seed && !s.stopping) {
    // The seed writes every derived value itself (search terms, counters, filter options), so
    // the ~240 trigger runs its writes would start only repeat them; with Firestore and
    // Storage triggers paused (the hub's switch, as rules-unit-testing's
    // withFunctionTriggersDisabled uses it) the stack is ready at once instead of working
    // through that backlog while the first requests wait behind it.
    await withTriggersPaused(s.host, () => runSeed(s, { ...env, ...s.emulatorEnv }));
    s.onPhase('seed');
  }
  if (s.died) throw new Error(s.died);
  if (s.stopping) throw new Error('stopped while starting');
}

// --- Stopping ----------------------------------------------------------------------------------

/** After the children: what they left (function workers, java) is given a moment, then killed. */
async function sweep(s) {
  clearInterval(s.scanTimer);
  const rest = [...s.tracked.values()].filter((r) => r.tag !== 'reaper');
  if (!(await waitUntilGone(rest, STRAGGLER_MS))) {
    const names = rest.filter(isRunning).map((r) => `${r.tag} ${r.pid}`);
    s.log(`killing what the emulators left running: ${names.join(', ')}`);
    killRecords(rest);
    await waitUntilGone(rest, STRAGGLER_MS);
  }
  removePidFile(s.pidFile, s.id);
  // Nothing is left to reap: the reaper finds no pid file of this stack and exits.
  s.reaper?.release();
}

/**
 * SIGINT to each process once (they export to dataDir and exit), then waits for all. Resolves
 * with [{ tag, code }]. With `timeoutMs`, process groups still running then are killed.
 * Idempotent: later calls return the same promise.
 */
function stopStack(s, { timeoutMs } = {}) {
  s.stopped ??= (async () => {
    s.stopping = true;
    // The last look before the stop: a worker started since the last scan is known too.
    if (s.reaper) scan(s);
    if (s.seedChild && s.seedChild.exitCode === null) s.seedChild.kill('SIGTERM');
    await refuseWrites(s);
    for (const c of s.children) {
      if (c.exited) continue;
      try {
        c.child.kill('SIGINT');
      } catch {
        // already gone
      }
    }
    let timer;
    if (timeoutMs !== undefined) timer = setTimeout(() => killStack(s), timeoutMs);
    const codes = await Promise.all(s.children.map((c) => c.done));
    clearTimeout(timer);
    await sweep(s);
    rmSync(s.configPath, { force: true });
    rmSync(s.tmpDir, { recursive: true, force: true });
    return s.children.map((c, i) => ({ tag: c.tag, code: codes[i] }));
  })();
  return s.stopped;
}

/** What the Firestore emulator enforces while the stack stops: reads as before, no writes. */
const STOPPING_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read: if true;
      allow write: if false;
    }
  }
}
`;

/**
 * Before the exports: firebase-tools exports Firestore and Auth on SIGINT while its emulators
 * still serve, so a write acknowledged during the export was missing after the restart. New
 * writes are refused first: the functions answer 503 to anything but a read (the flag file
 * NOTENEST_STOPPING_FLAG names, functions/src/http/stopping.ts), and the Firestore emulator gets
 * rules that deny every client write (the rules endpoint rules-unit-testing uses; the next start
 * loads firestore.rules again). A write already past either check when they change can still
 * finish after the export began: requests take milliseconds, the steps before the export more.
 * Our Storage emulator refuses writes itself once it stops. Best effort: a stack whose Firestore
 * is gone (an emulator died) just stops.
 */
async function refuseWrites(s) {
  const firebase = s.children.find((c) => c.tag === 'firebase');
  if (!firebase || firebase.exited || s.died) return;
  writeFileSync(stoppingFlag(s), 'stopping\n');
  try {
    const res = await fetch(
      `http://${hostPort(s, 'firestore')}/emulator/v1/projects/${PROJECT}:securityRules`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          rules: { files: [{ name: 'stopping.rules', content: STOPPING_RULES }] },
        }),
        signal: AbortSignal.timeout(5_000),
      },
    );
    if (!res.ok) s.log(`stop: Firestore kept its rules (${res.status}): writes race the export`);
  } catch (error) {
    s.log(`stop: Firestore kept its rules (${error.message}): writes race the export`);
  }
}

/** The file whose presence makes the functions refuse writes (see refuseWrites). */
const stoppingFlag = (s) => path.join(s.tmpDir, 'stopping');

/** SIGKILL to every process group still running (no export). */
function killStack(s) {
  s.stopping = true;
  if (s.reaper) scan(s);
  // firebase-tools starts the Firestore emulator (java) in a process group of its own:
  // killing firebase-tools' group alone would leave it holding the port.
  killRecords([...s.tracked.values()].filter((r) => r.tag !== 'reaper'));
}

// --- The handle --------------------------------------------------------------------------------

/** What createStack returns (scripts/lib/stack.d.mts `Stack`): a view of `s` and its stop. */
function handleOf(s) {
  return {
    host: s.host,
    url: s.url,
    ports: s.ports,
    dataDir: s.dataDir,
    searchEngine: s.searchEngine,
    /** The *_EMULATOR_HOST variables the Admin SDK needs to reach this stack. */
    emulatorEnv: s.emulatorEnv,
    ready: undefined,
    /** Resolves with the first process to exit ({ tag, code }), expected or not. */
    exited: s.exited,
    get stopping() {
      return s.stopping;
    },
    /** Processes still running. */
    running: () =>
      s.children.filter((c) => !c.exited).map((c) => ({ tag: c.tag, pid: c.child.pid })),
    /** The last lines a process printed (for error messages). */
    tail(n = 30) {
      return s.children.map((c) => c.lines.slice(-n).map((l) => `[${c.tag}] ${l}`)).flat();
    },
    /** See stopStack. */
    stop: (options) => stopStack(s, options),
    /** SIGKILL to every process group still running (no export). */
    kill: () => killStack(s),
  };
}

/**
 * Starts a stack and returns its handle at once; `handle.ready` settles when the API answers
 * through Hosting and the data is seeded (it rejects when a process dies first or on timeout).
 * Use startStack() to simply await a running stack; this form lets a supervisor (npm start) stop
 * a stack that is still starting.
 *
 * Options: host (IPv4 loopback, default 127.0.0.1), dataDir (required: imported when it holds an
 * export, exported to on stop: Storage in dataDir itself, firebase-tools' Auth and Firestore
 * data in dataDir/firebase), seed (default true: seed when Firestore is empty), searchEngine
 * ('pglite', the default, or 'postgres': see startSearchDb), log(line) for
 * the stack's own lines, output(tag, line) for the processes' lines, onPhase(name) when the
 * 'storage', 'firebase', 'api' and 'seed' phases end, readyTimeoutMs.
 */
export function createStack({
  host = '127.0.0.1',
  dataDir,
  seed = true,
  searchEngine = 'pglite',
  log = () => {},
  output = () => {},
  onPhase = () => {},
  readyTimeoutMs = READY_TIMEOUT_MS,
} = {}) {
  if (!isLoopbackV4(host)) throw new Error(`host must be an IPv4 loopback address, not "${host}"`);
  if (!dataDir) throw new Error('dataDir is required');
  if (searchEngine !== 'pglite' && searchEngine !== 'postgres')
    throw new Error(`searchEngine must be "pglite" or "postgres", not "${searchEngine}"`);
  const s = stackState({
    host,
    dataDir: path.resolve(dataDir),
    seed,
    searchEngine,
    log,
    output,
    onPhase,
    readyTimeoutMs,
  });
  const handle = handleOf(s);
  handle.ready = bringUp(s);
  // A supervisor may attach to `ready` later; avoid an unhandled rejection meanwhile.
  handle.ready.catch(() => {});
  return handle;
}

/**
 * Starts a stack (see createStack for the options) and resolves once it is ready and seeded; on
 * failure it stops what it started and rejects. `stop()` waits for the exports.
 */
export async function startStack(options) {
  const stack = createStack(options);
  try {
    await stack.ready;
  } catch (err) {
    await stack.stop({ timeoutMs: 30_000 });
    const tail = stack.tail(20).join('\n');
    throw new Error(`${err?.message ?? err}${tail ? `\n${tail}` : ''}`, { cause: err });
  }
  return stack;
}
