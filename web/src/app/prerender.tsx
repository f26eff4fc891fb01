/**
 * The build's server entry (build-plugins/prerender.ts renders it in Node after the client
 * build): every route's first screen as HTML, so a phone paints the page from the document
 * itself, before any script has downloaded. main.tsx's first render then takes it over with the
 * same page, live: a visitor's app hydrates it, one with a remembered session renders afresh.
 *
 * Rendered as a first-time visitor sees it: no session, no data (lists show their loading
 * state). Pages that depend on the session get both variants where it matters (the guarded
 * shell), chosen before the first paint by SESSION_FLAG_SCRIPT (in HEAD_SCRIPT, with the theme).
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter, useRoutes } from 'react-router-dom';
import {
  FIRST_PAGE_ELEMENT_ID,
  defaultFirstPageQuery,
  type EmbeddedFirstPage,
} from '../features/browse/api/browse-api';
import { FirstPageContext } from '../features/browse/hooks/first-page-context';
import { NOTE_ELEMENT_ID, type EmbeddedNote } from '../features/notes/api/note-detail-api';
import { noteDocumentTitle } from '../features/notes/api/note-detail-model';
import { EmbeddedNoteContext } from '../features/notes/hooks/embedded-note-context';
import { decodeDocument, type RestDocument } from '../shared/firebase/firestore-rest';
import { readNoteBasics, type NoteBasics } from '../shared/notes/note-fields';
import { THEME_SCRIPT } from '../shared/theme/theme';
import { LoadingState } from '../shared/ui/loading-state';
import { AppLayout } from './layout/app-layout';
import { AppProviders } from './providers';
import { AppRoutes, RoutedPage, type PageName } from './router';
import { RememberedSessionFrame } from '../features/auth';

/** On <html> when this browser remembers a signed-in user (SESSION_FLAG_SCRIPT). */
const SESSION_CLASS = 'nn-session';

/**
 * Sets `nn-session` on <html> when this browser remembers a signed-in user (the session hint
 * of features/auth/api/session.ts), and `nn-admin` when that user is an admin, before the body
 * paints: the guarded shell then shows "Loading..." rather than the sign-in form, the header
 * hides its "Sign in" link, and an admin sees no site header (spec: admins have none). Inline
 * (a request would delay every first paint), as part of HEAD_SCRIPT below.
 */
export const SESSION_FLAG_SCRIPT = `try{var s=localStorage.getItem('notenest.session'),c=document.documentElement.classList;if(s){c.add('${SESSION_CLASS}');if(JSON.parse(s).role==='admin')c.add('nn-admin')}}catch(e){}`;

/** The <template> of a prerendered page's <head> holding the app's scripts (APP_START_SCRIPT). */
export const APP_SCRIPTS_ID = 'nn-app';

/** Elements of the app's scripts inserted per task (APP_START_SCRIPT). */
export const APP_START_BATCH = 2;

/**
 * Marks a preload in the template that only one variant of a guarded page needs: `visitor` (the
 * sign-in form's chunks) or `session` (the page's own). build-plugins/prerender.ts writes it;
 * APP_START_SCRIPT skips the other variant's.
 */
export const PRELOAD_ONLY_ATTRIBUTE = 'data-nn-only';

/**
 * Starts the app's JS once the prerendered page has painted. build-plugins/prerender.ts moves the
 * entry's <script type="module"> and its modulepreload links into <template id="nn-app">; this
 * inserts them after the first contentful paint (a PerformanceObserver of paint entries, which
 * are reported once the frame is on screen), and not before the document is parsed (the app
 * takes over #root whole).
 *
 * Why: the page is complete without JS, so the HTML and CSS get the network and the main thread
 * to themselves until it is on screen, and the ~150 KB of app JS (React, the router, Auth) comes
 * after. On a slow phone that is the first paint sooner. It also keeps Lighthouse's simulation
 * honest: it counts every request made before the observed first paint as delaying it, and
 * headless Chromium sometimes presents a page's first frame a whole second late (viz throttles
 * BeginFrames during the load: GoogleChrome/lighthouse#17148), which with the JS requested at
 * once put all of it before the paint (sign-in LCP 3.9 s simulated, 0.9 s with this).
 * Two elements a task (APP_START_BATCH): inserting a modulepreload link starts its request on
 * the main thread, ~1 ms each on a fast machine and 3-6 ms on a slow one (with Lighthouse's
 * network instrumentation), and a signed-in page has 30-odd of them. All in one task, that was
 * 22-37 ms (x4 on Lighthouse's phone: one long task of ~150 ms, TBT); batches of 6 were still
 * 16-34 ms each on a slow machine, four long tasks of 65-135 ms at 4x. Pairs stay under 50 ms
 * at 4x there too, and every request is still made within ~50 ms (nested timers are clamped to
 * 4 ms after the fifth).
 * A guarded page's preloads marked for one variant (PRELOAD_ONLY_ATTRIBUTE) are skipped for the
 * other: a visitor does not fetch the page they must sign in for, nor a
 * returning user the sign-in form (the app fetches either itself if the session hint was wrong).
 * Straight away where no paint will be observed: a hidden tab, a browser without paint timing;
 * and after 5 s whatever happens (a paint that is never reported).
 */
