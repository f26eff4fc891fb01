/**
 * The production build (web/dist, `npm run build -w @notenest/web`) in headless Chromium, served
 * like the Hosting emulator serves it (static files + SPA fallback) from 127.0.0.1.
 * What it guards: the Home page per spec, and the bundle split: public pages fetch no Firestore or
 * Storage code (checked by chunk content, not only by name) and never touch their emulator ports.
 * Emulator ports are blocked in the page, so nothing here depends on (or disturbs) a running stack.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../emulator/src/testing/chromium';
import { HOME_SECTIONS } from '../features/home/content';
import { serveStatic, type StaticServer } from '../testing/static-server';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const EMULATOR_PORTS = [8080, 9099, 9199];

/** Strings only the respective SDK's code contains (its production endpoints). */
const SDK_MARKERS = {
  firestore: 'firestore.googleapis.com',
  storage: 'firebasestorage.googleapis.com',
  auth: 'identitytoolkit.googleapis.com',
} as const;
type Sdk = keyof typeof SDK_MARKERS;

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(`${DIST}index.html`)) {
    throw new Error(`${DIST}index.html is missing: run \`npm run build -w @notenest/web\` first`);
  }
  server = await serveStatic(DIST);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested. */
  requests: string[];
  /** Requests to an emulator port (answered with a network error). */
  emulatorRequests: string[];
  scripts: Response[];
}

async function open(
  path: string,
  options: {
    viewport?: { width: number; height: number };
    localStorage?: Record<string, string>;
  } = {},
): Promise<Visit> {
  const context = await browser.newContext({
    viewport: options.viewport ?? null,
    serviceWorkers: 'block',
  });
  const emulatorRequests: string[] = [];
  await context.route(
    (url) => url.hostname === '127.0.0.1' && EMULATOR_PORTS.includes(Number(url.port)),
    (route) => {
      emulatorRequests.push(route.request().url());
      return route.abort('connectionrefused');
    },
  );
  if (options.localStorage) {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, options.localStorage);
  }
  const page = await context.newPage();
  const requests: string[] = [];
  const scripts: Response[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await page.goto(server.origin + path, { waitUntil: 'networkidle' });
  return { context, page, requests, emulatorRequests, scripts };
}

/** Which SDKs the loaded scripts contain, judged by their code. */
async function sdksIn(scripts: Response[]): Promise<Set<Sdk>> {
  const found = new Set<Sdk>();
  for (const script of scripts) {
    const body = await script.text();
    for (const [sdk, marker] of Object.entries(SDK_MARKERS) as [Sdk, string][]) {
      if (body.includes(marker)) found.add(sdk);
    }
  }
  return found;
}

