/**
 * The one place that says how test suites (and the bench) get a bundle of the web SDK: esbuild
 * bundles an entry (a file, or inline source resolved from a directory) into a fresh temp dir,
 * and serveBundle() serves it from 127.0.0.1 on a free port with a blank page that loads it:
 *
 *   GET /           (or /?query)  the page: <script src="/bundle.js"> (type=module for esm)
 *   GET /bundle.js                the bundle
 *   anything else                 404
 *
 * The server is on a different port from the emulator, so the page is cross-origin to it and
 * CORS is exercised like in an app. Test-only (imports the esbuild devDependency lazily). Built to
 * dist/testing/ so the bench can use it too; the runtime entry never imports it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BundleOptions {
  /** An entry file to bundle... */
  entry?: string;
  /** ...or inline source, resolved from `resolveDir`. */
  contents?: string;
  resolveDir?: string;
  /** 'esm' (default: a module script) or 'iife' (a classic script). */
  format?: 'esm' | 'iife';
  /** esbuild target, e.g. 'es2022' (default: esbuild's, esnext). */
  target?: string;
  /** Prefix of the temp dir name. */
  prefix?: string;
}

export interface Bundle {
  dir: string;
  /** The bundle on disk: bundle.mjs for esm (so Node can import it), bundle.js for iife. */
  file: string;
  format: 'esm' | 'iife';
  /** Removes the temp dir. */
  remove(): Promise<void>;
}

/** Bundles for the browser platform into a new temp dir; on failure the dir is removed and the error rethrown. */
export async function bundleToTempDir(opts: BundleOptions): Promise<Bundle> {
  if ((opts.entry === undefined) === (opts.contents === undefined))
    throw new Error('bundleToTempDir: give exactly one of entry and contents');
  const format = opts.format ?? 'esm';
  const dir = await mkdtemp(join(tmpdir(), opts.prefix ?? 'nn-bundle-'));
  const file = join(dir, format === 'esm' ? 'bundle.mjs' : 'bundle.js');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const esbuild = await import('esbuild');
    await esbuild.build({
      ...(opts.entry
        ? { entryPoints: [opts.entry] }
        : { stdin: { contents: opts.contents!, resolveDir: opts.resolveDir, loader: 'js' } }),
      bundle: true,
      format,
      platform: 'browser',
      ...(opts.target ? { target: opts.target } : {}),
      outfile: file,
      logLevel: 'silent',
    });
  } catch (e) {
    await remove();
    throw e;
  }
  return { dir, file, format, remove };
}

export interface ServedBundle {
  /** `http://127.0.0.1:<port>/`, the page that loads the bundle. */
  url: string;
  port: number;
  bundle: Bundle;
  server: Server;
  /** Stops the server and removes the temp dir. */
  close(): Promise<void>;
}

/** bundleToTempDir() + a loopback HTTP server on a free port for it and a blank page. */
export async function serveBundle(opts: BundleOptions & { title?: string }): Promise<ServedBundle> {
  const bundle = await bundleToTempDir(opts);
  const js = await readFile(bundle.file);
  const script =
    bundle.format === 'esm'
      ? '<script type="module" src="/bundle.js"></script>'
      : '<script src="/bundle.js"></script>';
  const html = `<!doctype html><meta charset="utf-8"><title>${opts.title ?? 'nn'}</title>${script}`;
  const server = createServer((req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    } else if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
  } catch (e) {
    await bundle.remove();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    bundle,
    server,
    async close() {
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections(); // idle keep-alive sockets of a closed browser
      });
      await bundle.remove();
    },
  };
}
