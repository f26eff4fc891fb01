/**
 * axe-core on every route of the app (issue 11), against the seeded stack in headless Chromium:
 * no serious or critical violation, in the light and the dark theme, on a phone-sized and a
 * desktop viewport, as the user the route is for (signed out for public pages, a demo student for the guarded ones, the admin for the
 * admin area). Read-only: it opens pages and changes no data.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../emulator/src/testing/chromium';
import { buildDemoData } from '../../../scripts/lib/demo-data.mjs';
import { newPage, signInAs } from '../../../test/support/stack';

const stack = inject('testStack');
const demo = buildDemoData();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const student = demo.accounts.find((a) => a.email === 'student1@notenest.dev')!;
const admin = demo.accounts.find((a) => a.role === 'admin')!;
const approvedNote = demo.notes.find((n) => n.data.approved)!;
const ownNote = demo.notes.find((n) => n.data.uploaderId === student.uid)!;

type Who = 'visitor' | 'student' | 'admin';
const ROUTES: Array<{ path: string; who: Who }> = [
  { path: '/', who: 'visitor' },
  { path: '/about', who: 'visitor' },
  { path: '/sign-in', who: 'visitor' },
  { path: '/signin', who: 'visitor' },
  { path: '/sign-up', who: 'visitor' },
  { path: '/browse', who: 'visitor' },
  { path: '/no-such-page', who: 'visitor' },
  { path: '/browse', who: 'student' },
  // A chosen course shows its Follow button (issue 32), to a visitor and to a student.
  { path: `/browse?course=${encodeURIComponent(approvedNote.data.courseName)}`, who: 'visitor' },
  { path: `/browse?course=${encodeURIComponent(approvedNote.data.courseName)}`, who: 'student' },
  { path: '/profile', who: 'student' },
  { path: '/profile?tab=following', who: 'student' },
  { path: '/notifications', who: 'student' },
  { path: '/uploading-notes', who: 'student' },
  { path: `/notes/${approvedNote.id}`, who: 'student' },
  { path: `/update-notes/${ownNote.id}`, who: 'student' },
  { path: '/admin-dashboard', who: 'admin' },
  { path: '/admin-dashboard/users', who: 'admin' },
  { path: '/admin-dashboard/notes', who: 'admin' },
  { path: '/admin-dashboard/pending', who: 'admin' },
  { path: '/admin-dashboard/colleges', who: 'admin' },
  { path: '/admin-dashboard/reports', who: 'admin' },
  { path: '/admin-dashboard/no-such-page', who: 'admin' },
];

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * The rules whose outcome depends on colour. The dark theme changes colours only (the same markup,
 * the same tokens' other values), so the dark pass runs these; the light pass runs every rule.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Serious and critical violations on the page as it is now: rule id and a short description. */
async function seriousViolations(
  page: Page,
  rules: 'all' | 'colour',
): Promise<Array<{ rule: string; line: string }>> {
  // Evaluated through the DevTools protocol: an injected <script> would be refused by the app's
  // Content-Security-Policy (script-src 'self'), which is the point of the policy.
  await page.evaluate(AXE);
  const runOnly = rules === 'colour' ? { type: 'rule', values: COLOUR_RULES } : undefined;
  const violations = await page.evaluate(async (runOnly) => {
    const axe = (
      window as unknown as { axe: { run(o?: object): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run({ resultTypes: ['violations'], ...(runOnly ? { runOnly } : {}) }))
      .violations;
  }, runOnly);
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
      const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
      return { rule: v.id, line: `${v.impact} ${v.id} (${v.help}): ${targets.join(', ')}${more}` };
    });
}

let browser: Browser;
const pages = new Map<Who, Page>();
/** Each page's requests in flight (see quiet). */
const inFlight = new Map<Page, Set<Request>>();

/**
 * Firestore's channels (the note page's live listeners): long polls held open on purpose, which
 * never let the network idle, so waiting for idle there only ran out its timeout.
 */
const LONG_POLL = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel/;

function trackRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (r) => {
    if (!LONG_POLL.test(r.url())) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  inFlight.set(page, open);
}

/**
 * Playwright's 'networkidle' (no request for 500 ms), counting every request but Firestore's long
 * polls; at most 5 s (a route that keeps fetching is checked as it is then, as before).
 */
async function quiet(page: Page) {
  const open = inFlight.get(page)!;
  const deadline = Date.now() + 5_000;
  let idleSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= 500) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  for (const who of ['visitor', 'student', 'admin'] as const) {
    const page = await newPage(browser, stack);
    trackRequests(page);
    if (who === 'student') await signInAs(page, student.email, student.password);
    if (who === 'admin') await signInAs(page, admin.email, admin.password);
    pages.set(who, page);
  }
});

afterAll(async () => {
  await browser?.close();
});

/** The route has rendered: its main heading is there and nothing is loading any more. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await quiet(page);
  await page.waitForFunction(
    // Loading placeholders are status regions saying "Loading..."; other status regions (a
    // live count such as "3 Notes Pending") stay.
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !Array.from(document.querySelectorAll('[role="status"]')).some((e) =>
        /loading/i.test(e.textContent ?? ''),
      ),
    null,
    // No catch: axe on a page still loading would check the placeholder, not the route.
    { timeout: 15_000 },
  );
}

/**
 * Both themes (shared/theme/theme.ts), as the system setting asks for them: none of these pages
 * has a remembered choice, so the head script and the app follow prefers-color-scheme. Colour
 * contrast is axe's, so each theme's token pairs are checked where they are actually used; the
 * dark pass runs only the colour rules (COLOUR_RULES), the rest being the light pass's markup.
 *
 * Two page loads per route, not four: the phone loads light and the desktop dark, and each then
 * switches to the other theme as a system setting changing at dusk does (the app follows it
 * live). So both themes are checked as loaded and as switched to, at both sizes.
 */
const PASSES = [
  { viewport: VIEWPORTS[0]!, themes: ['light', 'dark'] },
  { viewport: VIEWPORTS[1]!, themes: ['dark', 'light'] },
] as const;

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const { path, who } of ROUTES) {
    it(`${path} as ${who}, light and dark`, async () => {
      const page = pages.get(who)!;
      const found: string[] = [];
      for (const { viewport, themes } of PASSES) {
        await page.setViewportSize(viewport);
        for (const [i, theme] of themes.entries()) {
          await page.emulateMedia({ colorScheme: theme });
          if (i === 0) {
            await page.goto(path);
            await settle(page);
          }
          // The page is in the theme asked for (else the dark pass would check light again).
          await expect
            .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), {
              message: `${path} ${theme}`,
            })
            .toBe(theme === 'dark');
          // Buttons fade their colours (base.css, Chakra's recipes): axe must read the end ones.
          await page.waitForFunction(() =>
            document
              .getAnimations()
              .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
          );
          for (const { line } of await seriousViolations(
            page,
            theme === 'dark' ? 'colour' : 'all',
          )) {
            found.push(`${theme} ${viewport.width}px ${line}`);
          }
        }
      }
      if (found.length) console.log(`${path} as ${who}:\n  ${found.join('\n  ')}`);
      expect(found).toEqual([]);
    });
  }
});
