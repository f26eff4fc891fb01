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
});
