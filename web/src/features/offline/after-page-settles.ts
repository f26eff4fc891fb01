/** How long no request of the page's may finish before it counts as settled. */
export const SETTLED_QUIET_MS = 2_000;
/** The longest the worker's registration waits for that quiet. */
export const SETTLED_MAX_MS = 10_000;

/**
 * Calls `then` once the page has settled: no request of the page's (script, style, image, an API
 * call) finished for SETTLED_QUIET_MS, or SETTLED_MAX_MS from now at the latest.
 *
 * Why the worker waits for it: the load event of a prerendered page comes before the app has
 * started (its scripts are added after the first paint), and a worker installing then fetches
 * and compiles the app shell's files while the app's own start needs the CPU. Measured with
 * Lighthouse on the signed-in pages (2 cores): the worker's thread took 150-280 ms of every
 * 500 ms while the app started. Nothing needs the worker that early: it serves later visits and
 * offline reloads.
 */
export function afterPageSettles(then: () => void): void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const done = () => {
    clearTimeout(quiet);
    clearTimeout(latest);
    observer?.disconnect();
    then();
  };
  const latest = setTimeout(done, SETTLED_MAX_MS);
  const wait = () => {
    clearTimeout(quiet);
    quiet = setTimeout(done, SETTLED_QUIET_MS);
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('resource')
  ) {
    observer = new PerformanceObserver(wait);
    observer.observe({ type: 'resource' });
  }
  wait();
}
