#!/usr/bin/env node
/**
 * First step of `npm start` and `npm test`: on a fresh clone (or after package.json changed),
 * installs the npm dependencies, saying so in one line. Uses only Node's own modules, since
 * nothing else may be there yet.
 *
 * "Installed" means node_modules/.package-lock.json (written by every npm install) exists and is
 * not older than package-lock.json and every workspace's package.json.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mtime = (p) => {
  try {
    return statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
};

export function needsInstall() {
  const installed = mtime('node_modules/.package-lock.json');
  if (!installed) return 'node_modules is missing';
  const inputs = [
    'package.json',
    'package-lock.json',
    'shared/package.json',
    'emulator/package.json',
    'functions/package.json',
    'web/package.json',
  ];
  const newer = inputs.find((p) => mtime(p) > installed);
  return newer ? `${newer} changed since the last install` : null;
}

export function ensureInstalled(log = (l) => process.stdout.write(`${l}\n`)) {
  const why = needsInstall();
  if (!why) return;
  log(`[setup] ${why}: installing dependencies (npm install)...`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    process.stderr.write('[setup] npm install failed (see above)\n');
    process.exit(r.status ?? 1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  ensureInstalled();
