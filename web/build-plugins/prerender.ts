import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Marks #root while it holds prerendered HTML; main.tsx removes it once the app has rendered.
 * Its value says how the app takes the page over: `hydrate` (the markup is exactly the app's
 * first render for a visitor) or `replace` (it is not: the guarded shell's two variants).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The CSS files of a chunk and of everything it imports statically, in load order. */
export function cssOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
  return [...(chunk.imports ?? []).flatMap((k) => cssOf(manifest, k, seen)), ...(chunk.css ?? [])];
}

/**
 * The JS files of chunks and of everything they import statically, each once, imports first: what
 * a route's page needs as soon as the app asks for it.
 */
export function jsOf(
  manifest: Manifest,
  keys: readonly string[],
  seen = new Set<string>(),
): string[] {
  return keys.flatMap((key) => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    return [...jsOf(manifest, chunk.imports ?? [], seen), chunk.file];
  });
}

/** The built index.html's module script and modulepreload links (Vite writes them so). */
const APP_SCRIPT_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * A page's JS file to preload, for both variants of a guarded page or for one (marked with the
 * attribute `preloadOnlyAttribute`: prerender.tsx's PRELOAD_ONLY_ATTRIBUTE).
 */
export type Preload = string | { href: string; only: 'visitor' | 'session' };

/**
 * One prerendered page: the built index.html with the shell's markup, CSS and head script. The
 * app's module script and preloads move into <template id={appScriptsId}>, from which the head
 * script starts them once the page has painted (prerender.tsx, APP_START_SCRIPT). `preloads` (JS
 * files) join them as modulepreload links: the page's own chunks, which the app would otherwise
 * ask for only once its entry has run (a round trip later), each through a link of Vite's preload
 * helper added one by one to a page of thousands of elements.
 */
export function pageHtml(
  template: string,
  {
    markup,
    css,
    headScript,
    appScriptsId,
    preloadOnlyAttribute,
    hydrate = true,
    preloads = [],
  }: {
    markup: string;
    css: readonly string[];
    headScript: string;
    appScriptsId: string;
    preloadOnlyAttribute: string;
    hydrate?: boolean;
    preloads?: readonly Preload[];
  },
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) {
    throw new Error('prerender: index.html has no empty #root or no </head>');
  }
  const appScripts = template.match(APP_SCRIPT_TAGS) ?? [];
  if (!appScripts.some((tag) => tag.startsWith('<script'))) {
    throw new Error('prerender: index.html has no <script type="module"> for the app');
  }
  const pagePreloads = preloads
    .map((p) => (typeof p === 'string' ? { href: p, only: null } : p))
    .filter(({ href }) => !appScripts.some((tag) => tag.includes(`"/${href}"`)))
    .map(
      ({ href, only }) =>
        `<link rel="modulepreload" crossorigin href="/${href}"${only ? ` ${preloadOnlyAttribute}="${only}"` : ''}>`,
    );
  const head = [
    // Before the head script, which looks it up as it runs.
    `<template id="${appScriptsId}">${[...appScripts, ...pagePreloads].join('')}</template>`,
    `<script>${headScript}</script>`,
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
  ].join('\n    ');
  return template
    .replace(new RegExp(`\\n?[ \\t]*(?:${APP_SCRIPT_TAGS.source})`, 'g'), '')
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace(
      root,
      () =>
        `<div id="root" ${PRERENDERED_ATTRIBUTE}="${hydrate ? 'hydrate' : 'replace'}">${markup}</div>`,
    );
}

/** The server bundle (src/app/prerender.tsx with every dependency inlined) and its template. */
export const SERVER_DIR = 'dist-server';
export const SERVER_BUNDLE = 'prerender.js';

/**
 * What the plugin uses of src/app/prerender.tsx (stated here: importing its types would pull the
 * whole app into this Node-side project's type check).
 */
