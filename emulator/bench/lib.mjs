// Shared by the bench modules: figures, and the emulator CLI as a child process.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const emulatorDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_CLI overrides the CLI under test (e.g. a build of another checkout); default dist/cli.js.
export const cliPath = process.env.BENCH_CLI ?? join(emulatorDir, 'dist', 'cli.js');
export const PROJECT = 'demo-bench';

export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
export const ms = (x) => `${x.toFixed(1)} ms`;
export const now = () => performance.now();

/**
 * Spawns `cli start --project demo-bench ...args` and resolves once it prints its ready line,
 * with the addresses it printed (`firestore`, `storage`: host:port). `nodeArgs` go before the
 * script (e.g. --import of a probe); `ipc` opens an IPC channel to the child.
 */
export function startCli(args, { nodeArgs = [], ipc = false } = {}) {
  const t0 = now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, cliPath, 'start', '--project', PROJECT, ...args],
    {
      cwd: emulatorDir,
      stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (b) => (err += b));
    child.stdout.on('data', (b) => {
      out += b;
      const line = out.split('\n').find((l) => l.includes('ready'));
      if (!line) return;
      const addr = {};
      for (const m of line.matchAll(/(firestore|storage)=http:\/\/(\S+)/g)) addr[m[1]] = m[2];
      resolve({ child, ...addr, startMs: now() - t0 });
    });
    child.on('exit', (code) =>
      reject(new Error(`CLI exited (${code}) before ready: ${out}${err}`)),
    );
  });
}

export function stopCli(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
