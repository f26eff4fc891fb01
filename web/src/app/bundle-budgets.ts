/**
 * The JS budget of each route (issue 11, issue 20): gzip KB of the JS the route loads, and the
 * modules it always loads lazily, by path inside the repository. The one source of these figures:
 * bundle-budget.browser.test.ts enforces them over web/dist, and bundle-budgets.test.ts fails when
 * the table in docs/performance.md says otherwise (the docs once gave a route a budget the test
 * no longer used).
 */
export interface RouteBudget {
  /** The route as docs/performance.md's table names it. */
  route: string;
  /** Path fragments (from the repository root, e.g. web/src/app/x.tsx) of modules it loads lazily. */
  modules: string[];
  budgetKb: number;
}

const SESSION = 'web/src/features/auth/components/session-bridge.tsx';
const CHAKRA = 'web/src/shared/ui/chakra-scope.tsx';
// Browse reads its list and filter options over REST (shared/firebase/firestore-rest.ts, in the
// page's chunks); Firestore Lite loads only when the reader likes, downloads or saves a note.
export const FIRESTORE_LITE = 'node_modules/@firebase/firestore/dist/lite/';
// The note page listens live: the full SDK (shared/firebase/firestore-live.ts).
const FIRESTORE_FULL = 'node_modules/@firebase/firestore/dist/index.esm';

export const ROUTE_BUDGETS: RouteBudget[] = [
  // A first-time visitor: the Chakra-free shell and Home, no Firebase.
  // 91 since issue 32 (the signed-in Following section's loader, the service worker's start).
  { route: '/', modules: ['web/src/features/home/components/home-page.tsx'], budgetKb: 91 },
  // A signed-in student (the session bridge brings reactfire + Auth).
  {
    route: '/browse',
    // No Chakra: the page, its search and filter bar included, is plain markup and CSS.
    modules: ['web/src/features/browse/components/browse-page.tsx', SESSION],
    budgetKb: 170,
  },
  // Every other route, at its size today plus a little (issue 20: a budget per route, so none
  // grows unnoticed; the note page's full Firestore SDK, for live updates, is most of its size).
  {
    route: '/about',
    // Plain CSS since issue 31 (about-page.css): 88.6 KB, was 134 KB with Chakra.
    modules: ['web/src/features/about/components/about-page.tsx'],
    budgetKb: 95,
  },
  {
    route: '/sign-in',
    // The form renders without Auth (loaded on submit, or by the session bridge) and without
    // Chakra (auth.css): a visitor's first screen of every guarded route too.
    modules: ['web/src/features/auth/components/sign-in-page.tsx'],
    budgetKb: 100,
  },
  {
    route: '/notes/:id',
    // Plain CSS (note-page.css), no Chakra: the full Firestore SDK is most of its size.
    modules: [SESSION, 'web/src/features/notes/components/note-detail-page.tsx', FIRESTORE_FULL],
    budgetKb: 330,
  },
  {
    route: '/sign-up',
    modules: ['web/src/features/auth/components/sign-up-page.tsx'],
    budgetKb: 100,
  },
  {
    route: '/uploading-notes',
    modules: [CHAKRA, SESSION, 'web/src/features/notes/components/upload-note-page.tsx'],
    // 217 since issue 32 (an upload checks the connection first).
    budgetKb: 217,
  },
  {
    route: '/update-notes/:id',
    // The upload form's route plus TanStack Query (~10 KB), which loads the note to edit.
    modules: [CHAKRA, SESSION, 'web/src/features/notes/components/update-note-page.tsx'],
    budgetKb: 230,
  },
  {
    route: '/* (not found)',
    modules: ['web/src/features/not-found/components/not-found-page.tsx'],
    budgetKb: 95,
  },
  {
    route: '/profile',
    modules: [
      CHAKRA,
      SESSION,
      'web/src/features/profile/components/profile-page.tsx',
      FIRESTORE_LITE,
    ],
    // 253 since issue 32 (the Following tab's and the offline copies' loaders).
    budgetKb: 253,
  },
  {
    route: '/notifications',
    // Chakra, and the full Firestore SDK that the header's bell listens with on every signed-in
    // page (the list's reads use it too rather than loading Lite beside it).
    modules: [
      CHAKRA,
      SESSION,
      'web/src/features/notifications/components/notifications-page.tsx',
      FIRESTORE_FULL,
    ],
    budgetKb: 370,
  },
  {
    route: '/admin-dashboard',
    modules: [CHAKRA, SESSION, 'web/src/features/admin/components/dashboard-page.tsx'],
    budgetKb: 235,
  },
];
