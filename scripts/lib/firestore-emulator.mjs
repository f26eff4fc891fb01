/**
 * Finds what `firebase emulators:start` needs to run Google's Cloud Firestore emulator offline:
 * the emulator jar and a Java >= 21 (firebase-tools refuses older ones).
 *
 * The jar, in order:
 *   1. FIRESTORE_EMULATOR_BINARY_PATH when set (firebase-tools' own override; used as given);
 *   2. firebase-tools' own download (~/.cache/firebase/emulators, or FIREBASE_EMULATORS_PATH),
 *      exactly the version this firebase-tools wants: nothing to override then;
 *   3. the Google Cloud CLI's component (`gcloud components install cloud-firestore-emulator`,
 *      or Debian's google-cloud-cli-firestore-emulator). That jar has no Main-Class (gcloud starts
 *      it with `java -cp`), while firebase-tools runs `java -jar <path>`; so a launcher jar is
 *      generated next to node_modules holding only a manifest: Main-Class CloudFirestore and
 *      Class-Path the gcloud jar. It is made here, never committed.
 * Java, in order: JAVA_HOME, `java` on PATH, then every JDK under /usr/lib/jvm; the first whose
 * major version is >= 21. Its bin/ goes first on PATH for firebase-tools (which spawns `java`).
 *
 * When something is missing, `resolveFirestoreEmulator` throws an Error whose message says what
 * and how to get it.
 */
/* global fetch */
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { recordOf, removePidFile, startReaper, writePidFile } from './processes.mjs';

