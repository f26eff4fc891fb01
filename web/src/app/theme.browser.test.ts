/**
 * Dark mode in Chromium, on the production build served as Hosting serves it: the header's toggle
 * switches the theme and the choice survives a reload, with no flash of the other theme. "No
 * flash" is checked on the first paint itself: the page is reloaded with every script under
 * /assets/ refused, so what shows is the prerendered HTML, its CSS and the inline head script
 * alone (shared/theme/theme.ts THEME_SCRIPT), and it must already be dark, in a screenshot too.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serveBuiltApp } from '../testing/built-app';

const APP_JS = /\/assets\/.*\.js$/;
const app = serveBuiltApp();

async function newContext(colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const context = await app.browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme,
    // Its cached app JS would not meet the route that refuses the app's JS (below).
    serviceWorkers: 'block',
  });
  // No emulator in this suite: the app's calls to it fail fast.
  await context.route(
    (url) => url.hostname === '127.0.0.1' && url.port !== new URL(app.origin).port,
    (route) => route.abort('connectionrefused'),
  );
  return context;
}

/** Refuses the app's JS from now on: pages show their prerendered HTML, CSS and head script. */
async function withoutAppJs(context: BrowserContext) {
  await context.route(APP_JS, (route) => route.abort('blockedbyclient'));
}

/** What the first paint shows: <html>'s theme class, its computed background, a header pixel. */
async function firstPaint(page: Page) {
  const { theme, background } = await page.evaluate(() => ({
    theme: document.documentElement.className.match(/\b(light|dark)\b/)?.[0] ?? null,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));
  // A screenshot of the header's corner (its own background, the bg.panel token), read back
  // through a canvas in a blank page.
  const png = await page.screenshot({ clip: { x: 2, y: 2, width: 4, height: 4 } });
  const blank = await page.context().newPage();
  const pixel = await blank.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return Array.from(ctx.getImageData(1, 1, 1, 1).data.slice(0, 3));
  }, png.toString('base64'));
  await blank.close();
  return { theme, background, pixel };
}

const DARK_BG = 'rgb(9, 9, 11)'; // Chakra's bg token in the dark theme (gray.950's black)
const LIGHT_BG = 'rgb(255, 255, 255)';
const isDark = (rgb: number[]) => rgb.every((c) => c < 40);
const isLight = (rgb: number[]) => rgb.every((c) => c > 215);

describe('dark mode (production build)', () => {
  it('the toggle switches the theme, and the choice survives a reload with no flash', async () => {
    const context = await newContext('light');
    try {
      const page = await context.newPage();
      // A hydration mismatch (the toggle's name rendered for the wrong theme) is reported here.
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error' && /hydrat|Minified React error/i.test(m.text()))
          errors.push(m.text());
      });
      await page.goto(`${app.origin}/about`);
      const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
      // Enabled once the app has taken the prerendered page over.
      await expect.poll(() => toggle.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect((await firstPaint(page)).background).toBe(LIGHT_BG);
      await toggle.click();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('notenest.theme'))).toBe('dark');
      expect((await firstPaint(page)).background).toBe(DARK_BG);

      // Reloaded with none of the app's JS: every prerendered page paints dark from the start.
      await withoutAppJs(context);
      for (const path of ['/about', '/', '/browse', '/sign-in', '/notes/x', '/no-such-page']) {
        await page.goto(`${app.origin}${path}`, { waitUntil: 'load' });
        // The app's module script was refused: this is the page before any app code.
        expect(await page.locator('#root').getAttribute('data-prerendered'), path).not.toBeNull();
        const paint = await firstPaint(page);
        expect(paint.theme, path).toBe('dark');
        expect(paint.background, path).toBe(DARK_BG);
        expect(isDark(paint.pixel), `${path} ${paint.pixel.join(',')}`).toBe(true);
      }

      // With the app again: still dark, and the toggle offers the way back.
      await context.unroute(APP_JS);
      await page.goto(`${app.origin}/about`);
      const back = page.getByRole('button', { name: 'Switch to light theme' });
      await expect.poll(() => back.isEnabled(), { timeout: 20_000 }).toBe(true);
      // The dark page was hydrated (taken over, not rebuilt) without a mismatch.
      await expect
        .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout: 20_000 })
        .toBeNull();
      expect(errors).toEqual([]);
      await back.click();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      const paint = await firstPaint(page);
      expect(paint.background).toBe(LIGHT_BG);
      expect(isLight(paint.pixel), paint.pixel.join(',')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('follows the system setting at first paint until a choice is made', async () => {
    const dark = await newContext('dark');
    try {
      await withoutAppJs(dark);
      const page = await dark.newPage();
      await page.goto(`${app.origin}/`, { waitUntil: 'load' });
      const paint = await firstPaint(page);
      expect(paint).toMatchObject({ theme: 'dark', background: DARK_BG });
      expect(isDark(paint.pixel), paint.pixel.join(',')).toBe(true);

      // A remembered choice wins over the system's dark.
      await page.evaluate(() => localStorage.setItem('notenest.theme', 'light'));
      await page.reload({ waitUntil: 'load' });
      const chosen = await firstPaint(page);
      expect(chosen).toMatchObject({ theme: 'light', background: LIGHT_BG });
      expect(isLight(chosen.pixel), chosen.pixel.join(',')).toBe(true);
    } finally {
      await dark.close();
    }
  });
});
