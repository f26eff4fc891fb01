/**
 * NoteNest's service worker (issue 32), served as /sw.js. No imports: the build
 * (build-plugins/service-worker.ts) compiles this file alone and puts in front of it the lists it
 * needs from that build (SW_BUILD). Hand-written rather than Workbox: it does three things, and
 * the build's own plugins (prerendered pages, static Chakra CSS) already know every file.
 *
 * - Install: caches the app shell: every prerendered page, the CSS, the entry's JS, the manifest
 *   and icons. A reload without network then shows the app, not the browser's error page.
 * - Navigations: network first (a deploy's new pages show at once), else the cached page that
 *   firebase.json's rewrites serve for that address (/notes/x -> note.html...).
 * - /assets/** (hashed, immutable): from the cache, else the network, kept once fetched; and on
 *   request ('cache-app', sent when a note is kept offline) every remaining file of the build, so
 *   the note page and the preview's readers open offline even if never opened online.
 *
 * Never touched: anything not GET, other origins (Firestore, Auth, Storage, the emulators),
 * /api/** (the Functions facade) and Hosting's reserved /__/**: they go to the network as if
 * there were no worker, and fail offline as they would without one.
 */

interface SwBuild {
  /** Changes with every build whose files differ: names this build's cache. */
  version: string;
  /** Cached on install. */
  shell: string[];
  /** Every file of the build (shell included), cached on 'cache-app'. */
  all: string[];
  /** firebase.json's rewrites to pages: [source, page], in order (`**` and `/x/**` globs). */
  pages: [string, string][];
}

declare const SW_BUILD: SwBuild;

// The service worker global's few members used here (the DOM lib types `self` as a Window).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (e: MessageEventLike) => void): void;
}

const sw = self as unknown as WorkerScope;
const SHELL_PREFIX = 'notenest-shell-';
const CACHE = `${SHELL_PREFIX}${SW_BUILD.version}`;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SW_BUILD.shell))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  // Only the shell caches of older builds: the offline notes' cache is the app's, not ours.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith(SHELL_PREFIX) && k !== CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

/** The page Hosting serves for `pathname` (firebase.json's rewrites), as cached. */
function pageFor(pathname: string, pages: readonly [string, string][]): string {
  if (pathname === '/' || pathname === '/index.html') return '/index.html';
  for (const [source, page] of pages) {
    const matches =
      source === '**' ||
      (source.endsWith('/**') ? pathname.startsWith(source.slice(0, -2)) : pathname === source);
    if (matches) return page;
  }
  return '/index.html';
}

async function navigate(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(CACHE);
    const page =
      (await cache.match(url.pathname)) ??
      (await cache.match(pageFor(url.pathname, SW_BUILD.pages)));
    if (page) return page;
    throw error;
  }
}

async function cacheFirst(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url.pathname);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && url.pathname.startsWith('/assets/'))
    await cache.put(url.pathname, response.clone());
  return response;
}

/** Every file of the build not cached yet; resolves when all are (or failed: online later). */
async function cacheApp(): Promise<void> {
  const cache = await caches.open(CACHE);
  const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  const missing = SW_BUILD.all.filter((path) => !cached.has(path));
  await Promise.all(missing.map((path) => cache.add(path).catch(() => undefined)));
}

const SHELL = new Set(SW_BUILD.shell);

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/__/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request, url));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.has(url.pathname)) {
    event.respondWith(cacheFirst(request, url));
  }
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type !== 'cache-app') return;
  const done = cacheApp().then(() => event.ports[0]?.postMessage({ type: 'cached' }));
  event.waitUntil(done);
});

export {};
