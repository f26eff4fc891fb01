/**
 * The note page with its note in the HTML (functions' GET /notes/:id, behind Hosting's rewrite),
 * on the seeded stack: a returning reader sees the note as the document paints, before any of
 * the app's JS runs, and the app then shows the same note without reading it again. Only what
 * the rules show everyone goes into the page: a pending note's title never does.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { createStudent, signedInPage } from '../../../../test/support/stack';
import { buildDemoData } from '../../../../scripts/lib/demo-data.mjs';
import { appTookOver, expectReloadKeepsHeadingInPlace, uniqueEmail } from '../../testing/e2e';
import { SITE_TITLE } from '../../shared/utils/use-document-title';
import { NOTE_ELEMENT_ID } from './api/note-detail-api';
import { noteDocumentTitle } from './api/note-detail-model';

const stack = inject('testStack');
const demo = buildDemoData();
const approved = demo.notes.find((n) => n.data.approved)!;
const pending = demo.notes.find((n) => !n.data.approved)!;
const reader = {
  email: uniqueEmail('note-html-reader'),
  password: 'secret123',
  username: 'Noor Das',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await createStudent(stack, reader);
});

afterAll(async () => {
  await browser?.close();
});

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function pageOf(path: string) {
  const res = await fetch(`${stack.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  return { res, html: await res.text() };
}

/**
 * Watches for a page-wide loading state in #root ("Loading Notes..." or the guard's "Loading..."),
 * from the document's first parse on.
 */
async function watchLoading(page: Page) {
  const seen = { value: false };
  await page.exposeFunction('nnLoadingSeen', () => (seen.value = true));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const states = Array.from(document.querySelectorAll('#root .nn-loading'));
      if (states.some((s) => /^Loading( Notes)?\.\.\.$/.test(s.textContent ?? '')))
        void (window as unknown as { nnLoadingSeen: () => void }).nnLoadingSeen();
    }).observe(document, { subtree: true, childList: true });
  });
  return seen;
}

describe('The note page with its note in the HTML', () => {
  it('GET /notes/:id of an approved note holds the note, as markup and as data', async () => {
    const { res, html } = await pageOf(`/notes/${approved.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    // Hosting's security headers apply to the function's page too.
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toContain(
      `<h1 id="note-title" class="nn-heading nn-note-header__title">${escapeHtml(approved.data.title)}</h1>`,
    );
    const data = html.match(
      new RegExp(`<script type="application/json" id="${NOTE_ELEMENT_ID}">([^<]*)</script>`),
    );
    expect(JSON.parse(data?.[1] ?? 'null')).toMatchObject({
      id: approved.id,
      document: { name: expect.stringMatching(new RegExp(`/notes/${approved.id}$`)) as string },
    });
    expect(html).not.toContain('Loading Notes...');
    // The tab and a shared link's preview name the note.
    const entities = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(html).toContain(`<title>${entities(noteDocumentTitle(approved.data.title))}</title>`);
    // A visitor still gets the sign-in form there (the route is guarded).
    expect(html).toContain('aria-label="Sign in"');
  });

  it("a pending note's page holds nothing of it, as for a note that does not exist", async () => {
    const { res, html } = await pageOf(`/notes/${pending.id}`);
    expect(res.status).toBe(200);
    expect(html).not.toContain(escapeHtml(pending.data.title));
    expect(html).not.toContain(pending.id);
    expect(html).not.toContain(`id="${NOTE_ELEMENT_ID}"`);
    expect(html).toContain('Loading Notes...');
    expect(html).toContain(`<title>${SITE_TITLE.replace(/&/g, '&amp;')}</title>`);
    const missing = await pageOf('/notes/no-such-note');
    expect(missing.html).toBe(html);
    // An id Firestore would refuse is not read at all.
    expect((await pageOf('/notes/%3Cscript%3E')).html).toBe(html);
  });

  it("a returning reader sees the note before any of the app's JS runs", async () => {
    const context = await browser.newContext({ baseURL: stack.url, serviceWorkers: 'block' });
    try {
      await context.route(/\/assets\/.*\.js$/, (route) => route.abort('blockedbyclient'));
      // The session hint a signed-in reader's browser keeps (features/auth/api/session.ts).
      await context.addInitScript(() =>
        localStorage.setItem('notenest.session', JSON.stringify({ role: 'user' })),
      );
      const page = await context.newPage();
      await page.goto(`/notes/${approved.id}`);
      const title = page.getByRole('heading', { level: 1, name: approved.data.title });
      expect(await title.isVisible()).toBe(true);
      expect(await page.locator('[data-field="subject"]').textContent()).toBe(
        approved.data.subjectName,
      );
      // The visitor's variant is in the page, hidden.
      const signIn = page.locator('form[aria-label="Sign in"]');
      expect(await signIn.count()).toBe(1);
      expect(await signIn.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('the app takes the note over without reading it again, then keeps it live', async () => {
    const page = await signedInPage(browser, stack, reader.email, reader.password);
    const reads: string[] = [];
    let listening = false;
    page.on('request', (r) => {
      const url = decodeURIComponent(r.url());
      if (url.includes(`/documents/notes/${approved.id}`)) reads.push(url);
      if (url.includes('Firestore/Listen/channel')) listening = true;
    });
    const loading = await watchLoading(page);
    await page.goto(`/notes/${approved.id}`);
    await appTookOver(page);
    expect(await page.locator('#note-title').textContent()).toBe(approved.data.title);
    // The live listener starts once the first read has answered: by then a read would be seen.
    await expect.poll(() => listening, { timeout: 30_000 }).toBe(true);
    expect(reads).toEqual([]);
    expect(loading.value).toBe(false);
    // The app's own page: its like button works once the reader's like has been read.
    await expect
      .poll(() => page.locator('[data-action="like"]').isEnabled(), { timeout: 30_000 })
      .toBe(true);
    // The app names the tab after the note too, and the site again once the reader moves on.
    expect(await page.title()).toBe(noteDocumentTitle(approved.data.title));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await page.waitForURL('**/about');
    await expect.poll(() => page.title()).toBe(SITE_TITLE);
    await page.goBack();
    await expect.poll(() => page.title()).toBe(noteDocumentTitle(approved.data.title));
    // The heading the page paints with stays where it is when the app takes over.
    await expectReloadKeepsHeadingInPlace(page, approved.data.title, (p) =>
      p.locator('[data-action="like"]:not([disabled])').waitFor({ timeout: 30_000 }),
    );
    await page.close();
  });
});
