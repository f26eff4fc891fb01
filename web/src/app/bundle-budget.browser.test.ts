/**
 * JS size budgets per route (issue 11), computed from the production build's module graph
 * (web/dist: Vite's manifest for the static imports between chunks, the source maps for which
 * chunk holds which module). Deterministic, so enforced here; `npm run bench` measures the same
 * routes in Chromium (gzip of every script fetched until network idle) and prints both.
 *
 * A route's JS = the entry chunk and its static imports, plus the chunks holding the modules the
 * route always loads lazily (its page, Chakra's provider, the session bridge when signed in, the
 * SDKs its api/ loads), each with its static imports. What Chromium fetches on top, if anything,
 * is what a page loads on interaction (none of these routes does on first view), so the figures
 * agree up to gzip settings: this test gzips at level 9, the bench counts the bytes Chromium
 * received (the Hosting emulator compresses at its own level) and prints the difference.
 */
import { describe, expect, it } from 'vitest';
import { routeJs, type RouteBudget } from '../testing/route-js';

/** Modules a route always loads lazily, by path inside the repository. */
const SESSION = 'web/src/features/auth/components/session-bridge.tsx';
const CHAKRA = 'web/src/shared/ui/chakra-scope.tsx';
// Browse reads its list and filter options over REST (shared/firebase/firestore-rest.ts, in the
// page's chunks); Firestore Lite loads only when the reader likes, downloads or comments.
const FIRESTORE_LITE = 'node_modules/@firebase/firestore/dist/lite/';
// The note page listens live: the full SDK (shared/firebase/firestore-live.ts).
const FIRESTORE_FULL = 'node_modules/@firebase/firestore/dist/index.esm';

export const ROUTE_BUDGETS: RouteBudget[] = [
  // A first-time visitor: the Chakra-free shell and Home, no Firebase.
  { route: '/', modules: ['web/src/features/home/components/home-page.tsx'], budgetKb: 90 },
  // A signed-in student (the session bridge brings reactfire + Auth).
  {
    route: '/browse',
    modules: [
      CHAKRA,
      'web/src/features/browse/components/browse-page.tsx',
      // Its search and filter bar, loaded as soon as the first list has rendered.
      'web/src/features/browse/components/browse-toolbar.tsx',
      SESSION,
    ],
    budgetKb: 260,
  },
  // Every other route, at its size today plus a little (issue 20: a budget per route, so none
  // grows unnoticed; the note page's full Firestore SDK, for live updates, is most of its size).
  {
    route: '/about',
    modules: [CHAKRA, 'web/src/features/about/components/about-page.tsx'],
    budgetKb: 140,
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
    budgetKb: 215,
  },
  {
    route: '/update-notes/:id',
    // The upload form's route plus TanStack Query (~10 KB), which loads the note to edit.
    modules: [CHAKRA, SESSION, 'web/src/features/notes/components/update-note-page.tsx'],
    budgetKb: 230,
  },
  {
    route: '/* (not found)',
    modules: [CHAKRA, 'web/src/features/not-found/components/not-found-page.tsx'],
    budgetKb: 145,
  },
  {
    route: '/profile',
    modules: [
      CHAKRA,
      SESSION,
      'web/src/features/profile/components/profile-page.tsx',
      FIRESTORE_LITE,
    ],
    budgetKb: 250,
  },
  {
    route: '/admin-dashboard',
    modules: [CHAKRA, SESSION, 'web/src/features/admin/components/dashboard-page.tsx'],
    budgetKb: 235,
  },
];

describe('JS per route (gzip, from web/dist)', () => {
  for (const budget of ROUTE_BUDGETS) {
    it(`${budget.route} <= ${budget.budgetKb} KB`, () => {
      const { kb, files } = routeJs(budget.modules);
      console.log(
        `${budget.route}: ${kb.toFixed(1)} KB gzip of JS (budget ${budget.budgetKb} KB) in ${files.length} files`,
      );
      expect(files.length).toBeGreaterThan(1);
      expect(kb).toBeLessThanOrEqual(budget.budgetKb);
    });
  }

  it('keeps Chakra, Firebase and reactfire off / for a first-time visitor', () => {
    const { sources } = routeJs(ROUTE_BUDGETS[0]!.modules);
    const heavy = sources.filter((s) =>
      /node_modules\/(@chakra-ui|@emotion|@firebase|firebase|reactfire)\//.test(s),
    );
    expect(heavy).toEqual([]);
  });

  it('keeps Firestore Lite off /browse until the reader acts', () => {
    const { sources } = routeJs(ROUTE_BUDGETS[1]!.modules);
    expect(sources.some((s) => s.includes('web/src/features/browse/api/browse-api.ts'))).toBe(true);
    expect(sources.filter((s) => s.includes(FIRESTORE_LITE))).toEqual([]);
  });

  it('renders sign-in and sign-up without Chakra: their chunks load no Chakra or emotion', () => {
    for (const page of ['sign-in-page.tsx', 'sign-up-page.tsx']) {
      const { sources } = routeJs([`web/src/features/auth/components/${page}`]);
      expect(sources.some((s) => s.endsWith(`auth/components/${page}`))).toBe(true);
      expect(sources.filter((s) => /node_modules\/(@chakra-ui|@emotion)\//.test(s))).toEqual([]);
    }
  });

  it('renders the note page without Chakra: its chunks load no Chakra or emotion', () => {
    const { sources } = routeJs(['web/src/features/notes/components/note-detail-page.tsx']);
    expect(sources.some((s) => s.endsWith('comments/components/note-comments.tsx'))).toBe(true);
    expect(sources.filter((s) => /node_modules\/(@chakra-ui|@emotion)\//.test(s))).toEqual([]);
  });

  it("renders Browse's list without Chakra: its page chunk loads no Chakra or emotion", () => {
    const { sources } = routeJs(['web/src/features/browse/components/browse-page.tsx']);
    expect(
      sources.some((s) => s.includes('web/src/features/browse/components/note-card.tsx')),
    ).toBe(true);
    expect(sources.filter((s) => /node_modules\/(@chakra-ui|@emotion)\//.test(s))).toEqual([]);
  });

  it('loads the schemas (zod) only where a form is validated: the note editor', () => {
    const zod = (modules: string[]) =>
      routeJs(modules).sources.filter((s) => s.includes('node_modules/zod/'));
    const editor = ROUTE_BUDGETS.find((b) => b.route === '/uploading-notes')!;
    expect(zod(editor.modules).length).toBeGreaterThan(0);
    for (const budget of ROUTE_BUDGETS.filter((b) => !b.route.includes('-notes')))
      expect({ route: budget.route, zod: zod(budget.modules) }).toEqual({
        route: budget.route,
        zod: [],
      });
  });
});
