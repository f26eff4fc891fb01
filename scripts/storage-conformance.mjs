#!/usr/bin/env node
/**
 * `npm run test:conformance`: Google's own Storage emulator conformance suite (firebase-tools'
 * scripts/storage-emulator-integration/conformance: mocha + TypeScript, 123 tests through the
 * GCS client, firebase-admin, raw HTTP and the web SDK in Chromium) against OUR Storage emulator
 * (emulator/dist/cli.js), and prints
 *
 *   Storage conformance: N/123 passed (official emulator: 118)
 *
 * Exits non-zero when fewer pass than Google's own emulator passes.
 *
 * Their code is never copied into this repository: it is taken at run time from a snapshot of
 * the firebase-tools repository (GitHub firebase/firebase-tools), found at FIREBASE_TOOLS_SRC: a
 * checkout, or a git directory (its HEAD is read with `git archive`); by default the mirror
 * /work/.mirror/firebase+firebase-tools/repo. Without one the run is skipped with a message
 * saying how to get one (`git clone` of that repository, then FIREBASE_TOOLS_SRC=<clone>).
 *
 * How their suite is pointed at us, changing none of its tests:
 * - the test files are compiled as their tsconfig does (CommonJS, no esModuleInterop) with our
 *   TypeScript and run by mocha, with chai-as-promised registered as their mocha bootstrap does;
 * - what they `npm install` is installed once, at the versions their npm-shrinkwrap.json pins
 *   (mocha, chai, supertest, firebase-admin 11 whose namespaced API they use, ...), into a cache
 *   outside the repository (NOTENEST_CONFORMANCE_KIT, default ~/.cache/notenest/...);
 * - `firebase emulators:start` (integration-helpers/framework.ts) is replaced by emulators
 *   started here, once: our Storage emulator with their storage.rules, and firebase-tools' Auth
 *   emulator (their web SDK tests sign in anonymously), on free ports written into the
 *   firebase.json their env.ts reads;
 * - `puppeteer` is puppeteer-core driving the machine's Chromium (emulator/src/testing/
 *   chromium.ts); the pages they open on the internet are answered locally: example.com with an
 *   empty page, the gstatic firebasejs compat scripts from the firebase package they pin (one
 *   version for the two they name); the machine has no other internet;
 * - `googleapis` (used only against production) is a stub; mocha's timeout is raised from their
 *   2 s to CONFORMANCE_TIMEOUT_MS (default 30 s) so a busy machine is not counted as a failure.
 *
 * Flags: --grep PATTERN (mocha's), --files GLOB (of their test files, e.g. `gcs*`), --keep
 * (leave the work directory), --no-build (use emulator/dist as it is; by default the emulator
 * is built first). A partial run exits 0 whatever passes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './lib/stack.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What Google's own emulator passes of the same 123 (issue 29). */
const OFFICIAL_PASSES = 118;
const PROJECT = 'fake-project-id';
const SUITE = 'scripts/storage-emulator-integration';
const DEFAULT_SRC = '/work/.mirror/firebase+firebase-tools/repo';
/** firebase-tools' npm-shrinkwrap.json pins; puppeteer-core is ours (it drives today's Chromium). */
const KIT = {
  mocha: '11.7.1',
  chai: '4.3.4',
  'chai-as-promised': '7.1.1',
  supertest: '6.2.3',
  'firebase-admin': '11.5.0',
  firebase: '9.23.0',
  '@google-cloud/storage': '6.9.0',
  'puppeteer-core': '24.43.1',
};

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const grepAt = args.indexOf('--grep');
const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;
const filesAt = args.indexOf('--files');
const files = filesAt >= 0 ? args[filesAt + 1] : '*';

/** Every child started here, ended on the way out whatever ends the run. */
const children = new Set();
function endChildren() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}
process.on('exit', endChildren);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(sig, () => {
    endChildren();
    process.exit(130);
  });

function log(line) {
  process.stderr.write(`conformance: ${line}\n`);
}

