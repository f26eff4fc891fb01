/**
 * Browse's first page in the HTML (functions' GET /browse, behind Hosting's rewrite): on the seeded
 * stack, the list is in the document, readable and linked before any of the app's JS runs; the
 * app then shows the very same cards without reading the list again, and goes on from there
 * ("Load more"). A note's text cannot break out of the page's embedded data.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { buildDemoData, type DemoData } from '../../../../scripts/lib/demo-data.mjs';
import { FIRST_PAGE_ELEMENT_ID } from './api/browse-api';

type DemoNote = DemoData['notes'][number];

const stack = inject('testStack');
const demo = buildDemoData();
const PAGE_SIZE = 24;
const newestApproved = demo.notes
  .filter((n) => n.data.approved)
  .sort((a: DemoNote, b: DemoNote) => b.data.createdAt.getTime() - a.data.createdAt.getTime());

let browser: Browser;
let admin: App;
let db: Firestore;
const made: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  admin = initializeApp({ projectId: 'demo-notenest' }, `browse-first-page-${Date.now()}`);
  db = getFirestore(admin);
  db.settings({ host: `${stack.host}:8080`, ssl: false });
});

afterAll(async () => {
  await Promise.all(made.map((id) => db.doc(`notes/${id}`).delete()));
  await browser?.close();
  if (admin) await deleteApp(admin);
});

const cardIds = (page: Page) =>
  page
    .locator('article[data-note-id]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-note-id')));

/** A page of the stack; `appJs: false` refuses the app's scripts (/assets/*.js). */
async function open(path: string, { appJs }: { appJs: boolean }) {
  const context = await browser.newContext({ baseURL: stack.url, serviceWorkers: 'block' });
  if (!appJs) await context.route(/\/assets\/.*\.js$/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  const queries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(':runQuery')) queries.push(r.url());
  });
  const loadingSeen = { value: false };
  await page.exposeFunction('nnLoadingSeen', () => (loadingSeen.value = true));
  await context.addInitScript(() => {
    // The first card as served, to tell a hydrated list from a rebuilt one.
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstCard: Element | null }).firstCard =
        document.querySelector('article[data-note-id]');
    });
    new MutationObserver(() => {
      if (document.querySelector('#root .nn-loading'))
        void (window as unknown as { nnLoadingSeen: () => void }).nnLoadingSeen();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(path);
  return { context, page, queries, loadingSeen };
}

describe('Browse first page in the HTML', () => {
  it('GET /browse holds the newest approved notes as cards and as data', async () => {
    const res = await fetch(`${stack.url}/browse`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    // Hosting's security headers apply to the function's page too.
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const ids = [...html.matchAll(/<article[^>]*data-note-id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(newestApproved.slice(0, PAGE_SIZE).map((n) => n.id));
    expect(html).toContain(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">`);
    expect(html).not.toContain('Loading notes...');
  });

  it('with a search in the address, the page comes without a list for the app to read', async () => {
    const html = await (await fetch(`${stack.url}/browse?q=calculus`)).text();
    expect(html).toContain('Loading notes...');
    expect(html).not.toContain('<article');
    expect(html).not.toContain(FIRST_PAGE_ELEMENT_ID);
  });

  it("shows the cards, with working links, before any of the app's JS runs", async () => {
    const { context, page } = await open('/browse', { appJs: false });
    try {
      const first = newestApproved[0]!;
      const card = page.locator(`article[data-note-id="${first.id}"]`);
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(first.data.title);
      expect(await card.getByRole('link', { name: 'Detail' }).getAttribute('href')).toBe(
        `/notes/${first.id}`,
      );
      expect(await cardIds(page)).toHaveLength(PAGE_SIZE);
      // Its buttons wait for the app (a click would do nothing until then).
      expect(await card.locator('[data-action="like"]').isDisabled()).toBe(true);
      expect(await card.locator('[data-action="comments"]').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Load more' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the app takes the same cards over without reading the list, then loads more', async () => {
    const { context, page, queries, loadingSeen } = await open('/browse', { appJs: true });
    try {
      const served = await cardIds(page);
      await expect
        .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout: 20_000 })
        .toBeNull();
      expect(await cardIds(page)).toEqual(served);
      expect(loadingSeen.value).toBe(false);
      // Hydrated: the served cards are the app's own now, not copies.
      expect(
        await page.evaluate(() => {
          const { firstCard } = window as unknown as { firstCard: Element | null };
          return (
            firstCard !== null && firstCard === document.querySelector('article[data-note-id]')
          );
        }),
      ).toBe(true);
      // The search bar, served disabled, is enabled once the app has taken the page over.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Search notes' }).isEnabled(), {
          timeout: 20_000,
        })
        .toBe(true);
      expect(queries).toEqual([]);
      expect(await page.locator('article [data-action="comments"]').first().isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Load more' }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect
        .poll(() => cardIds(page), { timeout: 20_000 })
        .toEqual(newestApproved.slice(0, 2 * PAGE_SIZE).map((n) => n.id));
      expect(queries).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("a note's text cannot end the embedded data or run as script", async () => {
    const title = '</script><script>window.nnInjected=1</script> $& Notes';
    const ref = db.collection('notes').doc();
    made.push(ref.id);
    await ref.set({
      ...newestApproved[0]!.data,
      title,
      description: '<img src=x onerror="window.nnInjected=1">',
      uploaderId: 'someone',
      approved: true,
      createdAt: Timestamp.fromMillis(Date.now() + 60_000),
    });
    const { context, page, queries } = await open('/browse', { appJs: true });
    try {
      // The data is whole: it parses, holds the title as written, and the app used it (the CSP
      // would stop an injected script anyway; this checks the escaping itself).
      const embedded = await page.evaluate(
        (id) => JSON.parse(document.getElementById(id)?.textContent ?? 'null') as unknown,
        FIRST_PAGE_ELEMENT_ID,
      );
      expect(JSON.stringify(embedded)).toContain(JSON.stringify(title).slice(1, -1));
      const card = page.locator(`article[data-note-id="${ref.id}"]`);
      await expect
        .poll(() => card.getByRole('heading', { level: 2 }).textContent(), { timeout: 20_000 })
        .toBe(title);
      await expect
        .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout: 20_000 })
        .toBeNull();
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(title);
      expect(await page.evaluate(() => (window as { nnInjected?: number }).nnInjected)).toBe(
        undefined,
      );
      expect(queries).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