export const APP_START_SCRIPT = `(function(){var t=document.getElementById('${APP_SCRIPTS_ID}'),d=0;if(!t)return;function go(){if(document.readyState==='loading')return document.addEventListener('DOMContentLoaded',go);if(d++)return;var n=t.content.children,i=0,x=document.documentElement.classList.contains('${SESSION_CLASS}')?'visitor':'session';(function b(){for(var f=document.createDocumentFragment(),k=0;i<n.length&&k<${APP_START_BATCH};i++,k++){var o=n[i];if(o.getAttribute('${PRELOAD_ONLY_ATTRIBUTE}')===x){k--;continue}var e=document.createElement(o.localName);for(var a=o.attributes,j=0;j<a.length;j++)e.setAttribute(a[j].name,a[j].value);f.appendChild(e)}document.head.appendChild(f);if(i<n.length)setTimeout(b,0)})()}var P=window.PerformanceObserver,s=P&&P.supportedEntryTypes;if(!s||s.indexOf('paint')<0||document.visibilityState==='hidden')return go();new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});setTimeout(go,5000)})();`;

/**
 * The one inline script of every prerendered page's <head> (firebase.json's CSP allows exactly
 * this text by its hash, checked by prerender.test.ts): the theme class (shared/theme/theme.ts:
 * the visitor's choice or the system's, so the first paint is in the right theme), then the
 * session flags above, then the app's start after the first paint.
 */
export const HEAD_SCRIPT = `${THEME_SCRIPT}${SESSION_FLAG_SCRIPT}${APP_START_SCRIPT}`;

export interface PrerenderedShell {
  /** The file in web/dist (firebase.json's hosting rewrites point routes at it). */
  file: string;
  /** The address rendered. */
  url: string;
  /**
   * The page modules it shows, as the build manifest names them: their CSS goes into its <head>
   * (build-plugins/prerender.ts fails the build when one is not a chunk of the app).
   */
  pages: string[];
  /**
   * Of `pages`, those only a visitor's variant needs (a guarded page's sign-in form): their
   * chunks are preloaded for a visitor only, and the others for a known session only.
   */
  visitorPages?: string[];
  /** Render something other than the route itself (`url` is then only the router's address). */
  tree?: 'guarded' | 'admin';
  /**
   * A guarded route's own page, which a returning user sees there while Auth restores the
   * session: its frame (heading, tabs, loading states; RememberedSessionFrame) in place of
   * "Loading...", so the page's heading paints with the document rather than seconds later,
   * once the app's JS has run (Lighthouse LCP, issue 31). Its chunks (and `pages`') are preloaded.
   */
  sessionPage?: PageName;
}

/** Browse as prerendered (its list loading); GET /browse renders it with its first page instead. */
export const BROWSE_SHELL: PrerenderedShell = {
  file: 'browse.html',
  url: '/browse',
  pages: ['src/features/browse/components/browse-page.tsx'],
};

const SIGN_IN_PAGE = 'src/features/auth/components/sign-in-page.tsx';
const SESSION_BRIDGE = 'src/features/auth/components/session-bridge.tsx';
/** What a signed-in page's first render needs beside its own chunk: Chakra, the session. */
const SIGNED_IN_CHUNKS = ['src/shared/ui/chakra-scope.tsx', SESSION_BRIDGE];

/**
 * A guarded route with a file of its own: the sign-in form for a visitor, `sessionPage`'s frame
 * for a known session (its module under src/features/: `page`, and `chunks` beside it).
 */
function signedInShell(
  file: string,
  url: string,
  sessionPage: PageName,
  page: string,
  chunks = SIGNED_IN_CHUNKS,
): PrerenderedShell {
  return {
    file,
    url,
    pages: [SIGN_IN_PAGE, `src/features/${page}`, ...chunks],
    visitorPages: [SIGN_IN_PAGE],
    tree: 'guarded',
    sessionPage,
  };
}

