/**
 * A tiny static server for browser tests: serves a directory (web/dist) on 127.0.0.1 with a free
 * port and firebase.json's hosting rewrites to files (each route gets its prerendered page, as
 * Hosting serves it), so client-side routes can be opened directly. Test-only.
 */
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { FUNCTION_PAGES } from '../../build-plugins/service-worker';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

interface Rewrite {
  source: string;
  destination?: string;
  function?: { functionId: string };
}

const REWRITES = (
  JSON.parse(readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8')) as {
    hosting: { rewrites: Rewrite[] };
  }
).hosting.rewrites;

/**
 * Where Hosting sends `pathname` by firebase.json's rewrites (its globs as used there: a literal
 * path, `/prefix/**`, or `**`): a file, or a function (with the rewrite's source).
 */
export function rewriteFor(
  pathname: string,
): { file: string } | { functionId: string; source: string } | null {
  for (const rule of REWRITES) {
    const { source } = rule;
    const matches =
      source === '**' ||
      (source.endsWith('/**') ? pathname.startsWith(source.slice(0, -2)) : pathname === source);
    if (!matches) continue;
    if (rule.destination) return { file: rule.destination };
    if (rule.function) return { functionId: rule.function.functionId, source };
  }
  return null;
}

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const base = normalize(root + sep);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const candidate = normalize(join(base, pathname));
      // Never serve outside root; a missing asset is a 404 (a stale chunk must fail loudly, not
      // come back as HTML), any other path gets its rewrite's page, as on Hosting.
      const inside = candidate.startsWith(base);
      // A folder's index.html first (/ is Home's prerendered page), as Hosting does.
      const path = pathname.endsWith('/') ? join(candidate, 'index.html') : candidate;
      let file = inside && (await isFile(path)) ? path : null;
      const rewrite = pathname.startsWith('/assets/') ? null : rewriteFor(pathname);
      // A page the function renders (/browse, /notes/:id) is served as prerendered, without its
      // data (as the service worker serves it offline).
      const page = rewrite && ('file' in rewrite ? rewrite.file : FUNCTION_PAGES[rewrite.source]);
      if (!file && page) file = join(base, page);
      if (!file) {
        res.writeHead(404).end('not found');
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