/** The snapshot's suite into `work` (their files only), or null when there is no snapshot. */
async function extractSuite(work) {
  const src = process.env.FIREBASE_TOOLS_SRC || DEFAULT_SRC;
  const paths = [
    `${SUITE}/conformance`,
    `${SUITE}/utils.ts`,
    `${SUITE}/storage.rules`,
    'src/emulator/testing/fixtures.ts',
  ];
  if (existsSync(path.join(src, SUITE))) {
    for (const p of paths) await fsp.cp(path.join(src, p), path.join(work, p), { recursive: true });
    return src;
  }
  let gitDir = null;
  for (const candidate of [src, path.join(src, '.git')]) {
    try {
      execFileSync('git', ['--git-dir', candidate, 'rev-parse', '--verify', 'HEAD'], {
        stdio: 'ignore',
      });
      gitDir = candidate;
      break;
    } catch {
      /* not a git directory */
    }
  }
  if (!gitDir) return null;
  const tar = execFileSync('git', ['--git-dir', gitDir, 'archive', 'HEAD', ...paths], {
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', work], { input: tar });
  const head = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', '--short', 'HEAD'])
    .toString()
    .trim();
  return `${gitDir} @ ${head}`;
}

/** Their TypeScript as their tsconfig compiles it: CommonJS, no esModuleInterop. */
async function compileSuite(work) {
  const ts = (await import('typescript')).default;
  const files = [
    ...(await fsp.readdir(path.join(work, SUITE, 'conformance'))).map((f) =>
      path.join(SUITE, 'conformance', f),
    ),
    `${SUITE}/utils.ts`,
  ].filter((f) => f.endsWith('.ts'));
  for (const rel of files) {
    const file = path.join(work, rel);
    const out = ts.transpileModule(await fsp.readFile(file, 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2020,
        allowSyntheticDefaultImports: true,
        esModuleInterop: false,
      },
    });
    await fsp.writeFile(file.replace(/\.ts$/, '.js'), out.outputText);
  }
  // Of firebase-tools' emulator test fixtures the suite takes one image; the module itself
  // needs the rest of firebase-tools, so only that constant is carried over.
  const fixtures = path.join(work, 'src/emulator/testing/fixtures.ts');
  const image = /export const IMAGE_FILE_BASE64 =\s*("[^"]*")/.exec(
    await fsp.readFile(fixtures, 'utf8'),
  );
  if (!image) throw new Error(`${fixtures}: IMAGE_FILE_BASE64 not found`);
  await fsp.writeFile(
    fixtures.replace(/\.ts$/, '.js'),
    `exports.IMAGE_FILE_BASE64 = ${image[1]};\n`,
  );
}

/** What their package.json installs for these tests, once, in a cache of its own. */
async function ensureKit() {
  const dir =
    process.env.NOTENEST_CONFORMANCE_KIT ||
    path.join(
      process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
      'notenest',
      'storage-conformance-kit',
    );
  const manifest = JSON.stringify(
    { name: 'storage-conformance-kit', private: true, dependencies: KIT },
    null,
    2,
  );
  const have = existsSync(path.join(dir, 'package.json'))
    ? readFileSync(path.join(dir, 'package.json'), 'utf8')
    : '';
  if (have !== manifest || !existsSync(path.join(dir, 'node_modules/mocha'))) {
    log(`installing the suite's packages into ${dir} (once)`);
    await fsp.mkdir(dir, { recursive: true });
    await fsp.writeFile(path.join(dir, 'package.json'), manifest);
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      { cwd: dir, stdio: 'inherit' },
    );
  }
  return path.join(dir, 'node_modules');
}

