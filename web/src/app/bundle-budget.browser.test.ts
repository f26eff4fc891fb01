/**
 * JS size budgets per route (issue 11), computed from the production build's module graph
 * (web/dist: Vite's manifest for the static imports between chunks, the source maps for which
 * chunk holds which module). Deterministic, so enforced here; `npm run bench` measures the same
 * routes in Chromium (gzip of every script fetched until network idle) and prints both.
 *
 * The budgets and each route's modules are data (bundle-budgets.ts), which the docs' table must
 * match (bundle-budgets.test.ts).
 *
 * A route's JS = the entry chunk and its static imports, plus the chunks holding the modules the
 * route always loads lazily (its page, Chakra's provider, the session bridge when signed in, the
 * SDKs its api/ loads), each with its static imports. What Chromium fetches on top, if anything,
 * is what a page loads on interaction (none of these routes does on first view), so the figures
 * agree up to gzip settings: this test gzips at level 9, the bench counts the bytes Chromium
 * received (the Hosting emulator compresses at its own level) and prints the difference.
 */
import { describe, expect, it } from 'vitest';
import { routeJs } from '../testing/route-js';
import { FIRESTORE_LITE, ROUTE_BUDGETS } from './bundle-budgets';

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

  it('renders Browse without Chakra: the route, its search and filter bar too, loads no Chakra or emotion', () => {
    const browse = ROUTE_BUDGETS.find((b) => b.route === '/browse')!;
    const { sources } = routeJs(browse.modules);
    for (const part of [
      'note-card.tsx',
      'browse-toolbar.tsx',
      'filter-select.tsx',
      'search-box.tsx',
    ])
      expect(
        sources.some((s) => s.endsWith(`web/src/features/browse/components/${part}`)),
        part,
      ).toBe(true);
    expect(sources.filter((s) => /node_modules\/(@chakra-ui|@emotion)\//.test(s))).toEqual([]);
    expect(sources.filter((s) => s.includes('shared/ui/chakra-scope'))).toEqual([]);
  });

  it("loads the schemas (zod) on no route's first view: the note editor's checks load on its first use", () => {
    const zod = (modules: string[]) =>
      routeJs(modules).sources.filter((s) => s.includes('node_modules/zod/'));
    // The Upload and Update forms' checks (features/notes/hooks/use-note-editor.ts imports them
    // when the form is first focused or pressed).
    expect(zod(['src/features/notes/api/note-form-validation.ts']).length).toBeGreaterThan(0);
    for (const budget of ROUTE_BUDGETS)
      expect({ route: budget.route, zod: zod(budget.modules) }).toEqual({
        route: budget.route,
        zod: [],
      });
  });
});
