import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
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
    // masked REST query, no SDK) while the page's own chunks download, rather than after they
    // have loaded and rendered (a round trip or two less on a slow phone network).
    void import('../features/browse/api/browse-api').then((api) =>
      api.prefetchNotesPage(new URLSearchParams(window.location.search)),
    );
    return import('../features/browse/components/browse-page');
  },
  noteDetail: () => import('../features/notes/components/note-detail-page'),
  uploadNote: () => import('../features/notes/components/upload-note-page'),
  updateNote: () => import('../features/notes/components/update-note-page'),
  profile: () => import('../features/profile/components/profile-page'),
  admin: () => import('../features/admin/components/admin-area'),
  notFound: () => import('../features/not-found/components/not-found-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

type PageName = keyof typeof pageImports;
const pages = new Map<PageName, LazyExoticComponent<ComponentType>>();

/**
 * Pages written without Chakra (plain markup over the static Chakra tokens' CSS): Home, so that
 * / (with the shell, also Chakra-free) fits its 90 KB JS budget; Chakra's runtime (emotion and
 * the system) is ~35 KB gzip on its own. Browse renders its heading and cards without Chakra and
 * loads its Chakra parts (search, filters, the comment view) itself (withChakra), so its list
 * shows without waiting for Chakra's download and first render on a slow phone. Every other page
 * gets Chakra's provider around it, loaded in parallel with the page's chunk (withChakra), so
 * feature pages keep using Chakra components as plain default-export pages.
 */
export const CHAKRA_FREE_PAGES: ReadonlySet<PageName> = new Set(['home', 'browse']);

/** One lazy component per page, shared by the routes that render it (/sign-in and /signin). */
function page(name: PageName) {
  let Page = pages.get(name);
  if (!Page) {
    const load = pageImports[name];
    Page = lazy<ComponentType>(CHAKRA_FREE_PAGES.has(name) ? load : () => withChakra(load));
    pages.set(name, Page);
  }
  return <Page />;
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

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeEntry /> },
      { path: 'sign-in', element: page('signIn') },
      // The spec links to both spellings (home Upload button, admin redirect).
      { path: 'signin', element: page('signIn') },
      { path: 'sign-up', element: page('signUp') },
      { path: 'about', element: page('about') },
      { path: 'browse', element: page('browse') },
      {
        // The guarded group of spec section 2.
        element: <RequireAuth />,
        children: [
          { path: 'notes/:notesId', element: page('noteDetail') },
          { path: 'profile', element: page('profile') },
          { path: 'uploading-notes', element: page('uploadNote') },
          { path: 'update-notes/:updateId', element: page('updateNote') },
        ],
      },
      { path: '*', element: page('notFound') },
    ],
  },
  {
    // Outside AppLayout: the admin area has its own sidebar layout and no site header.
    path: 'admin-dashboard/*',
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingState />}>{page('admin')}</Suspense>
      </RouteErrorBoundary>
    ),
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