/** The modules their tests import that are replaced here (see the header). */
async function writeShims(work) {
  const files = {
    // integration-helpers/framework.ts: the emulators are already running (started below).
    'scripts/integration-helpers/framework.js': `
exports.EmulatorEndToEndTest = class EmulatorEndToEndTest {
  constructor(project, workdir, config) { this.project = project; this.config = config; }
  async startEmulators() {}
  async stopEmulators() {}
};`,
    'node_modules/googleapis/index.js': `
exports.google = { auth: { JWT: class { authorize() { throw new Error('googleapis is a stub: production servers are not used'); } } } };`,
    'node_modules/puppeteer/index.js': `
const fs = require('node:fs');
const path = require('node:path');
const core = require('puppeteer-core');
const FIREBASE = path.join(process.env.NN_KIT_MODULES, 'firebase');
const LOOPBACK = /^https?:\\/\\/(127\\.\\d+\\.\\d+\\.\\d+|localhost|\\[::1\\])(:\\d+)?\\//;
function answer(req) {
  const url = req.url();
  if (LOOPBACK.test(url) || url.startsWith('data:')) return req.continue();
  const m = /^https:\\/\\/www\\.gstatic\\.com\\/firebasejs\\/[^/]+\\/(firebase-[a-z-]+\\.js)$/.exec(url);
  if (m && fs.existsSync(path.join(FIREBASE, m[1])))
    return req.respond({ status: 200, contentType: 'application/javascript', body: fs.readFileSync(path.join(FIREBASE, m[1])) });
  if (/^https:\\/\\/example\\.com\\/?$/.test(url))
    return req.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><title>conformance</title>' });
  return req.respond({ status: 404, contentType: 'text/plain', body: 'offline' });
}
exports.launch = async function launch() {
  const browser = await core.launch({
    executablePath: process.env.NN_CHROMIUM_PATH,
    headless: true,
    // The page is https://example.com (their choice) and the emulators are on 127.0.0.1:
    // today's Chromium asks before a public page may reach the local network (their pinned
    // puppeteer's did not), and headless there is nobody to say yes.
    args: [
      ...JSON.parse(process.env.NN_CHROMIUM_ARGS),
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
    ],
  });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async () => {
    const page = await newPage();
    await page.setRequestInterception(true);
    page.on('request', (req) => { answer(req); });
    return page;
  };
  return browser;
};`,
    // Their mocha bootstrap (src/test/helpers/mocha-bootstrap.js), the part these tests use.
    'bootstrap.js': `
require('chai').use(require('chai-as-promised'));`,
    // Mocha's spec output, plus the figures for the summary line.
    'reporter.js': `
const fs = require('node:fs');
const Mocha = require('mocha');
class Reporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const result = { declared: 0, skipped: 0, passed: [], failed: [] };
    runner.once('start', () => {
      const walk = (suite) => {
        for (const t of suite.tests) { result.declared++; if (t.isPending()) result.skipped++; }
        suite.suites.forEach(walk);
      };
      walk(runner.suite);
    });
    runner.on('pass', (t) => result.passed.push(t.fullTitle()));
    runner.on('fail', (t, err) => result.failed.push(t.fullTitle() + ': ' + String(err && err.message).split('\\n')[0]));
    runner.once('end', () => fs.writeFileSync(process.env.NN_RESULT_FILE, JSON.stringify(result)));
  }
}
module.exports = Reporter;`,
  };
  for (const [rel, text] of Object.entries(files)) {
    await fsp.mkdir(path.dirname(path.join(work, rel)), { recursive: true });
    await fsp.writeFile(path.join(work, rel), text.trimStart());
  }
}

