/**
 * Bundles src/index.ts into lib/index.js for the Functions emulator and `firebase deploy`.
 * Workspace packages (@notenest/*) are bundled in: they are not on npm, so Cloud Build's
 * `npm install` in functions/ could not fetch them. Every other package stays external and must
 * be listed in this package.json's dependencies (the build fails otherwise), so the deployed
 * function installs exactly what it imports.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const deps = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);

/** `firebase-admin/firestore` -> `firebase-admin`, `@scope/x/y` -> `@scope/x`. */
function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const undeclared = new Set();
const externals = {
  name: 'npm-externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) {
        return { path: args.path, external: true };
      }
      const name = packageName(args.path);
      if (name.startsWith('@notenest/')) return undefined; // bundle workspace code
      if (!deps.has(name)) undeclared.add(name);
      return { path: args.path, external: true };
    });
  },
};

const result = await esbuild.build({
  absWorkingDir: here,
  // index: the functions. documents: the file reader alone, for the seed (scripts/seed.mjs makes
  // the demo notes' thumbnails with the very code the note-file trigger runs). search-tools: the
  // search index's rebuild, for the seed and `npm run reindex` (src/search-tools.ts).
  entryPoints: {
    index: 'src/index.ts',
    documents: 'src/services/documents/index.ts',
    'search-tools': 'src/search-tools.ts',
  },
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externals],
});

if (undeclared.size) {
  console.error(
    `functions/build.mjs: imported but not in functions/package.json dependencies: ` +
      [...undeclared].join(', '),
  );
  process.exit(1);
}
const bytes = result.metafile.outputs['lib/index.js']?.bytes ?? 0;
console.log(`functions: lib/index.js (${(bytes / 1024).toFixed(1)} KiB)`);

// The search index's schema (src/search/migrate.ts reads ./migrations/ beside the module that
// runs it: lib/ once bundled), applied by the functions at their first search.
const migrations = join(here, 'src', 'search', 'migrations');
rmSync(join(here, 'lib', 'migrations'), { recursive: true, force: true });
cpSync(migrations, join(here, 'lib', 'migrations'), {
  recursive: true,
  filter: (src) => src === migrations || src.endsWith('.sql'),
});
console.log('functions: lib/migrations (the search index schema)');

// The web app's server bundle and the pages' templates (web/build-plugins/prerender.ts), for GET
// /browse and GET /notes/:id (src/services/web-pages.ts): built by the web workspace, which
// builds first.
const webServer = join(here, '..', 'web', 'dist-server');
if (!existsSync(join(webServer, 'prerender.js'))) {
  console.error('functions/build.mjs: web/dist-server is missing: build @notenest/web first');
  process.exit(1);
}
rmSync(join(here, 'lib', 'web'), { recursive: true, force: true });
cpSync(webServer, join(here, 'lib', 'web'), { recursive: true });
console.log("functions: lib/web (the web app's server bundle, for GET /browse and GET /notes/:id)");
