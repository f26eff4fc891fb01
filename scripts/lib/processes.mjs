/**
 * The processes a stack started, recorded so that they can be found again and stopped when the
 * process that started them cannot do it (it was killed with SIGKILL, or crashed): by the stack's
 * reaper (./reaper.mjs) at once, or by the next start from the stack's pid file.
 *
 * A record is { tag, pid, pgid, starttime, cmdline } read from Linux's /proc. A record matches a
 * running process only when the pid is alive with the same start time and command line: a pid
 * the system has since given to another process is never signalled. Process groups are signalled
 * only while a matching recorded process is still in them, for the same reason.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REAPER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reaper.mjs');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What /proc says of a running process, or null when it is gone (or a zombie). */
export function processInfo(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp session ... starttime(22nd)": comm may hold spaces and
    // parentheses, so the fields are read after the last ')'; fields[0] is the 3rd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return {
      pid,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      starttime: fields[19],
      cmdline,
    };
  } catch {
    return null;
  }
}

/** A record of the running process `pid` under `tag`, or null when it is gone. */
export function recordOf(pid, tag) {
  const info = processInfo(pid);
  return info && { tag, pid, pgid: info.pgid, starttime: info.starttime, cmdline: info.cmdline };
}

/** True while the process of `record` runs (same pid, start time and command line). */
export function isRunning(record) {
  const info = processInfo(record.pid);
  return Boolean(info && info.starttime === record.starttime && info.cmdline === record.cmdline);
}

/** Every process below each of `pids` (one pass over /proc): Map pid -> info. */
export function descendantsOf(pids) {
  const childrenOf = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return new Map();
  }
  for (const e of entries) {
    const info = processInfo(Number(e));
    if (!info) continue;
    childrenOf.set(info.ppid, [...(childrenOf.get(info.ppid) ?? []), info]);
  }
  const out = new Map();
  const queue = [...pids];
  while (queue.length) {
    for (const child of childrenOf.get(queue.shift()) ?? []) {
      if (out.has(child.pid)) continue;
      out.set(child.pid, child);
      queue.push(child.pid);
    }
  }
  return out;
}

/**
 * SIGKILL to the records still running and to the process groups they lead or led: a group is
 * signalled only when a recorded process started it (never the group of whoever ran the stack)
 * and a recorded process still runs in it (see the top).
 */
export function killRecords(records) {
  const running = records.filter(isRunning);
  const leaders = new Set(records.map((r) => r.pid));
  const groups = new Set(
    running.map((r) => processInfo(r.pid)?.pgid).filter((pgid) => pgid && leaders.has(pgid)),
  );
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  for (const r of running) {
    try {
      process.kill(r.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** Resolves true once no record runs, false when `timeoutMs` passed first. */
export async function waitUntilGone(records, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!records.some(isRunning)) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}

/**
 * Stops what a stack left running: `leaders` (tags whose processes export their data on SIGINT)
 * get SIGINT and `graceMs` to finish; then everything still running, process groups included, is
 * killed. Resolves with the records that were running.
 */
export async function stopRecords(records, { leaders = [], graceMs = 30_000 } = {}) {
  const running = records.filter(isRunning);
  if (!running.length) return [];
  const exporting = running.filter((r) => leaders.includes(r.tag));
  for (const r of exporting) {
    try {
      process.kill(r.pid, 'SIGINT');
    } catch {
      // gone meanwhile
    }
  }
  if (exporting.length) await waitUntilGone(exporting, graceMs);
  killRecords(running);
  await waitUntilGone(running, 10_000);
  return running;
}

/** The pid file's content, or null when there is none (or it cannot be read). */
export function readPidFile(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Replaces the pid file at once (a reader never sees half of it). */
export function writePidFile(file, content) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(content, null, 2) + '\n');
  renameSync(tmp, file);
}

/** Removes the pid file when it is still the one of stack `id`. */
export function removePidFile(file, id) {
  if (readPidFile(file)?.id === id) rmSync(file, { force: true });
}

/**
 * Starts the reaper (./reaper.mjs) of the processes listed in `pidFile` under `id`: it stops them
 * when this process ends without having done so. Returns { record, release() }: its record (to
 * list in the pid file), and release() to call once they are stopped (the reaper then exits).
 */
export function startReaper(pidFile, id) {
  const reaper = spawn(process.execPath, [REAPER, pidFile, id], {
    detached: true,
    // Its stdin is the pipe whose end tells it this process is gone.
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  reaper.stdin.on('error', () => {});
  // Neither the reaper nor its pipe keeps this process alive.
  reaper.unref();
  reaper.stdin.unref?.();
  return { record: recordOf(reaper.pid, 'reaper'), release: () => reaper.stdin.end() };
}
