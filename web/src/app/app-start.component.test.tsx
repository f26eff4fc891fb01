// The prerendered pages' start of the app's JS (prerender.tsx, APP_START_SCRIPT), run as the
// inline head script runs: its insertion of the app's script and preloads, a few per task.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPTS_ID, APP_START_BATCH, APP_START_SCRIPT } from './prerender';

const PRELOADS = 13;

/** The built page's template: the entry's module script, then its modulepreload links. */
function template(): string[] {
  const hrefs = Array.from({ length: PRELOADS }, (_, i) => `/assets/chunk-${i}.js`);
  const t = document.createElement('template');
  t.id = APP_SCRIPTS_ID;
  t.innerHTML =
    '<script type="module" crossorigin src="/assets/index.js"></script>' +
    hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  document.head.append(t);
  return ['/assets/index.js', ...hrefs];
}

/** What has been inserted into <head> so far, in document order. */
function inserted(): string[] {
  return Array.from(
    document.head.querySelectorAll(':scope > script[src], :scope > link[rel="modulepreload"]'),
    (e) => e.getAttribute('src') ?? e.getAttribute('href') ?? '',
  );
}

/** The page's paint observer (jsdom reports no paints): `paint()` reports the first one. */
let paint: () => void;

beforeEach(() => {
  document.head.innerHTML = '';
  vi.useFakeTimers();
  paint = () => {
    throw new Error('the script observes no paint');
  };
  class PaintObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (list: unknown, observer: PaintObserver) => void) {
      paint = () =>
        callback(
          { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) },
          this,
        );
    }
    observe() {}
    disconnect() {
      paint = () => {};
    }
  }
  vi.stubGlobal('PerformanceObserver', PaintObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe("the app's start on a prerendered page", () => {
  it(`inserts the script and preloads ${APP_START_BATCH} a task, in the template's order, each once`, () => {
    const all = template();
    // Indirect eval: in the global scope, as an inline <script> runs.
    (0, eval)(APP_START_SCRIPT);
    expect(inserted()).toEqual([]);
    paint();
    // The first batch at the first paint, the rest after yielding to the event loop.
    expect(inserted()).toEqual(all.slice(0, APP_START_BATCH));
    vi.advanceTimersToNextTimer();
    expect(inserted()).toEqual(all.slice(0, 2 * APP_START_BATCH));
    vi.runAllTimers();
    expect(inserted()).toEqual(all);
    // Real elements (a clone of the template's script would never run), with their attributes.
    const script = document.head.querySelector(':scope > script[src]');
    expect(script?.getAttribute('type')).toBe('module');
    expect(script?.hasAttribute('crossorigin')).toBe(true);
    // The 5 s fallback start does nothing once started.
    vi.advanceTimersByTime(6_000);
    expect(inserted()).toEqual(all);
  });

  it("skips the preloads of the guarded page's other variant (data-nn-only)", () => {
    const t = document.createElement('template');
    t.id = APP_SCRIPTS_ID;
    t.innerHTML =
      '<script type="module" src="/assets/index.js"></script>' +
      '<link rel="modulepreload" href="/assets/shared.js">' +
      '<link rel="modulepreload" href="/assets/sign-in.js" data-nn-only="visitor">' +
      '<link rel="modulepreload" href="/assets/dashboard.js" data-nn-only="session">';
    document.head.append(t);
    for (const session of [false, true]) {
      document.head.querySelectorAll(':scope > script, :scope > link').forEach((e) => e.remove());
      document.documentElement.classList.toggle('nn-session', session);
      (0, eval)(APP_START_SCRIPT);
      paint();
      vi.runAllTimers();
      expect(inserted()).toEqual([
        '/assets/index.js',
        '/assets/shared.js',
        session ? '/assets/dashboard.js' : '/assets/sign-in.js',
      ]);
    }
    document.documentElement.classList.remove('nn-session');
  });

  it('does nothing on a page without the template', () => {
    (0, eval)(APP_START_SCRIPT);
    vi.runAllTimers();
    template();
    expect(inserted()).toEqual([]);
  });
});
