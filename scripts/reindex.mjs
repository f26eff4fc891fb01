#!/usr/bin/env node
/**
 * `npm run reindex`: rebuilds the search index from Firestore (the source of truth) with the
 * functions' own code (functions/lib/search-tools.js reindexAll: every note's fields, and its
 * file's text read again wherever the index lacks that file's generation; notes Firestore no
 * longer has are removed). Idempotent: run it as often as you like.
 *
 *   npm run reindex                      # the local stack of `npm start` (127.0.0.1)
 *   npm run reindex -- --host=127.0.0.5  # a stack on another loopback address
 *
 * It reaches the running stack's emulators and search database at the ports of
 * scripts/lib/stack.mjs; variables already set in the environment (FIRESTORE_EMULATOR_HOST,
 * FIREBASE_STORAGE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST, SEARCH_DATABASE_URL) win, so it
 * can also point at other servers. Needs the functions' build (npm run build).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT, ROOT, emulatorEnvFor, isLoopbackV4 } from './lib/stack.mjs';

// google-auth-library would otherwise probe the GCE metadata server.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const args = process.argv.slice(2);
const hostArg = args.find((a) => a.startsWith('--host='));
const unknown = args.filter((a) => a !== hostArg);
if (unknown.length) {
  console.error(`Unknown argument: ${unknown[0]}\nUsage: npm run reindex [-- --host=127.0.0.1]`);
  process.exit(2);
}
const host = hostArg ? hostArg.slice('--host='.length) : '127.0.0.1';
if (!isLoopbackV4(host)) {
  console.error(`--host must be an IPv4 loopback address, not "${host}"`);
  process.exit(2);
}

process.env.GCLOUD_PROJECT ??= PROJECT;
for (const [name, value] of Object.entries(emulatorEnvFor(host))) process.env[name] ??= value;

const toolsPath = path.join(ROOT, 'functions/lib/search-tools.js');
if (!existsSync(toolsPath)) {
  console.error('reindex: functions/lib/search-tools.js is missing: run npm run build first');
  process.exit(1);
}
const tools = await import(pathToFileURL(toolsPath).href);
const started = Date.now();
try {
  const { notes, removed } = await tools.reindexAll({ log: (line) => console.log(line) });
  console.log(
    `reindex: ${notes} notes indexed, ${removed} removed (no longer in Firestore) ` +
      `in ${Date.now() - started} ms`,
  );
} catch (err) {
  console.error(
    `reindex failed (is the stack running? npm start): ${err?.stack ?? err}\n` +
      `Firestore ${process.env.FIRESTORE_EMULATOR_HOST}, search ${process.env.SEARCH_DATABASE_URL}`,
  );
  process.exitCode = 1;
} finally {
  await tools.closeSearchDb();
}
process.exit(process.exitCode ?? 0);