export const MIN_JAVA = 21;
const GCLOUD_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const GCLOUD_JAR_PLACES = [
  process.env.CLOUDSDK_ROOT_DIR,
  '/usr/lib/google-cloud-sdk',
  '/usr/share/google-cloud-sdk',
  '/opt/google-cloud-sdk',
  path.join(os.homedir(), 'google-cloud-sdk'),
]
  .filter(Boolean)
  .map((root) => path.join(root, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'));

/** The major version `java -version` reports, or 0 when it cannot run. */
export function javaMajor(javaBin) {
  const r = spawnSync(javaBin, ['-version'], { encoding: 'utf8', timeout: 20_000 });
  if (r.status !== 0) return 0;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${r.stderr}${r.stdout}`);
  if (!m) return 0;
  // Java 8 and older report "1.8.0_x".
  return m[1] === '1' ? Number(m[2] ?? 0) : Number(m[1]);
}

function onPath(name, envPath = process.env.PATH ?? '') {
  for (const dir of envPath.split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** Candidate java binaries, best first, each with where it came from. */
function javaCandidates(env) {
  const out = [];
  if (env.JAVA_HOME) out.push({ bin: path.join(env.JAVA_HOME, 'bin/java'), from: 'JAVA_HOME' });
  const fromPath = onPath('java', env.PATH);
  if (fromPath) out.push({ bin: fromPath, from: 'PATH' });
  let jvms = [];
  try {
    jvms = readdirSync('/usr/lib/jvm').sort().reverse();
  } catch {
    // no /usr/lib/jvm on this system
  }
  for (const dir of jvms)
    out.push({ bin: path.join('/usr/lib/jvm', dir, 'bin/java'), from: '/usr/lib/jvm' });
  return out.filter((c) => existsSync(c.bin));
}

/** { bin, home, major, from } of the first Java >= MIN_JAVA, or { seen } listing what was found. */
export function findJava(env = process.env) {
  const seen = [];
  for (const c of javaCandidates(env)) {
    const major = javaMajor(c.bin);
    seen.push(`${c.bin} (${major || 'unusable'}, from ${c.from})`);
    if (major >= MIN_JAVA) return { ...c, major, home: path.dirname(path.dirname(c.bin)) };
  }
  return { seen };
}

/** firebase-tools' expected Firestore emulator jar and where its own download would be. */
export function firebaseToolsFirestoreJar(root, env = process.env) {
  const info = JSON.parse(
    readFileSync(
      path.join(root, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json'),
      'utf8',
    ),
  ).firestore;
  const cacheDir =
    env.FIREBASE_EMULATORS_PATH || path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  return { version: info.version, path: path.join(cacheDir, info.downloadPathRelativeToCacheDir) };
}

/**
 * A manifest's `Name: value` line folded as the JAR spec wants: at most 72 bytes per line,
 * continuation lines start with one space.
 */
export function manifestLine(name, value) {
  const bytes = Buffer.from(`${name}: ${value}`, 'utf8');
  const lines = [bytes.subarray(0, 72)];
  for (let i = 72; i < bytes.length; i += 71)
    lines.push(Buffer.concat([Buffer.from(' '), bytes.subarray(i, i + 71)]));
  return Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\r\n')]));
}

/** A zip holding one stored (uncompressed) file: enough for a manifest-only jar. */
export function zipOneFile(name, data) {
  const nameBytes = Buffer.from(name, 'utf8');
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(0, 10); // time
  local.writeUInt16LE(0x21, 12); // date: 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(0, 12);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  // extra, comment, disk, internal attrs, external attrs, local header offset: all 0
  const localSize = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

/** Writes (once per gcloud jar) the manifest-only launcher jar and returns its path. */
export function launcherJar(gcloudJar, cacheDir) {
  const manifest = Buffer.concat([
    manifestLine('Manifest-Version', '1.0'),
    manifestLine('Main-Class', GCLOUD_CLASS),
    // A Class-Path entry is a URL relative to the launcher's own; a file: URL works from anywhere.
    manifestLine('Class-Path', pathToFileURL(gcloudJar).href),
    manifestLine('Created-By', 'NoteNest scripts/lib/firestore-emulator.mjs'),
    Buffer.from('\r\n'),
  ]);
  const id = createHash('sha256').update(manifest).digest('hex').slice(0, 12);
  const file = path.join(cacheDir, `cloud-firestore-emulator-launcher-${id}.jar`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, zipOneFile('META-INF/MANIFEST.MF', manifest));
    renameSync(tmp, file);
  }
  return file;
}

/**
 * What to add to firebase-tools' environment so `emulators:start --only ...,firestore` works here:
 * `{ env: { PATH, JAVA_HOME, FIRESTORE_EMULATOR_BINARY_PATH? }, describe }`. Throws with a
 * message naming what is missing and how to get it.
 */
export function resolveFirestoreEmulator(root, env = process.env) {
  const java = findJava(env);
  if (!java.bin) {
    throw new Error(
      [
        `The Cloud Firestore emulator needs Java ${MIN_JAVA} or newer, and none was found.`,
        java.seen.length
          ? `  Found: ${java.seen.join('; ')}`
          : '  Looked at JAVA_HOME, PATH and /usr/lib/jvm: no java at all.',
        `  Install one (e.g. \`apt-get install openjdk-${MIN_JAVA}-jdk-headless\`, or Temurin ${MIN_JAVA}+ from adoptium.net)`,
        '  and set JAVA_HOME to it, then run this again.',
      ].join('\n'),
    );
  }
  const out = {
    PATH: `${path.join(java.home, 'bin')}${path.delimiter}${env.PATH ?? ''}`,
    JAVA_HOME: java.home,
  };
  const javaText = `Java ${java.major} (${java.bin})`;

  if (env.FIRESTORE_EMULATOR_BINARY_PATH) {
    if (!existsSync(env.FIRESTORE_EMULATOR_BINARY_PATH))
      throw new Error(
        `FIRESTORE_EMULATOR_BINARY_PATH names ${env.FIRESTORE_EMULATOR_BINARY_PATH}, which does not exist.`,
      );
    return {
      env: { ...out, FIRESTORE_EMULATOR_BINARY_PATH: env.FIRESTORE_EMULATOR_BINARY_PATH },
      describe: `Firestore emulator ${env.FIRESTORE_EMULATOR_BINARY_PATH} (FIRESTORE_EMULATOR_BINARY_PATH), ${javaText}`,
    };
  }
  const own = firebaseToolsFirestoreJar(root, env);
  if (existsSync(own.path)) {
    return { env: out, describe: `Firestore emulator v${own.version} (${own.path}), ${javaText}` };
  }
  const gcloud = GCLOUD_JAR_PLACES.find((p) => existsSync(p));
  if (gcloud) {
    const jar = launcherJar(gcloud, path.join(root, 'node_modules/.cache/notenest'));
    return {
      env: { ...out, FIRESTORE_EMULATOR_BINARY_PATH: jar },
      describe: `Firestore emulator from the Google Cloud CLI (${gcloud}), ${javaText}`,
    };
  }
  throw new Error(
    [
      'The Cloud Firestore emulator is not on this machine.',
      `  Looked for firebase-tools' download (${own.path})`,
      `  and the Google Cloud CLI component (${GCLOUD_JAR_PLACES.join(', ')}).`,
      '  Get it with network access once:',
      '    npx firebase setup:emulators:firestore',
      '  or `gcloud components install cloud-firestore-emulator`',
      '  (Debian/Ubuntu: `apt-get install google-cloud-cli-firestore-emulator`),',
      '  or point FIRESTORE_EMULATOR_BINARY_PATH at an emulator jar.',
    ].join('\n'),
  );
}

