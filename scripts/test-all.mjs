#!/usr/bin/env node
/**
 * The checks and tests of `npm test` (after the build). First the checks, in two lanes side by
 * side (each is one single-threaded process at a time, so two use both cores; measured: 101 s
 * alone against ~130 s one after the other, though ESLint slows beside tsc):
 *
 *   lint:   Prettier, then ESLint (type-aware)
 *   types:  tsc over the root's tests, then each workspace's typecheck
 *
 * When one fails, nothing else runs (as `&&` did). Then every workspace's suites and the root
 * suites, in two lanes run side by side, because most of their time is spent waiting on
 * browsers and emulators rather than on the CPU (a serial run used about one of two cores):
 *
 *   web:    shared and emulator (~30 s), then the web workspace (unit, browser, end-to-end on
 *           its own stack)
 *   others: functions (end-to-end on its own stack), then the root suites (rules grid, seed,
 *           `npm start`, two stacks side by side)
 *
 * (shared and emulator moved to the web lane in session 21: the others lane was the longer by
 * ~2 minutes, web 773 s against 890 s, and the machine idles a core while one lane runs alone.)
 *
 * More lanes do not help: with five (lint and types beside the tests, web's e2e files split over
 * two stacks, functions and the root suites apart) the run took 21 min instead of 22, every
 * CPU-bound step ran 5 to 10 times slower (ESLint 774 s instead of 74) and two tests timed out.
 * Two cores are the limit; what remains is doing less work (docs/performance.md).
 *
 * Each lane's lines are prefixed with its name; the exit code is non-zero when any step failed,
 * and the end says which, repeating the names of the failed tests (or, for a step that failed
 * without naming one, such as a config error or a global setup that threw, its last lines): a CI
 * log that keeps only its tail must still say what failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
// Vitest's lines for a failed test ("× name"), a failed file ("FAIL file > name") and a
// failed hook or unhandled error.
const FAILURE_LINE = /^\s*(×|FAIL\s|⎯+ Unhandled|Error: Hook timed out)/;
const MAX_FAILURE_LINES = 60;
const failures = [];
/**
 * Lines after a "FAIL file > test" line or an "Unhandled Errors" banner still searched for what
 * went wrong (the error's message and the first source line vitest points at), per lane.
 */
const DETAIL_LINES = 12;
const detailsAfter = {};

function noteFailure(lane, plain) {
  if (FAILURE_LINE.test(plain)) {
    if (!failures.includes(`[${lane}] ${plain}`)) failures.push(`[${lane}] ${plain}`);
    if (/^(FAIL\s|⎯+ Unhandled)/.test(plain))
      detailsAfter[lane] = { left: DETAIL_LINES, message: false, where: false };
  } else if (detailsAfter[lane]?.left > 0 && plain !== '') {
    const d = detailsAfter[lane];
    d.left--;
    if (!d.message && /^\w*(Error|error|Exception)\b[^:]*:/.test(plain)) {
      d.message = true;
      failures.push(`[${lane}]   ${plain.slice(0, 300)}`);
    } else if (!d.where && /^❯ \S+:\d+:\d+/.test(plain)) {
      d.where = true;
      failures.push(`[${lane}]   ${plain}`);
    }
    if (d.message && d.where) d.left = 0;
  }
}

const CHECKS = {
  lint: [['npm', ['run', 'lint']]],
  types: [
    ['npm', ['run', 'typecheck']],
    ['npm', ['run', 'typecheck', '--workspaces', '--if-present']],
  ],
};

const LANES = {
  web: [
    ['npm', ['test', '-w', '@notenest/shared']],
    ['npm', ['test', '-w', '@notenest/emulator']],
    ['npm', ['test', '-w', '@notenest/web']],
  ],
  others: [
    ['npm', ['test', '-w', '@notenest/functions']],
    ['npx', ['vitest', 'run']],
  ],
};

