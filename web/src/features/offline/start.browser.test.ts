/**
 * The production build (web/dist) in headless Chromium, served like Hosting serves it: when the
 * service worker is registered (features/offline/start.ts). It waits for the page to settle, so
 * that its install does not compete with the app's start.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { serveBuiltApp } from '../../testing/built-app';
import { SETTLED_QUIET_MS } from './after-page-settles';

const EMULATOR_PORTS = [8080, 9099, 9199];
const app = serveBuiltApp();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Registration {
  /** performance.now() when the app called navigator.serviceWorker.register. */
  at: number;
  /** When the last request of the page's finished before that call. */
  lastRequestEnd: number;
  /** When the page's load event ended. */
  loadEnd: number;
}

/** A page of the build with service workers allowed; the app's register call is recorded. */
async function open(path: string): Promise<Page> {
  context = await app.browser.newContext({ serviceWorkers: 'allow' });
  // The emulators are not running: refused at once, as the other browser suites do.
  await context.route(
    (url) => url.hostname === '127.0.0.1' && EMULATOR_PORTS.includes(Number(url.port)),
    (route) => route.abort('connectionrefused'),
  );
  await context.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      const ends = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (e) => e.responseEnd,
      );
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      (window as unknown as { registration: Registration }).registration = {
        at: performance.now(),
        lastRequestEnd: Math.max(0, ...ends),
        loadEnd: nav.loadEventEnd,
      };
      return register.apply(this, args);
    };
  });
  const page = await context.newPage();
  await page.goto(`${app.origin}${path}`);
  return page;
}

const registration = (page: Page) =>
  page.evaluate(() => (window as unknown as { registration?: Registration }).registration ?? null);

describe('the service worker', () => {
  it('is registered once the page has had no request finish for a while, and then installs', async () => {
    const page = await open('/about');
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.active)),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const r = await registration(page);
    expect(r).not.toBeNull();
    expect(r!.loadEnd).toBeGreaterThan(0);
    expect(r!.at).toBeGreaterThan(r!.loadEnd);
    // Timers may fire a little early against performance.now(); 50 ms of slack.
    expect(r!.at - r!.lastRequestEnd).toBeGreaterThanOrEqual(SETTLED_QUIET_MS - 50);
  });

  it('waits while the page keeps loading: each finished request starts the quiet again', async () => {
    const page = await open('/about');
    await page.waitForFunction(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .loadEventEnd > 0,
    );
    // A request finishing every half second, for three quiet periods.
    const busyUntil = await page.evaluate(async (quiet) => {
      const until = performance.now() + 3 * quiet;
      while (performance.now() < until) {
        await fetch(`/favicon.svg?t=${performance.now()}`, { cache: 'no-store' });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return performance.now();
    }, SETTLED_QUIET_MS);
    // Not registered while the requests came...
    expect(await registration(page)).toBeNull();
    // ...and registered a quiet period after the last one.
    await page.waitForFunction(
      () => (window as unknown as { registration?: Registration }).registration,
      undefined,
      { timeout: 15_000 },
    );
    const r = await registration(page);
    expect(r!.at).toBeGreaterThan(busyUntil);
    expect(r!.at - r!.lastRequestEnd).toBeGreaterThanOrEqual(SETTLED_QUIET_MS - 50);
  });
});
