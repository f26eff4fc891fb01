/**
 * LoadingState's spinner (shared/ui/base.css) in Chromium, on the production build's stylesheet:
 * a page's wait shows it only once it has lasted a second, hidden and not turning until then (a
 * turning spinner kept the compositor drawing while the app started); a button's shows at once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { serveBuiltApp } from '../../testing/built-app';

const app = serveBuiltApp();
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A page of the build showing its prerendered HTML and stylesheet; the app's calls fail fast. */
async function open(): Promise<Page> {
  context = await app.browser.newContext({ serviceWorkers: 'block' });
  await context.route(
    (url) => url.hostname === '127.0.0.1' && url.port !== new URL(app.origin).port,
    (route) => route.abort('connectionrefused'),
  );
  const page = await context.newPage();
  await page.goto(`${app.origin}/about`);
  return page;
}

describe("a page's loading spinner", () => {
  /** Visibility and running animations of a spinner added now, in `where`'s markup. */
  const spinnerIn = (page: Page, where: 'loading' | 'button') =>
    page.evaluate((kind) => {
      const host = document.createElement(kind === 'loading' ? 'div' : 'button');
      host.className = kind === 'loading' ? 'nn-loading' : 'nn-button';
      host.innerHTML = '<span class="nn-spinner"></span><p>Loading...</p>';
      document.body.append(host);
      const spinner = host.querySelector('.nn-spinner')!;
      const state = () => ({
        visibility: getComputedStyle(spinner).visibility,
        // In its active phase (during its delay, an animation without fill has no progress).
        turning: spinner
          .getAnimations()
          .some(
            (a) =>
              (a as CSSAnimation).animationName === 'spin' &&
              a.effect?.getComputedTiming().progress != null,
          ),
      });
      const first = state();
      return new Promise<{ first: typeof first; later: typeof first }>((resolve) =>
        setTimeout(() => resolve({ first, later: state() }), 1_300),
      );
    }, where);

  it('shows only once the wait has lasted a second', async () => {
    const page = await open();
    const { first, later } = await spinnerIn(page, 'loading');
    expect(first).toEqual({ visibility: 'hidden', turning: false });
    expect(later).toEqual({ visibility: 'visible', turning: true });
  });

  it('in a button, answering a press, shows at once', async () => {
    const page = await open();
    const { first } = await spinnerIn(page, 'button');
    expect(first).toEqual({ visibility: 'visible', turning: true });
  });
});