describe('web app in Chromium (production build)', () => {
  it('renders Home with the spec headline and its seven sections in order', async () => {
    const { context, page } = await open('/');
    try {
      await expect
        .poll(() => page.locator('h1').first().textContent())
        .toBe('Share & Discover Academic Notes Easily!');
      const order = await page
        .locator('[data-home-section]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-home-section')));
      expect(order).toEqual(HOME_SECTIONS.map((s) => s.id));
      const headings = await page.locator('[data-home-section] h2').allTextContents();
      expect(headings).toEqual(HOME_SECTIONS.slice(1).map((s) => s.title));
      expect(await page.title()).toContain('NoteNest');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');

      // Signed out: both upload entries lead to /signin, Browse Notes to /browse.
      const main = page.locator('main');
      expect(await main.getByRole('link', { name: 'Upload Notes' }).getAttribute('href')).toBe(
        '/signin',
      );
      expect(await main.getByRole('link', { name: 'Start Sharing' }).getAttribute('href')).toBe(
        '/signin',
      );
      expect(await main.getByRole('link', { name: 'Browse Notes' }).getAttribute('href')).toBe(
        '/browse',
      );
      await expect.poll(() => page.getByText('1,200+').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('loads no Firestore, Storage or Auth code on / for a first-time visitor', async () => {
    const { context, requests, emulatorRequests, scripts } = await open('/');
    try {
      expect(emulatorRequests).toEqual([]);
      expect(requests.filter((u) => /firebase-(firestore|storage)/.test(u))).toEqual([]);
      expect([...(await sdksIn(scripts))]).toEqual([]);
      // Everything came from the app's own origin.
      expect(requests.filter((u) => !u.startsWith(server.origin))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with a stored session loads Auth for the header, still no Firestore or Storage', async () => {
    const hint = {
      uid: 'u1',
      displayName: 'Asha',
      email: 'asha@example.edu',
      photoURL: null,
      passwordSignIn: true,
      role: 'user',
    };
    const { context, page, scripts, emulatorRequests } = await open('/about', {
      localStorage: { 'notenest.session': JSON.stringify(hint) },
    });
    try {
      // Auth is imported once the app has started, which on a loaded machine can be after
      // 'networkidle': wait for it.
      await expect.poll(async () => (await sdksIn(scripts)).has('auth')).toBe(true);
      // Auth answers "nobody" (there is no persisted Firebase user): the stale hint is dropped
      // and the header falls back to "Sign in".
      await expect
        .poll(() => page.locator('header').getByRole('link', { name: 'Sign in' }).count())
        .toBe(1);
      expect(await page.evaluate(() => localStorage.getItem('notenest.session'))).toBeNull();
      // By now the app has done all a session start does: still no Firestore or Storage.
      const sdks = await sdksIn(scripts);
      expect(sdks.has('firestore')).toBe(false);
      expect(sdks.has('storage')).toBe(false);
      expect(emulatorRequests.filter((u) => /:(8080|9199)\//.test(u))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/browse fetches Firestore Lite (not the full SDK) and queries the emulator port', async () => {
    const { context, page, scripts, emulatorRequests } = await open('/browse');
    try {
      await expect.poll(() => page.locator('h1').textContent()).toBe('Explore Shared Notes');
      expect((await sdksIn(scripts)).has('firestore')).toBe(true);
      // Lite only: the full SDK (its WebChannel transport) is the note page's alone.
      const bodies = await Promise.all(scripts.map((s) => s.text()));
      expect(bodies.filter((b) => b.includes('WebChannelConnection'))).toEqual([]);
      expect(emulatorRequests.some((u) => u.startsWith('http://127.0.0.1:8080/'))).toBe(true);
      // The port is blocked here, so the page must show its error state rather than spin.
      await expect.poll(() => page.getByRole('alert').count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('mobile menu opens, navigates and closes', async () => {
    const { context, page } = await open('/', { viewport: { width: 390, height: 844 } });
    try {
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const menu = page.locator('#mobile-menu');
      await menu.getByRole('link', { name: 'About' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
      expect(await menu.count()).toBe(0);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('renders About and not-found without Chakra: no Chakra code fetched, no emotion styles', async () => {
    // The one UI rule (web/README.md): a visitor's first pages load none of Chakra's runtime.
    // (The header's look with and without Chakra's styles is app.e2e's: only signed-in pages
    // load Chakra now.)
    for (const [path, heading] of [
      ['/about', 'About NoteNest'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      const { context, page, scripts } = await open(path);
      try {
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
        // The app has taken the prerendered page over (main.tsx), so its page chunk has run.
        await expect.poll(() => page.locator('#root').getAttribute('data-prerendered')).toBeNull();
        expect(await page.locator('style[data-emotion]').count(), path).toBe(0);
        const bodies = await Promise.all(scripts.map((s) => s.text()));
        expect(bodies.length, path).toBeGreaterThan(0);
        // Emotion's style sheet names its tags so; every Chakra component needs it.
        expect(
          scripts.filter((_, i) => bodies[i]!.includes('data-emotion')).map((s) => s.url()),
          path,
        ).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('serves client routes directly and shows the not-found page for unknown ones', async () => {
    const { context, page } = await open('/no-such-page');
    try {
      await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found');
    } finally {
      await context.close();
    }
  });
});
