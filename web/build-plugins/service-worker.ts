import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

/** Where the worker is served from: the root, so its scope is the whole site. */
export const SERVICE_WORKER_FILE = 'sw.js';

const SOURCE = fileURLToPath(new URL('../src/features/offline/service-worker.ts', import.meta.url));
const FIREBASE_JSON = fileURLToPath(new URL('../../firebase.json', import.meta.url));

interface Rewrite {
  source: string;
  destination?: string;
  function?: unknown;
}

/** Files of the build a service worker never caches: source maps, Vite's manifest, itself. */
export function isCacheable(path: string): boolean {
  return (
    !path.endsWith('.map') && !path.startsWith('/.vite/') && path !== `/${SERVICE_WORKER_FILE}`
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => `/${relative(dir, join(e.parentPath, e.name)).split(sep).join('/')}`)
    .sort();
}

/**
 * The app shell a reload offline needs: every prerendered page, the CSS, the entry's JS and what
 * it imports statically, the manifest and icons. The pages' own chunks come from the 'cache-app'
 * request or as they are opened (service-worker.ts).
 */
export function shellFiles(files: readonly string[], manifest: Manifest): string[] {
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(`/${chunk.file}`)) return;
    js.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit('index.html');
  return files.filter(
    (f) =>
      js.has(f) ||
      /^\/[^/]+\.html$/.test(f) ||
      f.endsWith('.css') ||
      f.endsWith('.webmanifest') ||
      f === '/favicon.svg' ||
      f.startsWith('/icons/'),
  );
}

/**
 * The prerendered file of each page the api function renders (src/app/prerender.tsx's
 * SERVER_TEMPLATES, rendered from that file's shell): what the worker serves for it offline.
 */
export const FUNCTION_PAGES: Readonly<Record<string, string>> = {
  '/browse': '/browse.html',
  '/notes/**': '/note.html',
};

/**
 * firebase.json's rewrites as [source, page]: a function's page is its prerendered one. The build
 * fails on a rewrite whose page is not in it (offline, that address would get the wrong page).
 */
export function pageRewrites(rewrites: readonly Rewrite[], files: readonly string[]) {
  const pages: [string, string][] = [];
  for (const rule of rewrites) {
    if (rule.source.startsWith('/api/')) continue;
    const page = rule.destination ?? FUNCTION_PAGES[rule.source];
    if (!page || !files.includes(page)) {
      throw new Error(`service worker: no page in the build for the rewrite of ${rule.source}`);
    }
    pages.push([rule.source, page]);
  }
  return pages;
}

/**
 * Writes web/dist/sw.js after the build (and after the prerendered pages: closeBundle runs once
 * every plugin's writeBundle is done): features/offline/service-worker.ts compiled, with this
 * build's file lists in front of it. Its version is a hash of every cached file, so a build that
 * changes any of them installs a new worker and drops the old cache.
 */
export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'notenest:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const files = (await filesUnder(outDir)).filter(isCacheable);
      const manifest = JSON.parse(
        await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(await readFile(join(outDir, file)));
      const rewrites = (
        JSON.parse(await readFile(FIREBASE_JSON, 'utf8')) as { hosting: { rewrites: Rewrite[] } }
      ).hosting.rewrites;
      const build = {
        version: hash.digest('hex').slice(0, 16),
        shell: shellFiles(files, manifest),
        all: files,
        pages: pageRewrites(rewrites, files),
      };
      const { code } = await transformWithOxc(await readFile(SOURCE, 'utf8'), SOURCE, {
        lang: 'ts',
      });
      // A classic worker script (every browser runs those): the module marker goes.
      const body = code.replace(/^export \{\};\s*$/m, '');
      await writeFile(
        join(outDir, SERVICE_WORKER_FILE),
        `const SW_BUILD = ${JSON.stringify(build)};\n${body}`,
      );
      config.logger.info(
        `service worker: ${build.shell.length} shell files, ${build.all.length} in all`,
      );
    },
  };
}
