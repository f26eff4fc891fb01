/**
 * Helpers for the start/seed suites: free ports, the ports listening on an address, the Auth
 * emulator from firebase-tools in a temp project directory, signing in through the Auth
 * emulator's REST API, waiting for output lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/stack.mjs';

/** One way to find a free port: the scripts' own (scripts/lib/stack.mjs). */
export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT = 'demo-notenest';

/** True when nothing accepts connections on host:port. */
export function portClosed(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Ports listening on `host`, IPv4 sockets and IPv4-mapped IPv6 ones (Java binds those). */
export function listeningPorts(host: string): number[] {
  const bytes = host.split('.').map((n) => Number(n).toString(16).padStart(2, '0'));
  const v4 = [...bytes].reverse().join('').toUpperCase();
  // /proc/net/tcp gives the local address as little-endian hex; ::ffff:a.b.c.d in /proc/net/tcp6
  // is four 32-bit words, each in host (little-endian) order.
  const v6 = `0000000000000000FFFF0000${v4}`;
  const listening = (file: string, prefix: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f[3] === '0A' && f[1]?.startsWith(`${prefix}:`))
      .map((f) => parseInt(f[1]!.split(':')[1]!, 16));
  return [...listening('/proc/net/tcp', v4), ...listening('/proc/net/tcp6', v6)].sort(
    (a, b) => a - b,
  );
}

/** Collects a child's output lines; `waitFor` resolves on the first matching line. */
export class Output {
  readonly lines: string[] = [];
  private waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  constructor(child: ChildProcess) {
    for (const s of [child.stdout, child.stderr]) {
      if (!s) continue;
      readline.createInterface({ input: s }).on('line', (line) => {
        this.lines.push(line);
        this.waiters = this.waiters.filter((w) => {
          if (!w.re.test(line)) return true;
          w.resolve(line);
          return false;
        });
      });
    }
  }
  waitFor(re: RegExp, child: ChildProcess, timeoutMs: number): Promise<string> {
    const found = this.lines.find((l) => re.test(l));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${re}:\n${this.tail()}`)),
        timeoutMs,
      );
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`exited (${code}) before ${re}:\n${this.tail()}`));
      };
      child.once('exit', onExit);
      this.waiters.push({
        re,
        resolve: (line) => {
          clearTimeout(timer);
          child.off('exit', onExit);
          resolve(line);
        },
      });
    });
  }
  tail(n = 40): string {
    return this.lines.slice(-n).join('\n');
  }
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export interface AuthEmulator {
  host: string;
  stop(): Promise<void>;
}

/**
 * `firebase emulators:start --only auth` on free ports (auth, hub, logging) from a temp project
 * directory with its own TMPDIR, so it never meets another emulator suite (e.g. `npm start`
 * running in a parallel suite) through ports or the hub locator file.
 */
export async function startAuthEmulator(): Promise<AuthEmulator> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nn-auth-'));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const host = '127.0.0.1';
  await writeFile(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host, port: auth },
        hub: { host, port: hub },
        logging: { host, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT,
    ],
    {
      cwd: dir,
      env: { ...process.env, TMPDIR: dir, METADATA_SERVER_DETECTION: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = new Output(child);
  try {
    await out.waitFor(/All emulators ready/, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    host: `${host}:${auth}`,
    async stop() {
      child.kill('SIGINT');
      await exited(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface SignInResult {
  localId: string;
  idToken: string;
  claims: Record<string, unknown>;
}

/** Email/password sign-in through the Auth emulator's REST API (what the web SDK calls). */
export async function signIn(authHost: string, email: string, password: string) {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId?: string; idToken?: string; error?: unknown };
  if (!res.ok || !body.idToken || !body.localId)
    throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.error ?? body)}`);
  const payload = body.idToken.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return { localId: body.localId, idToken: body.idToken, claims } as SignInResult;
}

/** Offsets in a PDF's xref table each point at "N 0 obj" (a broken table makes readers repair or fail). */
export function checkPdfStructure(buf: Buffer): string[] {
  const problems: string[] = [];
  const src = buf.toString('latin1');
  if (!src.startsWith('%PDF-1.')) problems.push('no %PDF header');
  if (!src.trimEnd().endsWith('%%EOF')) problems.push('no %%EOF');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(src);
  if (!startxref) return [...problems, 'no startxref'];
  const xrefAt = Number(startxref[1]);
  if (!src.startsWith('xref', xrefAt)) return [...problems, 'startxref does not point at xref'];
  const m = /^xref\s+0 (\d+)\s+/.exec(src.slice(xrefAt));
  if (!m) return [...problems, 'bad xref header'];
  const count = Number(m[1]);
  const entries = src
    .slice(xrefAt + m[0].length)
    .split('\n')
    .slice(0, count);
  entries.forEach((e, id) => {
    if (id === 0) return;
    const off = Number(e.slice(0, 10));
    if (!src.startsWith(`${id} 0 obj`, off)) problems.push(`object ${id} not at ${off}`);
  });
  for (const s of src.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = s.index! + s[0].length;
    if (!src.startsWith('\nendstream', start + Number(s[1])))
      problems.push(`stream at ${start} has a wrong /Length`);
  }
  return problems;
}