/**
 * The note page: the sign-in form for a visitor; for a known session the page's frame, its
 * loading state, with its chunks preloaded (they come with the entry's, not a round trip after).
 * No Chakra. GET /notes/:id renders it with the note itself (notePageHtml); this file is what
 * the service worker serves offline.
 */
export const NOTE_SHELL = signedInShell(
  'note.html',
  '/notes/x',
  'noteDetail',
  'notes/components/note-detail-page.tsx',
  [SESSION_BRIDGE],
);

export const PRERENDERED_SHELLS: readonly PrerenderedShell[] = [
  { file: 'index.html', url: '/', pages: ['src/features/home/components/home-page.tsx'] },
  {
    file: 'browse.html',
    url: '/browse',
    pages: ['src/features/browse/components/browse-page.tsx'],
  },
  { file: 'about.html', url: '/about', pages: ['src/features/about/components/about-page.tsx'] },
  {
    file: 'sign-in.html',
    url: '/sign-in',
    pages: ['src/features/auth/components/sign-in-page.tsx'],
  },
  {
    file: 'sign-up.html',
    url: '/sign-up',
    pages: ['src/features/auth/components/sign-up-page.tsx'],
  },
  // The other guarded route with a file (/update-notes/:id): the sign-in form a visitor is sent
  // to, or "Loading..." while a known session is restored (spec section 2).
  {
    file: 'guarded.html',
    url: '/sign-in',
    pages: [SIGN_IN_PAGE],
    visitorPages: [SIGN_IN_PAGE],
    tree: 'guarded',
  },
  // The note page, My Dashboard and the Upload form: the same, with the page's frame for a known
  // session, and its chunks preloaded for it.
  NOTE_SHELL,
  signedInShell('profile.html', '/profile', 'profile', 'profile/components/profile-page.tsx'),
  signedInShell(
    'uploading-notes.html',
    '/uploading-notes',
    'uploadNote',
    'notes/components/upload-note-page.tsx',
  ),
  // The admin area (it has no site header): "Loading..." while the gate decides, and for a known
  // admin the area's chrome (RequireAdmin's frame), its page loading.
  {
    file: 'admin.html',
    url: '/admin-dashboard',
    pages: ['src/features/admin/components/admin-area.tsx', ...SIGNED_IN_CHUNKS],
    tree: 'admin',
  },
  // Any other address: the not-found page (the app renders it for every unknown route).
  {
    file: 'not-found.html',
    url: '/this-page-does-not-exist',
    pages: ['src/features/not-found/components/not-found-page.tsx'],
  },
];

function GuardedShell({ sessionPage }: { sessionPage?: PageName }) {
  const element = (
    <>
      <div className="nn-if-visitor">
        <RoutedPage name="signIn" />
      </div>
      {/* A frame until the app takes over: nothing in it can be used yet (inert). */}
      <div className="nn-if-session" inert={sessionPage !== undefined}>
        {sessionPage ? (
          <RememberedSessionFrame>
            <RoutedPage name={sessionPage} />
          </RememberedSessionFrame>
        ) : (
          <LoadingState />
        )}
      </div>
    </>
  );
  return useRoutes([
    {
      element: <AppLayout />,
      // The note page reads its note's id from the address (GET /notes/:id renders it).
      children: [
        { path: 'notes/:notesId', element },
        { path: '*', element },
      ],
    },
  ]);
}

function treeOf(shell: PrerenderedShell): ReactNode {
  if (shell.tree === 'admin') {
    return (
      <>
        <div className="nn-if-not-admin">
          <LoadingState />
        </div>
        <div className="nn-if-admin" inert>
          <RememberedSessionFrame role="admin">
            <RoutedPage name="admin" />
          </RememberedSessionFrame>
        </div>
      </>
    );
  }
  return shell.tree === 'guarded' ? (
    <GuardedShell sessionPage={shell.sessionPage} />
  ) : (
    <AppRoutes />
  );
}

/**
 * Chakra's global styles (reset, tokens) are already in the static stylesheet every page links
 * (build-plugins/chakra-static-css.ts): the copies emotion writes next to the markup go.
 */
export function withoutGlobalStyles(html: string): string {
  return html.replace(/<style data-emotion="css-global [^"]*">[^<]*<\/style>/g, '');
}

/** Data a server render puts into its page (functions' GET /browse and GET /notes/:id). */
export interface ServerData {
  /** Browse's first page (browsePageHtml). */
  firstPage?: EmbeddedFirstPage | null;
  /** The note of the note page (notePageHtml). */
  note?: EmbeddedNote | null;
}

