/**
 * Hosting's security headers (firebase.json "hosting.headers"), as the Hosting emulator of the
 * run's stack serves them: on the app shell, on a client-side route (the SPA rewrite) and on
 * hashed assets. No page may be framed by another site (clickjacking), content types are not
 * sniffed, the referrer sent to other sites is the origin only, and a Content-Security-Policy
 * allows scripts from our origin only (plus Google's sign-in script in production): an injected
 * <script> or inline handler does not run. The app must pass its own policy: every screen is
 * visited in Chromium, with the actions that reach other origins (Firestore, Auth and Storage
 * emulators, the PDF preview frame, a download, an avatar), and no violation may be reported.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../emulator/src/testing/chromium';
import { newPage, signInAs } from '../../../test/support/stack';
import { ADMIN_ACCOUNT, adminFor } from '../testing/e2e';

const stack = inject('testStack');
const admin = adminFor(stack);
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await admin.close();
});

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Collects the CSP violations a page reports (console and securitypolicyviolation events). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

/** Opens `path` and waits until its screen has rendered its first heading. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor();
}

describe('security headers', () => {
  it('are sent with the shell, a client-side route and an asset', async () => {
    const shell = await fetch(`${stack.url}/`);
    const html = await shell.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    // The one inline script of the prerendered pages (web/src/app/prerender.tsx).
    // (It holds "<", as in i<n: up to its end tag.)
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const inlineScriptHash = createHash('sha256').update(inline[0]!).digest('base64');
    for (const path of ['/', '/browse', asset!]) {
      const res = await fetch(`${stack.url}${path}`);
      expect(res.status, path).toBe(200);
      for (const [name, value] of Object.entries(EXPECTED))
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      // No inline or eval'd script but the prerendered pages' session flag, allowed by its
      // hash; no other origin but Google's sign-in script.
      expect(csp.get('script-src'), path).toEqual([
        "'self'",
        `'sha256-${inlineScriptHash}'`,
        'https://apis.google.com',
      ]);
      // The local stack's policy adds exactly its emulators where the app reaches them.
      expect(csp.get('connect-src'), path).toContain(`http://${stack.host}:8080`);
      expect(csp.get('frame-src'), path).toContain(`http://${stack.host}:9199`);
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  it('refuses an injected inline script', async () => {
    const page = await newPage(browser, stack);
    const violations = await watchViolations(page);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.append(s);
    });
    // The browser's verdict first (an inline script it lets in runs as it is inserted).
    await expect.poll(() => violations.some((v) => /script-src/.test(v))).toBe(true);
    const ran = await page.evaluate(
      () => (window as unknown as { injected?: boolean }).injected === true,
    );
    expect(ran).toBe(false);
    await page.close();
  });

  it('the app passes its own policy on every screen, as a student and as an admin', async () => {
    const approved = await admin.db
      .collection('notes')
      .where('approved', '==', true)
      .where('fileType', '==', 'application/pdf')
      .limit(1)
      .get();
    const noteId = approved.docs[0]!.id;

    const student = await newPage(browser, stack);
    const seen = await watchViolations(student);
    for (const path of ['/', '/about', '/browse', '/sign-in', '/sign-up'])
      await visit(student, path);
    await signInAs(student, 'student2@notenest.dev', 'student1234');
    await student.waitForURL((u) => u.pathname === '/profile');
    await student.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
    // The note page: live note and comments (Firestore), the PDF preview (Storage, PDF.js and
    // its worker) drawn.
    await student.goto(`/notes/${noteId}`);
    await student.getByTestId('pdf-preview').locator('canvas[data-drawn="true"]').first().waitFor();
    await student
      .getByText(/No comments yet|comments?/i)
      .first()
      .waitFor();
    // Browse: the list (Firestore REST) and a download (Storage).
    await student.goto('/browse');
    const card = student.locator('article[data-note-id]').first();
    await card.waitFor();
    const saved = student.waitForEvent('download');
    await card.getByRole('button', { name: 'Download' }).click();
    await saved;
    for (const path of ['/uploading-notes', '/profile']) await visit(student, path);
    await student
      .locator('[data-testid="profile-avatar"], [aria-label="Change profile picture"]')
      .first()
      .waitFor();
    await student.close();

    const adminPage = await newPage(browser, stack);
    const seenByAdmin = await watchViolations(adminPage);
    await signInAs(adminPage, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
    await adminPage.waitForURL((u) => u.pathname === '/admin-dashboard');
    for (const [path, loaded] of [
      ['', 'Total Users'],
      ['/users', 'Username'],
      ['/notes', 'Uploader'],
      ['/pending', 'Pending'],
      ['/colleges', 'Total Notes'],
    ] as const) {
      await adminPage.goto(`/admin-dashboard${path}`);
      await adminPage.getByText(loaded).first().waitFor();
    }
    await adminPage.close();

    expect([...seen, ...seenByAdmin]).toEqual([]);
  });
});
