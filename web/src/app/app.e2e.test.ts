/**
 * Proves the e2e wiring: the run's stack (inject('testStack'), web/vitest.config.ts project e2e)
 * serves the built app, whose Firestore SDK reads the seeded notes from the stack's own loopback
 * address; a new student signs in. Template for feature e2e tests: see test/support/stack.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../emulator/src/testing/chromium';
import { buildDemoData } from '../../../scripts/lib/demo-data.mjs';
import { createStudent, newPage, signInAs } from '../../../test/support/stack';

const stack = inject('testStack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('e2e stack', () => {
  it('runs on its own loopback address, not 127.0.0.1', () => {
    expect(stack.host).toMatch(/^127\.\d+\.\d+\.\d+$/);
    expect(stack.host).not.toBe('127.0.0.1');
    expect(stack.url).toBe(`http://${stack.host}:5000`);
  });

  it('serves the home page', async () => {
    const page = await newPage(browser, stack);
    await page.goto('/');
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 30_000 })
      .toBe('Share & Discover Academic Notes Easily!');
    await page.close();
  });

  it('shows seeded approved notes on /browse', async () => {
    const approved = new Set(
      buildDemoData()
        .notes.filter((n) => n.data.approved)
        .map((n) => n.id),
    );
    const page = await newPage(browser, stack);
    await page.goto('/browse');
    const cards = page.locator('article[data-note-id]');
    await cards.first().waitFor({ timeout: 30_000 });
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-note-id')));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(approved.has(id!), `${id} is a seeded approved note`).toBe(true);
    await page.close();
  });

  it('signs in a new student, who then reaches a guarded page', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    await createStudent(stack, { email, password: 'secret123', username: 'E2E Student' });
    const page = await newPage(browser, stack);
    await signInAs(page, email, 'secret123');
    await page.goto('/profile');
    // Signed-out visitors are sent to /sign-in (its heading); a signed-in one sees the page.
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor({ timeout: 30_000 });
    expect(await heading.textContent()).not.toBe('Sign In');
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.close();
  });

  it('renders the header the same on a Chakra page (/uploading-notes) as on a Chakra-free one (/)', async () => {
    // The shell is plain CSS over the static Chakra stylesheet; the signed-in app's pages bring
    // Chakra's runtime and its styles (web/README.md, "One UI rule"). The header must not change.
    const email = `e2e-header-${Date.now()}@example.com`;
    await createStudent(stack, { email, password: 'secret123', username: 'Header Check' });
    const page = await newPage(browser, stack);
    await signInAs(page, email, 'secret123');
    const header = page.locator('header');
    const chakraStyles = () =>
      page.evaluate(() => document.querySelectorAll('style[data-emotion]').length);
    const settled = async () => {
      // The app has taken the prerendered page over, and the header shows the signed-in user.
      await expect
        .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout: 30_000 })
        .toBeNull();
      await expect
        .poll(() => header.getByText('Header Check').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      // The bell, whose code loads once the session is confirmed (its slot is there before).
      await header.getByTestId('notification-bell').waitFor({ timeout: 30_000 });
    };
    const headerLook = () =>
      header.evaluate((root) =>
        [root, ...Array.from(root.querySelectorAll('*'))].map((el) => {
          const r = el.getBoundingClientRect();
          const cs = getComputedStyle(el);
          const style = [
            'color',
            'background-color',
            'border-top-color',
            'border-radius',
            'border-width',
            'font-family',
            'font-size',
            'font-weight',
            'line-height',
            'padding',
            'display',
            'opacity',
            'box-shadow',
          ].map((name) => cs.getPropertyValue(name));
          return [el.tagName, r.x, r.y, r.width, r.height, ...style].join(' ');
        }),
      );
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await settled();
      expect(await chakraStyles()).toBe(0);
      const before = await headerLook();
      // Not /profile: its header leaves out Sign Out (site-header.tsx).
      await page.goto('/uploading-notes');
      await settled();
      await expect.poll(chakraStyles, { timeout: 30_000 }).toBeGreaterThan(0);
      // Every element of the header where it was, styled as it was. (Not a screenshot: since the
      // bell and the theme toggle, a Chakra page antialiases a few pixels of Sign Out's rounded
      // border differently, with every box and style the same.)
      expect(await headerLook(), `header at ${viewport.width} px`).toEqual(before);
    }
    await page.close();
  });
});