/** Spawns a child whose output is kept (shown if it fails) until a line matches `ready`. */
async function startChild(name, argv, { cwd, env, ready, timeoutMs = 120_000 }) {
  const child = spawn(process.execPath, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: not ready in time`)), timeoutMs);
    const onLine = (line) => {
      lines.push(line);
      if (ready.test(line)) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const s of [child.stdout, child.stderr])
      readline.createInterface({ input: s }).on('line', onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`${name} exited (${code}) before it was ready:\n${lines.slice(-30).join('\n')}`),
      );
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return child;
}

async function main() {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'nn-storage-conformance-'));
  try {
    const source = await extractSuite(work);
    if (!source) {
      console.log(
        'Storage conformance: skipped: no firebase-tools snapshot. Clone the firebase-tools ' +
          'repository (GitHub firebase/firebase-tools) and run with FIREBASE_TOOLS_SRC=<the clone>.',
      );
      return 0;
    }
    log(`suite from ${source}`);
    if (!flag('--no-build')) {
      log('building the emulator');
      execFileSync('npm', ['run', 'build', '-w', '@notenest/emulator'], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    const { CHROMIUM_ARGS, requireChromium } = await import(
      pathToFileURL(path.join(ROOT, 'emulator/dist/testing/chromium.js')).href
    );
    const kitModules = await ensureKit();
    await compileSuite(work);
    await writeShims(work);

    const [storagePort, authPort, hubPort, loggingPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    // Read by their env.ts (emulators.storage/auth ports, on 127.0.0.1) and by our emulator.
    const config = path.join(work, SUITE, 'firebase.json');
    await fsp.writeFile(
      config,
      JSON.stringify({
        storage: { rules: 'storage.rules' },
        emulators: {
          storage: { host: '127.0.0.1', port: storagePort },
          auth: { host: '127.0.0.1', port: authPort },
          hub: { host: '127.0.0.1', port: hubPort },
          logging: { host: '127.0.0.1', port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      }),
    );
    const baseEnv = { ...process.env };
    for (const k of [
      'STORAGE_EMULATOR_HOST',
      'FIREBASE_STORAGE_EMULATOR_HOST',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'FIRESTORE_EMULATOR_HOST',
      'FUNCTIONS_EMULATOR_HOST',
      'GOOGLE_APPLICATION_CREDENTIALS',
    ])
      delete baseEnv[k];

    log(
      `starting our Storage emulator (:${storagePort}) and firebase-tools' Auth emulator (:${authPort})`,
    );
    await startChild(
      'storage emulator',
      [path.join(ROOT, 'emulator/dist/cli.js'), 'start', '--config', config, '--project', PROJECT],
      { cwd: work, env: baseEnv, ready: /ready/ },
    );
    // Only Auth from firebase-tools, from the suite's folder (its firebase.json), with a TMPDIR
    // of its own so its hub locator never meets another suite's.
    const authTmp = path.join(work, 'auth-tmp');
    await fsp.mkdir(authTmp);
    await startChild(
      'auth emulator',
      [
        path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
        'emulators:start',
        '--only',
        'auth',
        '--project',
        PROJECT,
      ],
      {
        cwd: path.join(work, SUITE),
        env: { ...baseEnv, TMPDIR: authTmp, METADATA_SERVER_DETECTION: 'none' },
        ready: /All emulators ready/,
      },
    );

    const resultFile = path.join(work, 'result.json');
    const mochaArgs = [
      path.join(kitModules, 'mocha/bin/mocha.js'),
      '--require',
      path.join(work, 'bootstrap.js'),
      '--reporter',
      path.join(work, 'reporter.js'),
      '--timeout',
      process.env.CONFORMANCE_TIMEOUT_MS || '30000',
      '--exit',
      ...(grep ? ['--grep', grep] : []),
      `${SUITE}/conformance/${files}.test.js`,
    ];
    const mocha = spawn(process.execPath, mochaArgs, {
      cwd: work,
      stdio: 'inherit',
      env: {
        ...baseEnv,
        NODE_PATH: kitModules,
        GCLOUD_PROJECT: PROJECT,
        METADATA_SERVER_DETECTION: 'none',
        NN_KIT_MODULES: kitModules,
        NN_CHROMIUM_PATH: requireChromium(),
        NN_CHROMIUM_ARGS: JSON.stringify(CHROMIUM_ARGS),
        NN_RESULT_FILE: resultFile,
      },
    });
    children.add(mocha);
    await new Promise((resolve) => mocha.once('exit', resolve));
    if (!existsSync(resultFile)) throw new Error('mocha ended without a result');
    const result = JSON.parse(await fsp.readFile(resultFile, 'utf8'));
    const total = result.declared - result.skipped;
    const passed = result.passed.length;
    if (result.failed.length) {
      console.log('\nNot passed:');
      for (const f of result.failed) console.log(`  - ${f}`);
    }
    console.log(
      `\nStorage conformance: ${passed}/${total} passed (official emulator: ${OFFICIAL_PASSES})`,
    );
    const partial = grep || files !== '*';
    return partial || passed >= OFFICIAL_PASSES ? 0 : 1;
  } finally {
    endChildren();
    if (flag('--keep')) log(`work directory kept: ${work}`);
    else await fsp.rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