interface PrerenderedShell {
  file: string;
  pages: string[];
  visitorPages?: string[];
  tree?: string;
}
interface PrerenderModule {
  PRERENDERED_SHELLS: readonly PrerenderedShell[];
  SERVER_TEMPLATES: readonly { file: string; shell: PrerenderedShell }[];
  HEAD_SCRIPT: string;
  APP_SCRIPTS_ID: string;
  PRELOAD_ONLY_ATTRIBUTE: string;
  ROOT_MARKUP_MARKER: string;
  renderShell(shell: PrerenderedShell): Promise<string>;
}

/**
 * After the client build, builds src/app/prerender.tsx for Node as one self-contained file
 * (web/dist-server/prerender.js: React, the router, Chakra and the app's own components inlined),
 * renders every route's first screen with it and writes one HTML file per shell into the output
 * folder, next to index.html (which becomes Home's). firebase.json's hosting rewrites send each
 * route to its file. The same bundle, with the templates of SERVER_TEMPLATES, is what functions'
 * GET /browse renders Browse with its first page of notes, and GET /notes/:id the note page with
 * its note (functions/build.mjs copies them).
 *
 * Why: on a slow phone the route's JS takes seconds to arrive; with the page in the document, its
 * first screen paints as soon as the HTML and CSS are in (Lighthouse LCP, issue 20).
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'notenest:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const serverDir = resolve(config.root, SERVER_DIR);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const entryCss = new Set(cssOf(manifest, 'index.html'));

      await build({
        configFile: config.configFile,
        root: config.root,
        mode: 'production',
        logLevel: 'warn',
        // Production React in the bundle whatever NODE_ENV the function runs with.
        define: { 'process.env.NODE_ENV': '"production"' },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/app/prerender.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          sourcemap: false,
          manifest: false,
          copyPublicDir: false,
          // One file: the chunks of a split server bundle import its entry by its plain URL,
          // while this plugin imports it with a cache-busting query, which would make two copies
          // of every module the entry holds (two React contexts: "useAuth must be used inside").
          rolldownOptions: {
            output: { entryFileNames: SERVER_BUNDLE, codeSplitting: false },
          },
        },
      });
      const entry = (await import(
        `${pathToFileURL(join(serverDir, SERVER_BUNDLE)).href}?t=${Date.now()}`
      )) as PrerenderModule;

      const entryJs = new Set(jsOf(manifest, ['index.html']));
      const jsFor = (shell: PrerenderedShell): Preload[] => {
        const all = jsOf(manifest, shell.pages).filter((file) => !entryJs.has(file));
        const { visitorPages } = shell;
        if (!visitorPages) return all;
        // A guarded page: what only the sign-in form needs, and what only the page needs.
        const visitor = new Set(jsOf(manifest, visitorPages));
        const forSession = shell.pages.filter((key) => !visitorPages.includes(key));
        const session = new Set(jsOf(manifest, forSession));
        return all.map((href) =>
          visitor.has(href) && session.has(href)
            ? href
            : { href, only: visitor.has(href) ? 'visitor' : 'session' },
        );
      };
      const cssFor = (shell: PrerenderedShell) =>
        [...new Set(shell.pages.flatMap((key) => cssOf(manifest, key)))].filter(
          (href) => !entryCss.has(href),
        );
      const shellHtml = (shell: PrerenderedShell, markup: string) =>
        pageHtml(template, {
          markup,
          css: cssFor(shell),
          preloads: jsFor(shell),
          headScript: entry.HEAD_SCRIPT,
          appScriptsId: entry.APP_SCRIPTS_ID,
          preloadOnlyAttribute: entry.PRELOAD_ONLY_ATTRIBUTE,
          // A shell with a tree of its own is not what the app renders at that address.
          hydrate: shell.tree === undefined,
        });
      for (const shell of entry.PRERENDERED_SHELLS) {
        await writeFile(join(outDir, shell.file), shellHtml(shell, await entry.renderShell(shell)));
      }
      // The function's pages: the same, #root left for it to fill.
      for (const { file, shell } of entry.SERVER_TEMPLATES) {
        await writeFile(join(serverDir, file), shellHtml(shell, entry.ROOT_MARKUP_MARKER));
      }
      config.logger.info(`prerendered ${entry.PRERENDERED_SHELLS.length} route shells`);
    },
  };
}