/**
 * Starts Google's Cloud Firestore emulator directly (no firebase-tools), for test suites that need
 * only Firestore: `{ host, port, hostPort, stop() }` once it accepts requests. Port 0 picks a free
 * port. Every project id is its own database (no single-project mode), so test files isolate
 * themselves by project id; rules are loaded per project (rules-unit-testing does that).
 */
export async function startFirestoreEmulator(options = {}) {
  // A port picked here is free when picked, but the emulator also opens a WebSocket server on an
  // ephemeral port of its own, which can be that very port: then it exits with "Address already
  // in use" and another pick succeeds (seen once in a full `npm test`).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startFirestoreEmulatorOnce(options);
    } catch (error) {
      const clash = /Address already in use/.test(String(error?.message));
      if (!clash || options.port || attempt >= 3) throw error;
    }
  }
}

async function startFirestoreEmulatorOnce({
  root,
  host = '127.0.0.1',
  port = 0,
  env = process.env,
  timeoutMs = 60_000,
} = {}) {
  const { spawn } = await import('node:child_process');
  const net = await import('node:net');
  const found = resolveFirestoreEmulator(root, env);
  const jar = found.env.FIRESTORE_EMULATOR_BINARY_PATH ?? firebaseToolsFirestoreJar(root, env).path;
  if (port === 0) {
    port = await new Promise((resolve, reject) => {
      const s = net.createServer();
      s.once('error', reject);
      s.listen(0, host, () => {
        const p = s.address().port;
        s.close(() => resolve(p));
      });
    });
  }
  const child = spawn(
    path.join(found.env.JAVA_HOME, 'bin/java'),
    ['-Duser.language=en', '-jar', jar, '--host', host, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const output = [];
  for (const s of [child.stdout, child.stderr]) s.on('data', (d) => output.push(String(d)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  // Should this process end without stop() (a test run killed, a crash), a reaper kills it.
  const pidFile = path.join(os.tmpdir(), `notenest-firestore-${host}-${port}.json`);
  const id = randomUUID();
  const reaper = startReaper(pidFile, id);
  writePidFile(pidFile, {
    id,
    processes: [recordOf(child.pid, 'firestore'), reaper.record].filter(Boolean),
  });
  void exited.then(() => {
    removePidFile(pidFile, id);
    reaper.release();
  });
  const hostPort = `${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Firestore emulator exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const res = await fetch(`http://${hostPort}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Firestore emulator did not start in ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host,
    port,
    hostPort,
    async stop() {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The Firestore emulator a test run uses: FIRESTORE_EMULATOR_HOST when set (nothing to stop),
 * else one started for the run. `{ hostPort, stop() }`.
 */
export async function firestoreForRun({ root, env = process.env } = {}) {
  if (env.FIRESTORE_EMULATOR_HOST)
    return { hostPort: env.FIRESTORE_EMULATOR_HOST, stop: async () => {} };
  return startFirestoreEmulator({ root, env });
}
