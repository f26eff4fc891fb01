/**
 * The functions bundle (functions/lib, built by functions/build.mjs) loads with only what
 * functions/package.json declares: what Cloud Build's `npm install --omit=dev` in functions/
 * would give it. The workspace's production dependency tree (`npm ls --omit=dev --all`) is linked
 * into an empty folder beside a copy of lib/, and Node runs there with --preserve-symlinks, so a
 * package reached only through another workspace's (or a dev) dependency is not found. Then the
 * entry is imported, and the file reader reads a PDF, a scan (OCR), a DOC and makes thumbnails:
 * the lazily imported readers (PDF.js, tesseract.js and its English model, word-extractor,
 * @napi-rs/canvas) resolve too.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'functions');
let dir: string;

/** Production packages of the functions workspace: name -> folder (functions/ wins). */
function productionPackages(): Map<string, string> {
  const out = execFileSync(
    'npm',
    ['ls', '-w', '@notenest/functions', '--omit=dev', '--all', '--parseable'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const tops = [path.join(FUNCTIONS, 'node_modules') + '/', path.join(ROOT, 'node_modules') + '/'];
  const found = new Map<string, string>();
  for (const top of tops) {
    for (const line of out.split('\n')) {
      if (!line.startsWith(top)) continue;
      const name = line.slice(top.length);
      // Top-level packages only: nested node_modules come inside their package's folder.
      if (name.includes('node_modules') || name.startsWith('@notenest/')) continue;
      if (!found.has(name)) found.set(name, line);
    }
  }
  return found;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nn-functions-deps-'));
  cpSync(path.join(FUNCTIONS, 'lib'), path.join(dir, 'lib'), { recursive: true });
  cpSync(path.join(FUNCTIONS, 'package.json'), path.join(dir, 'package.json'));
  for (const [name, folder] of productionPackages()) {
    const link = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(folder, link, 'dir');
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function runInInstall(script: string) {
  return spawnSync(
    process.execPath,
    ['--preserve-symlinks', '--preserve-symlinks-main', '--input-type=module', '-e', script],
    {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'], HOME: os.tmpdir(), GCLOUD_PROJECT: 'demo-notenest' },
      timeout: 120_000,
    },
  );
}

describe('the functions bundle with only its declared dependencies', () => {
  it('links a production tree without the other workspaces or dev tools', () => {
    const names = [...productionPackages().keys()];
    expect(names).toContain('firebase-admin');
    expect(names).toContain('pdfjs-dist');
    // Dev and other workspaces' packages are not there.
    for (const absent of ['vitest', 'esbuild', 'react', 'playwright-core', 'typescript'])
      expect(names).not.toContain(absent);
  });

  it('loads the entry: every function is exported', () => {
    const r = runInInstall(
      `const m = await import('./lib/index.js'); console.log(Object.keys(m).sort().join(','));`,
    );
    expect(r.stderr).not.toMatch(/Cannot find (module|package)/);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(
      'api,commentWritten,followFanout,noteFileFinalized,noteWritten,notificationsCleanup,reportWritten,searchCatchUp,userWritten',
    );
  });

  it('reads documents there: PDF.js, OCR with the shipped model, word-extractor, canvas', () => {
    const fixtures = path.join(ROOT, 'test/fixtures/documents');
    const r = runInInstall(`
      import { readFileSync } from 'node:fs';
      const { readDocument } = await import('./lib/documents.js');
      for (const [file, type] of [
        ['pdflatex.pdf', 'application/pdf'],
        ['scanned-page.pdf', 'application/pdf'],
        ['word97.doc', 'application/msword'],
      ]) {
        const r = await readDocument(readFileSync(${JSON.stringify(fixtures)} + '/' + file), type);
        console.log(file, r.text.replace(/\\s+/g, ' ').trim(), r.thumbnail?.length > 0);
      }`);
    expect(r.stderr).not.toMatch(/Cannot find (module|package)/);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/pdflatex\.pdf .*Dijkstra.* true/);
    expect(r.stdout).toMatch(/scanned-page\.pdf .*mitochondria.* true/);
    expect(r.stdout).toMatch(/word97\.doc .*Carnot.* true/);
  });
});
