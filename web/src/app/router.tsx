import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, matchPath, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth, homeRedirectFor, useDisplayedUser } from '../features/auth';
import { withChakra } from '../shared/ui/lazy-chakra';
import { LoadingState } from '../shared/ui/loading-state';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './route-error';

/**
 * Declarative routes (useRoutes inside <BrowserRouter>), not a data router: measured here, the
 * data router adds ~17 KB gzip of react-router to every page (loaders, actions, fetchers we do not
 * use), against a 90 KB budget for /. Data loading lives in each feature's api/ and hooks/.
 *
 * Every screen is its own chunk (React.lazy): a page's code, and the SDKs its `api/` loads, are
 * fetched only when that route is visited. The importers are exported so tests and prefetching
 * can name them.
 */
export const pageImports = {
  home: () => import('../features/home/components/home-page'),
  about: () => import('../features/about/components/about-page'),
  signIn: () => import('../features/auth/components/sign-in-page'),
  signUp: () => import('../features/auth/components/sign-up-page'),
  browse: () => {
    // Browse's list is what its visitors wait for: start reading its first page (a small
    // masked REST query, or for a search one facade call; no SDK) while the page's own chunks
    // download, rather than after they have loaded and rendered (a round trip or two less on a
    // slow phone network).
    // (Not when prerendering in Node: there is no visitor's address to read.)
    if (typeof window !== 'undefined') {
      void import('../features/browse/api/browse-api').then((api) =>
        api.prefetchNotesPage(new URLSearchParams(window.location.search)),
      );
    }
    return import('../features/browse/components/browse-page');
  },
  noteDetail: () => {
    // The note is what its readers wait for: read it while the page's chunks download and the
    // session is restored (approved notes need no token), not once the page has rendered.
    const note =
      typeof window !== 'undefined' && matchPath('/notes/:notesId', window.location.pathname);
    if (note && note.params.notesId) {
      const { notesId } = note.params;
      void import('../features/notes/api/note-detail-api').then((api) => api.prefetchNote(notesId));
    }
    return import('../features/notes/components/note-detail-page');
  },
  uploadNote: () => import('../features/notes/components/upload-note-page'),
  updateNote: () => import('../features/notes/components/update-note-page'),
  profile: () => import('../features/profile/components/profile-page'),
  notifications: () => import('../features/notifications/components/notifications-page'),
  admin: () => import('../features/admin/components/admin-area'),
  notFound: () => import('../features/not-found/components/not-found-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type PageName = keyof typeof pageImports;

/**
 * Pages written without Chakra (plain markup over the static Chakra tokens' CSS): Home, so that
 * / (with the shell, also Chakra-free) fits its 90 KB JS budget; Chakra's runtime (emotion and
 * the system) is ~35 KB gzip on its own. Browse, its search and filters included
 * (browse-toolbar.css), so its list shows without waiting for Chakra's download and first render
 * on a slow phone. Sign-in and
 * sign-up, the first screen of every guarded route for a visitor, do not wait for (or evaluate)
 * Chakra either (features/auth/components/auth.css), nor does the note page, where creating
 * Chakra's system was the longest task on a slow phone (note-page.css); nor do About and
 * not-found. These are the visitor-side pages of web/README.md's "One UI rule" (enforced by
 * ESLint: eslint.config.js). Every other page (the signed-in app) gets Chakra's provider around it, loaded in parallel with the page's chunk (withChakra), so
 * feature pages keep using Chakra components as plain default-export pages.
 */
export const CHAKRA_FREE_PAGES: ReadonlySet<PageName> = new Set([
  'home',
  'browse',
  'signIn',
  'signUp',
  'noteDetail',
  'about',
  'notFound',
]);

const pageLoads = new Map<PageName, Promise<{ default: ComponentType }>>();
/** Pages whose chunks have arrived: rendered at once, with no Suspense fallback in between. */
const loadedPages = new Map<PageName, ComponentType>();

/** A page's chunk (with Chakra's provider when it needs it), fetched once. */
export function loadPage(name: PageName): Promise<{ default: ComponentType }> {
  let load = pageLoads.get(name);
  if (!load) {
    const importer = pageImports[name];
    load = (CHAKRA_FREE_PAGES.has(name) ? importer() : withChakra(importer)).then((module) => {
      loadedPages.set(name, module.default);
      return module;
    });
    // A failed chunk may load on a later try (the error boundary's Try Again reloads anyway).
    load.catch(() => pageLoads.delete(name));
    pageLoads.set(name, load);
  }
  return load;
}

const lazyPages = Object.fromEntries(
  (Object.keys(pageImports) as PageName[]).map((name) => [name, lazy(() => loadPage(name))]),
) as Record<PageName, LazyExoticComponent<ComponentType>>;

/**
 * A routed page. Once its chunk is here it renders directly: the first render after the
 * prerendered HTML (main.tsx waits for the page's chunk) then takes that HTML over with the same
 * page, not with a "Loading..." fallback in between. Until then it is React.lazy's.
 */
export function RoutedPage({ name }: { name: PageName }) {
  const Loaded = loadedPages.get(name);
  const Lazy = lazyPages[name];
  return Loaded ? <Loaded /> : <Lazy />;
}

function page(name: PageName) {
  return <RoutedPage name={name} />;
}

/**
 * `/`: the spec's route table has two entries for `/`, Home first and then one that sends an admin
 * to /admin-dashboard and others to /signin. Home keeps `/` for everyone who is not an admin (as
 * the first entry wins in the original table; redirecting them to /signin would hide the landing
 * page); an admin, whose header is hidden, goes to the dashboard. Decided from the session as known
 * (the stored hint while Auth loads), so a first-time visitor loads no Firebase code here.
 */
function HomeEntry() {
  const to = homeRedirectFor(useDisplayedUser());
  return to ? <Navigate to={to} replace /> : page('home');
}

/** What a route renders, for preloading: its page, and whether it is in the guarded group. */
interface RouteHandle {
  page?: PageName;
  guarded?: boolean;
}

function pageRoute(path: string, name: PageName): RouteObject {
  return { path, element: page(name), handle: { page: name } satisfies RouteHandle };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeEntry />, handle: { page: 'home' } satisfies RouteHandle },
      pageRoute('sign-in', 'signIn'),
      // The spec links to both spellings (home Upload button, admin redirect).
      pageRoute('signin', 'signIn'),
      pageRoute('sign-up', 'signUp'),
      pageRoute('about', 'about'),
      pageRoute('browse', 'browse'),
      {
        // The guarded group of spec section 2.
        element: <RequireAuth />,
        handle: { guarded: true } satisfies RouteHandle,
        children: [
          pageRoute('notes/:notesId', 'noteDetail'),
          pageRoute('profile', 'profile'),
          pageRoute('notifications', 'notifications'),
          pageRoute('uploading-notes', 'uploadNote'),
          pageRoute('update-notes/:updateId', 'updateNote'),
        ],
      },
      pageRoute('*', 'notFound'),
    ],
  },
  {
    // Outside AppLayout: the admin area has its own sidebar layout and no site header.
    path: 'admin-dashboard/*',
    handle: { page: 'admin' } satisfies RouteHandle,
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingState />}>{page('admin')}</Suspense>
      </RouteErrorBoundary>
    ),
  },
];

/**
 * The pages the first render of `pathname` shows: its own, and for a guarded route without a
 * known session, the sign-in page the guard sends the visitor to.
 */
export function pagesFor(pathname: string, hasSession: boolean): PageName[] {
  const names: PageName[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const handle = route.handle as RouteHandle | undefined;
    // The guard sends a visitor to sign-in: the guarded page itself is not shown.
    if (handle?.guarded && !hasSession) return ['signIn'];
    if (handle?.page) names.push(handle.page);
  }
  return names;
}

/**
 * Fetches the chunks of the pages the first render of `pathname` shows, so that render takes the
 * prerendered HTML over with the same page at once. Never rejects: a page that failed to load is
 * the error boundary's to show.
 */
export async function preloadPagesFor(pathname: string, hasSession: boolean): Promise<void> {
  await Promise.allSettled(pagesFor(pathname, hasSession).map(loadPage));
}

export function AppRoutes() {
  return useRoutes(routes);
}
