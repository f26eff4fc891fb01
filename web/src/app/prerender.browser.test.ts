/**
 * The prerendered route shells in Chromium, served from the production build like Hosting serves
 * them (firebase.json's rewrites): each route's first screen paints with none of the app's JS
 * (scripts under /assets/ are refused), the inline session flag picks the guarded shell's variant
 * under the CSP, and once the JS runs the app replaces the shell with the same, live page.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../emulator/src/testing/chromium';
import { serveStatic, type StaticServer } from '../testing/static-server';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const EMULATOR_PORTS = [8080, 9099, 9199];
const SESSION_HINT = JSON.stringify({
  uid: 'u1',
  displayName: 'Aarav Sharma',
  email: 'student1@notenest.dev',
  photoURL: null,
  passwordSignIn: true,
  role: 'user',
});

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(`${DIST}browse.html`)) {
    throw new Error(`${DIST}browse.html is missing: run \`npm run build -w @notenest/web\` first`);
  }
  server = await serveStatic(DIST);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(
  path: string,
  {
    withAppJs,
    session = false,
    admin = false,
    width = 390,
  }: { withAppJs: boolean; session?: boolean; admin?: boolean; width?: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    serviceWorkers: 'block',
  });
  // No emulator in this suite: the app's calls to it fail fast.
  await context.route(
    (url) => url.hostname === '127.0.0.1' && EMULATOR_PORTS.includes(Number(url.port)),
    (route) => route.abort('connectionrefused'),
  );
  if (!withAppJs) {
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort('blockedbyclient'));
  }
  // Records whether "Loading..." ever shows in #root, from before the first script runs, and
  // keeps the prerendered page's h1 element (to tell a hydrated page from a rebuilt one).
  await context.addInitScript(() => {
    const w = window as unknown as { sawLoading: boolean; firstH1: Element | null };
    w.sawLoading = false;
    document.addEventListener('DOMContentLoaded', () => {
      w.firstH1 = document.querySelector('h1');
    });
    new MutationObserver(() => {
      if (document.querySelector('#root .nn-loading')) w.sawLoading = true;
    }).observe(document, { subtree: true, childList: true });
  });
  if (session) {
    const hint = admin ? SESSION_HINT.replace('"role":"user"', '"role":"admin"') : SESSION_HINT;
    await context.addInitScript((h) => localStorage.setItem('notenest.session', h), hint);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  // Hydration mismatches are reported through reportError in production React.
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /Content Security Policy|hydrat|Minified React error/i.test(m.text())
    )
      errors.push(m.text());
  });
  await page.goto(server.origin + path, { waitUntil: 'load' });
  return { context, page, errors };
}

/**
 * Resolves once the app has taken the prerendered page over (main.tsx removes the attribute).
 * Polled with room to spare: on a loaded 2-core machine the app can take over seconds after the
 * page shows.
 */
async function tookOver(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout: 20_000 })
    .toBeNull();
}