// Every test stack keeps its processes' output here (test/support/stack.ts): on a failure, the
// errors the functions and emulators logged are printed with the failed tests.
const stackLogs = mkdtempSync(path.join(os.tmpdir(), 'notenest-test-logs-'));
const env = { ...process.env, NOTENEST_TEST_LOGS: stackLogs };
// What firebase-tools prints for a function's unhandled error, a timeout or a dead worker, the
// error a trigger threw (logged as "functions: Error: ..." just before "Your function was
// killed"), a trigger's run that failed and was run again (functions/src/triggers/redeliver.ts),
// and the facade's own "api: unhandled error"; each with the lines after it (the stack trace).
const STACK_ERROR =
  /unhandled error|Unhandled|\bERROR\b|timed out|Request to function failed|exited unexpectedly|functions: \w*(Error|Exception)\b|failed, running it again/;
// A CI log keeps about its last 30 lines: these come before "What failed" and the results.
const STACK_ERROR_CONTEXT = 2;
const MAX_STACK_ERROR_LINES = 12;

/** The error lines (with their context) the run's stacks logged, newest last, at most a screen. */
function stackErrors() {
  const lines = [];
  for (const file of readdirSync(stackLogs)) {
    const log = readFileSync(path.join(stackLogs, file), 'utf8').replace(ANSI, '').split('\n');
    let left = 0;
    for (const line of log) {
      if (STACK_ERROR.test(line)) left = STACK_ERROR_CONTEXT + 1;
      if (left-- > 0) lines.push(`${file.replace(/\.log$/, '')} ${line.slice(0, 300)}`);
    }
  }
  return lines.slice(-MAX_STACK_ERROR_LINES);
}

/** The last lines of a step that failed without naming a failed test, repeated at the end. */
const TAIL_LINES = 15;

function run(lane, [cmd, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    let failureLines = 0;
    const streams = [child.stdout, child.stderr].map(
      (stream) =>
        new Promise((done) =>
          readline
            .createInterface({ input: stream })
            .on('line', (line) => {
              process.stdout.write(`[${lane}] ${line}\n`);
              const plain = line.replace(ANSI, '').trim();
              if (FAILURE_LINE.test(plain)) failureLines++;
              if (plain !== '') tail.push(plain);
              if (tail.length > TAIL_LINES) tail.shift();
              noteFailure(lane, plain);
            })
            .once('close', done),
        ),
    );
    child.once('exit', async (code, signal) => {
      await Promise.all(streams);
      const what = `${cmd} ${args.join(' ')}`;
      if (code !== 0 && failureLines === 0) {
        failures.push(`[${lane}] ${what} failed; its last lines:`);
        for (const line of tail) failures.push(`[${lane}]   ${line.slice(0, 300)}`);
      }
      resolve({ what, ok: code === 0, code: code ?? signal, s: (Date.now() - started) / 1000 });
    });
  });
}

async function lane(name, steps) {
  const results = [];
  // Within a lane a failure does not stop the rest: every suite reports.
  for (const step of steps) results.push(await run(name, step));
  return results.map((r) => ({ lane: name, ...r }));
}

/** Runs the lanes side by side: every step's result. */
async function lanes(all) {
  return (await Promise.all(Object.entries(all).map(([n, s]) => lane(n, s)))).flat();
}

const t0 = Date.now();
const checks = await lanes(CHECKS);
const results = checks.every((r) => r.ok) ? [...checks, ...(await lanes(LANES))] : checks;
process.stdout.write('\n');
if (failures.length) {
  const errors = stackErrors();
  if (errors.length) {
    process.stdout.write('What the test stacks logged as errors (the last, by stack address):\n');
    for (const line of errors) process.stdout.write(`  ${line}\n`);
    process.stdout.write('\n');
  }
  process.stdout.write('What failed:\n');
  for (const line of failures.slice(0, MAX_FAILURE_LINES)) process.stdout.write(`  ${line}\n`);
  if (failures.length > MAX_FAILURE_LINES)
    process.stdout.write(`  ... and ${failures.length - MAX_FAILURE_LINES} more lines above\n`);
  process.stdout.write('\n');
}
rmSync(stackLogs, { recursive: true, force: true });
for (const r of results)
  process.stdout.write(
    `${r.ok ? 'passed' : `FAILED (${r.code})`}  ${r.what}  ${r.s.toFixed(0)} s  [${r.lane}]\n`,
  );
process.stdout.write(`checks and tests took ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