/** The HTML that goes inside #root for one shell, every lazy page and Chakra style included. */
export async function renderShell(
  shell: PrerenderedShell,
  { firstPage = null, note = null }: ServerData = {},
): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={shell.url}>
        <FirstPageContext.Provider value={firstPage}>
          <EmbeddedNoteContext.Provider value={note}>
            <AppProviders>{treeOf(shell)}</AppProviders>
          </EmbeddedNoteContext.Provider>
        </FirstPageContext.Provider>
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, in order: no outlined segments, whose reveal needs React's inline
    // scripts (which the CSP refuses, and which would run before the app anyway).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return withoutGlobalStyles(await new Response(prelude).text());
}

/** Where #root's markup goes in the templates the function fills (build-plugins/prerender.ts). */
export const ROOT_MARKUP_MARKER = '<!--nn-root-->';

/**
 * The pages the api function renders, each from a template the build writes into web/dist-server
 * (build-plugins/prerender.ts: the shell's CSS and preloads, #root left to fill).
 */
export const SERVER_TEMPLATES: readonly { file: string; shell: PrerenderedShell }[] = [
  { file: 'browse-template.html', shell: BROWSE_SHELL },
  { file: 'note-template.html', shell: NOTE_SHELL },
];

/** JSON that cannot end the <script> element holding it, whatever the notes' text says. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The query whose REST answer browsePageHtml takes: Browse's first page with no criteria. */
export { defaultFirstPageQuery };

/** `template` with `markup` in #root and, when there is some, `data` as JSON in element `id`. */
function fillTemplate(template: string, markup: string, id: string, data: unknown): string {
  if (!template.includes(ROOT_MARKUP_MARKER) || !template.includes('</body>')) {
    throw new Error('the template has no root marker or no </body>');
  }
  // Replacement functions: a note's text may hold `$&` and the like.
  const html = template.replace(ROOT_MARKUP_MARKER, () => markup);
  if (!data) return html;
  const json = `<script type="application/json" id="${id}">${scriptSafeJson(data)}</script>`;
  return html.replace('</body>', () => `  ${json}\n  </body>`);
}

/**
 * Browse with its first page of notes in the HTML, for functions' GET /browse: `documents` is
 * Firestore's REST answer to defaultFirstPageQuery() (null: not read, the list shows as loading).
 * The cards are usable before any script runs (their links work), and the same answer goes into
 * the document as JSON, so the app renders the identical list without reading it again.
 */
export async function browsePageHtml(
  template: string,
  documents: RestDocument[] | null,
): Promise<string> {
  const page: EmbeddedFirstPage | null = documents && { query: defaultFirstPageQuery(), documents };
  const markup = await renderShell(BROWSE_SHELL, { firstPage: page });
  return fillTemplate(template, markup, FIRST_PAGE_ELEMENT_ID, page);
}

/**
 * The note page for functions' GET /notes/:id, with note `id` in it: `document` is the REST
 * answer to an anonymous read of it (null: none the rules show everyone; the page then shows as
 * note.html does, the note read by the app with the reader's session). A returning reader sees
 * the note as the document paints, before any script runs; the same answer goes into the
 * document as JSON, so the app shows it without reading it again. A visitor sees the sign-in
 * form, as on every guarded route.
 */
export async function notePageHtml(
  template: string,
  id: string,
  document: RestDocument | null,
): Promise<string> {
  if (!document) {
    return fillTemplate(template, await renderShell(NOTE_SHELL), NOTE_ELEMENT_ID, null);
  }
  const note: EmbeddedNote = { id, document };
  const shell = { ...NOTE_SHELL, url: `/notes/${encodeURIComponent(id)}` };
  const head = withNoteHead(template, readNoteBasics(decodeDocument(document).data));
  return fillTemplate(head, await renderShell(shell, { note }), NOTE_ELEMENT_ID, note);
}

/** Text for HTML: as an element's content or a quoted attribute's value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A meta description's length that search results and link previews show whole. */
const DESCRIPTION_LENGTH = 160;

/**
 * `template` with the note's title and description in its <head>: the tab and history name the
 * note (as the app does once it runs: noteDocumentTitle), and a shared link's preview shows them.
 * The title and description are the page's own (readNoteBasics: "Untitled note" for none).
 */
function withNoteHead(
  template: string,
  { title, description }: Pick<NoteBasics, 'title' | 'description'>,
): string {
  const head = template.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(noteDocumentTitle(title))}</title>`,
  );
  const text = description.trim();
  if (!text) return head;
  // Cut at a word's end, within the length.
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  const short =
    text.length > DESCRIPTION_LENGTH
      ? `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`
      : text;
  return head.replace(
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(short)}" />`,
  );
}