describe('prerendered route shells (production build)', () => {
  it("paint each public route's first screen without the app's JS", async () => {
    const expected: [string, string][] = [
      ['/', 'Share & Discover Academic Notes Easily!'],
      ['/browse', 'Explore Shared Notes'],
      ['/about', 'About NoteNest'],
      ['/sign-in', 'Sign In'],
    ];
    for (const [path, heading] of expected) {
      const { context, page } = await open(path, { withAppJs: false });
      try {
        await expect(page.locator('h1').first().textContent(), path).resolves.toContain(heading);
        expect(await page.locator('#root').getAttribute('data-prerendered'), path).toBe('hydrate');
        // Styled by the CSS in the document (the header's bar is laid out as a row).
        expect(await page.locator('.nn-header__brand').isVisible(), path).toBe(true);
        expect(
          await page.locator('.nn-header__bar').evaluate((el) => getComputedStyle(el).display),
          path,
        ).toBe('flex');
        // The small-screen menu's toggle waits for the app, whose handler opens it.
        expect(await page.locator('.nn-header__toggle').isDisabled(), path).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it('a guarded route shows a visitor the sign-in form, and a known session "Loading..."', async () => {
    const visitor = await open('/update-notes/some-note', { withAppJs: false, width: 1280 });
    try {
      expect(await visitor.page.locator('input[type="password"]').isVisible()).toBe(true);
      // Its buttons wait for the app: a native submit would put the password in the address.
      expect(await visitor.page.locator('button[type="submit"]').isDisabled()).toBe(true);
      expect(await visitor.page.getByText('Loading...', { exact: true }).isVisible()).toBe(false);
      expect(await visitor.page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
    const returning = await open('/update-notes/some-note', {
      withAppJs: false,
      session: true,
      width: 1280,
    });
    try {
      expect(await returning.page.locator('input[type="password"]').isVisible()).toBe(false);
      expect(await returning.page.getByText('Loading...', { exact: true }).isVisible()).toBe(true);
      // The header keeps the link's place without showing "Sign in" to a signed-in user.
      expect(await returning.page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(false);
      // The inline flag ran under the CSP (its hash is allowed): no violation reported.
      expect(returning.errors).toEqual([]);
    } finally {
      await returning.context.close();
    }
    // The note page (note.html): the same, its loading state named as the app names it.
    for (const session of [false, true]) {
      const { context, page } = await open('/notes/some-note', { withAppJs: false, session });
      try {
        expect(await page.locator('input[type="password"]').isVisible()).toBe(!session);
        expect(await page.getByText('Loading Notes...', { exact: true }).isVisible()).toBe(session);
      } finally {
        await context.close();
      }
    }
    // An admin has no site header (spec): the prerendered one is not shown either.
    const admin = await open('/about', {
      withAppJs: false,
      session: true,
      admin: true,
      width: 1280,
    });
    try {
      expect(await admin.page.locator('.nn-header').isVisible()).toBe(false);
      expect(await admin.page.locator('h1').isVisible()).toBe(true);
    } finally {
      await admin.context.close();
    }
  });

  it.each([
    ['/profile', 'My Dashboard'],
    ['/uploading-notes', 'Share Your Knowledge'],
  ])(
    "%s paints a returning user the page's frame before any script, a visitor the sign-in form",
    async (path, title) => {
      const returning = await open(path, { withAppJs: false, session: true });
      try {
        expect(await returning.page.locator('h1', { hasText: title }).isVisible()).toBe(true);
        expect(await returning.page.locator('input[type="password"]').isVisible()).toBe(false);
        expect(returning.errors).toEqual([]);
      } finally {
        await returning.context.close();
      }
      const visitor = await open(path, { withAppJs: false });
      try {
        expect(await visitor.page.locator('input[type="password"]').isVisible()).toBe(true);
        expect(await visitor.page.locator('h1', { hasText: title }).isVisible()).toBe(false);
      } finally {
        await visitor.context.close();
      }
    },
  );

  it('the admin area paints a known admin its frame before any script, anyone else "Loading..."', async () => {
    const admin = await open('/admin-dashboard/users', {
      withAppJs: false,
      session: true,
      admin: true,
      width: 1280,
    });
    try {
      expect(await admin.page.locator('h1', { hasText: 'Admin Dashboard' }).isVisible()).toBe(true);
      expect(await admin.page.getByText('Admin Panel').isVisible()).toBe(true);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
    const student = await open('/admin-dashboard', { withAppJs: false, session: true });
    try {
      expect(await student.page.locator('.nn-if-not-admin .nn-loading').isVisible()).toBe(true);
      expect(await student.page.locator('h1', { hasText: 'Admin Dashboard' }).isVisible()).toBe(
        false,
      );
    } finally {
      await student.context.close();
    }
  });

  it('a visitor\'s app adopts the page (hydration): same page, same DOM, no "Loading..."', async () => {
    for (const path of ['/sign-in', '/about', '/']) {
      const { context, page, errors } = await open(path, { withAppJs: true });
      try {
        await tookOver(page);
        const state = await page.evaluate(() => {
          const w = window as unknown as { sawLoading: boolean; firstH1: Element | null };
          return {
            sawLoading: w.sawLoading,
            sameH1: w.firstH1 !== null && w.firstH1 === document.querySelector('h1'),
          };
        });
        expect(state, path).toEqual({ sawLoading: false, sameH1: true });
        expect(errors, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('the app is live once it has taken over, and renders afresh for a remembered session', async () => {
    const visitor = await open('/sign-in', { withAppJs: true });
    try {
      // Polled with room to spare: on a loaded 2-core machine the app can take over seconds
      // after the page shows (a single read of isEnabled once failed in CI).
      await tookOver(visitor.page);
      await expect
        .poll(() => visitor.page.locator('button[type="submit"]').isEnabled(), { timeout: 20_000 })
        .toBe(true);
      await expect
        .poll(() => visitor.page.locator('.nn-header__toggle').isEnabled(), { timeout: 20_000 })
        .toBe(true);
      // Live: the form is React's now (typing updates its state, shown by the input itself).
      await visitor.page.locator('input[type="email"]').fill('student1@notenest.dev');
      expect(await visitor.page.locator('input[type="email"]').inputValue()).toBe(
        'student1@notenest.dev',
      );
    } finally {
      await visitor.context.close();
    }
    // A remembered session: the header is the user's, so the app renders over the page.
    const returning = await open('/about', { withAppJs: true, session: true, width: 1280 });
    try {
      await tookOver(returning.page);
      expect(await returning.page.getByRole('link', { name: /Aarav Sharma/ }).isVisible()).toBe(
        true,
      );
      const sameH1 = await returning.page.evaluate(() => {
        const w = window as unknown as { firstH1: Element | null };
        return w.firstH1 === document.querySelector('h1');
      });
      expect(sameH1).toBe(false);
    } finally {
      await returning.context.close();
    }
  });

  it("preloads a guarded page's chunks for a known session, and the sign-in form's for a visitor", async () => {
    for (const session of [false, true]) {
      const { context, page } = await open('/profile', { withAppJs: true, session });
      try {
        // The template marks them (build-plugins/prerender.ts); the start script inserts copies.
        const only = (variant: string, where: string) =>
          page.evaluate(
            ([v, w]) =>
              Array.from(
                (w === 'template'
                  ? document.querySelector<HTMLTemplateElement>('template#nn-app')!.content
                  : document.head
                ).querySelectorAll(`link[data-nn-only="${v}"]`),
                (l) => l.getAttribute('href')!.replace(/-[\w-]{8}\.js$/, ''),
              ),
            [variant, where],
          );
        expect(await only('visitor', 'template')).toContain('/assets/sign-in-page');
        expect(await only('session', 'template')).toContain('/assets/profile-page');
        // Once the app's script is in, every batch is (it comes first, the rest within ms).
        await page.waitForFunction(() => document.head.querySelector('script[src*="/assets/"]'));
        await tookOver(page);
        const [wanted, skipped] = session ? ['session', 'visitor'] : ['visitor', 'session'];
        expect(await only(wanted, 'head'), `session ${session}`).toEqual(
          await only(wanted, 'template'),
        );
        expect(await only(skipped, 'head'), `session ${session}`).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("starts the app's JS after the first contentful paint, and the app's start still runs whole", async () => {
    for (const path of ['/sign-in', '/browse']) {
      const { context, page, errors } = await open(path, { withAppJs: true });
      try {
        await tookOver(page);
        const timing = await page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const scripts = performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/.*\.js$/.test(e.name));
          return {
            fcp: fcp?.startTime ?? null,
            firstScript: Math.min(...scripts.map((e) => e.startTime)),
            inTemplate: document.querySelector('template#nn-app')?.innerHTML ?? '',
          };
        });
        expect(timing.fcp, path).not.toBeNull();
        expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.fcp!);
        expect(timing.inTemplate, path).toMatch(/<script type="module"[^>]*src="\/assets\//);
        expect(errors, path).toEqual([]);
        // The offline start waits for the load event, long past by the time the app runs here:
        // it still starts (its banner's container is there).
        await expect.poll(() => page.locator('#nn-offline').count(), { timeout: 20_000 }).toBe(1);
      } finally {
        await context.close();
      }
    }
  });
});
