/**
 * The JS a route loads, from the production build (web/dist): Vite's manifest gives the static
 * imports between chunks, each chunk's source map the modules it holds. Test-only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

interface Build {
  entry: string;
  /** chunk file -> files it imports statically */
  imports: Map<string, string[]>;
  /** chunk file -> modules it holds (paths from the repository root) */
  sources: Map<string, string[]>;
}

let cached: Build | undefined;

function readBuild(): Build {
  if (cached) return cached;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8'));
  } catch {
    throw new Error(`${DIST}.vite/manifest.json is missing: run \`npm run build -w web\` first`);
  }
  const entry = manifest['index.html']?.file;
  if (!entry) throw new Error('the manifest has no index.html entry');
  const imports = new Map<string, string[]>();
  const sources = new Map<string, string[]>();
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    imports.set(
      chunk.file,
      (chunk.imports ?? []).map((key) => manifest[key]!.file),
    );
    // Rolldown's own runtime chunk has no source map (and no modules of ours).
    const mapFile = `${DIST}${chunk.file}.map`;
    const map = existsSync(mapFile)
      ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] })
      : { sources: [] };
    // Paths in a map are relative to its chunk: make them relative to the repository root.
    const base = dirname(DIST + chunk.file);
    sources.set(
      chunk.file,
      map.sources.map((s) => relative(ROOT, resolve(base, s))),
    );
  }
  cached = { entry, imports, sources };
  return cached;
}

/** The files the route fetches, their modules, and their gzip size (level 9) in KB. */
export function routeJs(modules: readonly string[]) {
  const build = readBuild();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of build.imports.get(file) ?? []) visit(dep);
  };
  visit(build.entry);
  for (const module of modules) {
    const holders = [...build.sources].filter(([, srcs]) => srcs.some((s) => s.includes(module)));
    if (!holders.length) throw new Error(`no chunk of web/dist holds ${module}`);
    for (const [file] of holders) visit(file);
  }
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(DIST + file), { level: 9 }).length;
  return {
    kb: bytes / 1024,
    files: [...files].sort(),
    sources: [...files].flatMap((f) => build.sources.get(f) ?? []),
  };
}
