/**
 * Pages with their data in the HTML, which firebase.json's Hosting rewrites send here: Browse
 * with its first page of notes (GET /browse) and the note page with its note (GET /notes/:id).
 * On a slow phone the list or the note is readable, and its links work, before any of the app's
 * JS has arrived. The pages are rendered by the web app's own server bundle (web/dist-server,
 * copied into lib/web by build.mjs: React and the very components the browser renders), from
 * Firestore's REST answer to the read the app itself would make first; that answer also goes
 * into the page, so the app starts from it without reading it again.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { applicationDefault } from 'firebase-admin/app';
import { projectId } from '../firebase.js';

/** What web/src/app/prerender.tsx exports for this (typed here: the bundle is plain JS). */
interface WebRenderer {
  defaultFirstPageQuery(): unknown;
  browsePageHtml(template: string, documents: unknown[] | null): Promise<string>;
  notePageHtml(template: string, id: string, document: unknown): Promise<string>;
}

interface LoadedRenderer {
  web: WebRenderer;
  browseTemplate: string;
  noteTemplate: string;
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

/** The web bundle and the pages' templates, loaded on the first request that needs them. */
function renderer(): Promise<LoadedRenderer> {
  loaded ??= (async () => {
    if (!WEB_DIR) throw new Error('web pages: no web server bundle (build @notenest/web)');
    // A computed specifier: esbuild leaves it alone, and Node loads the file at run time.
    const bundle = new URL('prerender.js', WEB_DIR).href;
    const [web, browseTemplate, noteTemplate] = await Promise.all([
      import(bundle) as Promise<WebRenderer>,
      readFile(new URL('browse-template.html', WEB_DIR), 'utf8'),
      readFile(new URL('note-template.html', WEB_DIR), 'utf8'),
    ]);
    return { web, browseTemplate, noteTemplate };
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/**
 * A page that is the same for every request: rendered on the first request that needs it, and
 * kept (an instance serving only Browse never renders the note page's).
 */
function renderedOnce(render: (loaded: LoadedRenderer) => Promise<string>): () => Promise<string> {
  let page: Promise<string> | undefined;
  return () => {
    page ??= renderer().then(render);
    page.catch(() => (page = undefined));
    return page;
  };
}

/** Browse with its list loading, for the app to read. */
const withoutList = renderedOnce(({ web, browseTemplate }) =>
  web.browsePageHtml(browseTemplate, null),
);

/** The note page without a note: note.html's markup. */
const withoutNote = renderedOnce(({ web, noteTemplate }) =>
  web.notePageHtml(noteTemplate, '', null),
);

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

function restBase(): string {
  const host = process.env['FIRESTORE_EMULATOR_HOST'];
  const base = host ? `http://${host}` : 'https://firestore.googleapis.com';
  return `${base}/v1/projects/${projectId()}/databases/(default)/documents`;
}

/**
 * Runs a REST StructuredQuery over the (default) database and returns its documents in REST
 * form, exactly what the browser's own runQuery would have received.
 */
export async function runRestQuery(query: unknown): Promise<unknown[]> {
  const url = `${restBase()}:runQuery`;
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
  if (!withFirstPage) return withoutList();
  const { web, browseTemplate } = await renderer();
  try {
    return await web.browsePageHtml(
      browseTemplate,
      await runRestQuery(web.defaultFirstPageQuery()),
    );
  } catch (error) {
    console.error('browse page: rendered without its first page', error);
    return withoutList();
  }
}

/** The ids the app's notes have (Firestore's auto-ids, the seed's `demo-note-1`). */
const NOTE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Note `id` as anyone may read it: Firestore's REST answer to a read without credentials, so
 * the security rules decide what goes into the page (an approved note; never a pending one, nor
 * one taken out of view), or null when they refuse it or it does not exist.
 */
async function readPublicNote(id: string): Promise<unknown> {
  const response = await fetch(`${restBase()}/notes/${id}`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (response.status === 403 || response.status === 404) return null;
  if (!response.ok) throw new Error(`get note: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The note page with note `id` in it, when the rules show it to everyone; else (or when the
 * read fails) as note.html is, the app reading the note with the reader's session.
 */
export async function notePage(id: string): Promise<string> {
  if (!NOTE_ID.test(id)) return withoutNote();
  const { web, noteTemplate } = await renderer();
  try {
    const document = await readPublicNote(id);
    return document ? await web.notePageHtml(noteTemplate, id, document) : await withoutNote();
  } catch (error) {
    console.error('note page: rendered without its note', error);
    return withoutNote();
  }
}
