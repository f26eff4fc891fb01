/**
 * Browse as HTML with its first page of notes (GET /browse, which firebase.json's Hosting rewrite
 * sends here): on a slow phone the list is readable, and its links work, before any of the app's
 * JS has arrived. The page is rendered by the web app's own server bundle (web/dist-server,
 * copied into lib/web by build.mjs: React and the very components the browser renders), from
 * Firestore's REST answer to the query the app itself would send first; that answer also goes
 * into the page, so the app starts from the same list without reading it again.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { applicationDefault } from 'firebase-admin/app';
import { projectId } from '../firebase.js';

/** What web/src/app/prerender.tsx exports for this (typed here: the bundle is plain JS). */
interface WebRenderer {
  defaultFirstPageQuery(): unknown;
  browsePageHtml(template: string, documents: unknown[] | null): Promise<string>;
}

interface LoadedRenderer {
  web: WebRenderer;
  template: string;
  /** Browse with its list loading: the same for every request, so rendered once. */
  withoutList: string;
}

/**
 * lib/web/ next to lib/index.js, which this module is bundled into; run from source (tests), the
 * web workspace's own output.
 */
const WEB_DIR = [
  new URL('./web/', import.meta.url),
  new URL('../../../web/dist-server/', import.meta.url),
].find((dir) => existsSync(new URL('prerender.js', dir)));

let loaded: Promise<LoadedRenderer> | undefined;

/** The web bundle and Browse's template, loaded on the first request that needs them. */
function renderer(): Promise<LoadedRenderer> {
  loaded ??= (async () => {
    if (!WEB_DIR) throw new Error('browse page: no web server bundle (build @notenest/web)');
    // A computed specifier: esbuild leaves it alone, and Node loads the file at run time.
    const bundle = new URL('prerender.js', WEB_DIR).href;
    const [web, template] = await Promise.all([
      import(bundle) as Promise<WebRenderer>,
      readFile(new URL('browse-template.html', WEB_DIR), 'utf8'),
    ]);
    return { web, template, withoutList: await web.browsePageHtml(template, null) };
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

let token: { value: string; expiresAt: number } | undefined;

/**
 * Bearer token for Firestore's REST API: the emulator's `owner`, else the runtime's account's,
 * kept until a minute before it expires (not fetched from the metadata server per request).
 */
async function firestoreToken(): Promise<string> {
  if (process.env['FIRESTORE_EMULATOR_HOST']) return 'owner';
  if (!token || Date.now() > token.expiresAt) {
    const { access_token, expires_in } = await applicationDefault().getAccessToken();
    token = { value: access_token, expiresAt: Date.now() + (expires_in - 60) * 1000 };
  }
  return token.value;
}

/**
 * Runs a REST StructuredQuery over the (default) database and returns its documents in REST
 * form, exactly what the browser's own runQuery would have received.
 */
export async function runRestQuery(query: unknown): Promise<unknown[]> {
  const host = process.env['FIRESTORE_EMULATOR_HOST'];
  const base = host ? `http://${host}` : 'https://firestore.googleapis.com';
  const url = `${base}/v1/projects/${projectId()}/databases/(default)/documents:runQuery`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await firestoreToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ structuredQuery: query }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`runQuery: ${response.status} ${await response.text()}`);
  const rows = (await response.json()) as { document?: unknown }[];
  return rows.flatMap((row) => (row.document ? [row.document] : []));
}

/**
 * Browse's HTML: with the first page when `withFirstPage` (no search, filter or sort in the
 * address), else with its list loading, for the app to read. When reading the notes fails, the
 * page still goes out without them (the app reads them itself, and reports a failure).
 */
export async function browsePage(withFirstPage: boolean): Promise<string> {
  const { web, template, withoutList } = await renderer();
  if (!withFirstPage) return withoutList;
  try {
    return await web.browsePageHtml(template, await runRestQuery(web.defaultFirstPageQuery()));
  } catch (error) {
    console.error('browse page: rendered without its first page', error);
    return withoutList;
  }
}
