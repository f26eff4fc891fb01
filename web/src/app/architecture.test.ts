/**
 * The layering rules of the web app that ESLint cannot state, checked on the sources (they are
 * what keeps public pages free of Firestore/Storage code as features grow). The import
 * boundaries themselves (app -> features -> shared, one way; a feature reaches another only via
 * its index.ts; Firebase imported only in shared/firebase, elsewhere at most as `import type` in a
 * feature's api/) are ESLint's: no-restricted-imports in eslint.config.js. Here:
 * - Firestore and Storage SDKs are only imported dynamically, and no other module imports
 *   Firebase dynamically;
 * - reactfire is imported only by shared/firebase/react.tsx, never on the entry chunk's static
 *   import graph, and only its context/auth hooks (its data hooks need SDKs stubbed at build time);
 * - file names are kebab-case.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

interface ImportRef {
  spec: string;
  typeOnly: boolean;
  dynamic: boolean;
}

function importsOf(code: string): ImportRef[] {
  const refs: ImportRef[] = [];
  const staticRe = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(staticRe)) {
    refs.push({ spec: m[3]!, typeOnly: Boolean(m[2]), dynamic: false });
  }
  for (const m of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    // `typeof import('x')` in a type position is erased like `import type`.
    const typeOnly = /typeof\s+$/.test(code.slice(Math.max(0, m.index - 10), m.index));
    refs.push({ spec: m[1]!, typeOnly, dynamic: !typeOnly });
  }
  return refs;
}

/** Resolve a relative import to a /src/... path (without extension). */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

const files = Object.entries(sources).filter(([path]) => !path.startsWith('/src/testing/'));

describe('web architecture', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('loads Firestore and Storage lazily, and Firebase from shared/firebase only', () => {
    // The static imports are ESLint's (no-restricted-imports in eslint.config.js); dynamic
    // import() calls are not, so they are checked here.
    const violations: string[] = [];
    for (const [path, code] of files) {
      for (const ref of importsOf(code)) {
        if (!/^(firebase|@firebase)(\/|$)/.test(ref.spec)) continue;
        const inLoaders = path.startsWith('/src/shared/firebase/');
        if (inLoaders) {
          if (/^firebase\/(firestore|storage)/.test(ref.spec) && !ref.typeOnly && !ref.dynamic) {
            violations.push(`${path}: static import of ${ref.spec}`);
          }
        } else if (ref.dynamic) {
          violations.push(`${path}: import('${ref.spec}')`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('uses reactfire only through shared/firebase/react.tsx, and only hooks that work here', () => {
    const users = files.filter(([, code]) => importsOf(code).some((r) => r.spec === 'reactfire'));
    expect(users.map(([path]) => path)).toEqual(['/src/shared/firebase/react.tsx']);
    // reactfire's data hooks (useFirestoreDocData, useStorageDownloadURL, database, remote config,
    // functions...) call SDK functions that vite.config.ts stubs out of reactfire's imports.
    const code = sources['/src/shared/firebase/react.tsx']!;
    const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'reactfire'/g)]
      .concat([...code.matchAll(/export\s*\{([^}]*)\}\s*from\s*'reactfire'/g)])
      .flatMap((m) => m[1]!.split(','))
      .map((n) => n.trim().split(/\s+as\s+/)[0]!)
      .filter(Boolean);
    // The app's and Auth's providers and the user stream: reactfire is the source of auth state;
    // SDK instances come from shared/firebase's loaders.
    const allowed = new Set(['AuthProvider', 'FirebaseAppProvider', 'useUser']);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !allowed.has(n))).toEqual([]);
  });

  it("reads auth state one way: reactfire's user stream in the session bridge, the session elsewhere", () => {
    const readers = files
      .filter(([path]) => !/\.test\.tsx?$/.test(path))
      .filter(([, code]) =>
        [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*\/?shared\/firebase\/react'/g)].some(
          (m) => /\buseUser\b/.test(m[1]!),
        ),
      )
      .map(([path]) => path);
    expect(readers).toEqual(['/src/features/auth/components/session-bridge.tsx']);
  });

  it('keeps reactfire and Firebase out of the entry chunk (static imports from main.tsx)', () => {
    const byPath = new Map(files.map(([path, code]) => [path.replace(/\.tsx?$/, ''), code]));
    const seen = new Set<string>();
    const bad: string[] = [];
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      const code = byPath.get(path) ?? byPath.get(`${path}/index`);
      if (code === undefined) return;
      for (const ref of importsOf(code)) {
        if (ref.typeOnly || ref.dynamic) continue;
        if (/^(reactfire|firebase|@firebase)(\/|$)/.test(ref.spec))
          bad.push(`${path} -> ${ref.spec}`);
        const target = resolve(path + '.tsx', ref.spec);
        if (target) visit(target);
      }
    };
    visit('/src/main');
    expect(seen.size).toBeGreaterThan(10);
    expect(bad).toEqual([]);
  });

  it('names files in kebab-case', () => {
    const bad = files
      .map(([path]) => path.split('/').pop()!)
      .filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*\.tsx?$/.test(name));
    expect(bad).toEqual([]);
  });
});
