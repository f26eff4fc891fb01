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
    width = 390,
  }: { withAppJs: boolean; session?: boolean; width?: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  // No emulator in this suite: the app's calls to it fail fast.
  await context.route(
    (url) => url.hostname === '127.0.0.1' && EMULATOR_PORTS.includes(Number(url.port)),
    (route) => route.abort('connectionrefused'),
  );
  if (!withAppJs) {
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort('blockedbyclient'));
  }
  // Records whether "Loading..." ever shows in #root, from before the first script runs.
  await context.addInitScript(() => {
    const w = window as unknown as { sawLoading: boolean };
    w.sawLoading = false;
    new MutationObserver(() => {
      if (document.querySelector('#root .nn-loading')) w.sawLoading = true;
    }).observe(document, { subtree: true, childList: true });
  });
  if (session) {
    await context.addInitScript(
      (hint) => localStorage.setItem('notenest.session', hint),
      SESSION_HINT,
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) errors.push(m.text());
  });
  await page.goto(server.origin + path, { waitUntil: 'load' });
  return { context, page, errors };
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
        expect(await page.locator('#root').getAttribute('data-prerendered'), path).toBe('');
        // Styled by the CSS in the document (the header's bar is laid out as a row).
        expect(await page.locator('.nn-header__brand').isVisible(), path).toBe(true);
        expect(
          await page.locator('.nn-header__bar').evaluate((el) => getComputedStyle(el).display),
          path,
        ).toBe('flex');
      } finally {
        await context.close();
      }
    }
  });

  it('a guarded route shows a visitor the sign-in form, and a known session "Loading..."', async () => {
    const visitor = await open('/notes/some-note', { withAppJs: false, width: 1280 });
    try {
      expect(await visitor.page.locator('input[type="password"]').isVisible()).toBe(true);
      expect(await visitor.page.getByText('Loading...', { exact: true }).isVisible()).toBe(false);
      expect(await visitor.page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
    const returning = await open('/notes/some-note', {
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
  });

  it('the app replaces the shell with the same live page, with no "Loading..." in between', async () => {
    const { context, page } = await open('/sign-in', { withAppJs: true });
    try {
      await expect.poll(() => page.locator('#root').getAttribute('data-prerendered')).toBeNull();
      expect(await page.locator('input[type="email"]').isVisible()).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading),
      ).toBe(false);
      // Live: the form is React's now (typing updates its state, shown by the input itself).
      await page.locator('input[type="email"]').fill('student1@notenest.dev');
      expect(await page.locator('input[type="email"]').inputValue()).toBe('student1@notenest.dev');
    } finally {
      await context.close();
    }
  });
});
