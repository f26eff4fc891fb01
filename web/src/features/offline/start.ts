/**
 * The installable app's start (issue 32), loaded by main.tsx once the page has loaded: in a chunk
 * of its own, so no route's first-load JS grows, and after the load event, so nothing here
 * competes with the first paint. Shows the offline banner on every screen, and registers the
 * service worker once the page has settled (production builds only: the dev server's modules are
 * not files it could cache).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterPageSettles } from './after-page-settles';
import { OfflineBanner } from './components/offline-banner';

/** Where the build writes the worker (build-plugins/service-worker.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

export function startOffline(): void {
  // Beside the app's root, not in it: the banner lives outside every route's own tree, and the
  // prerendered page in #root is never touched by it.
  const root = document.getElementById('root');
  const container = document.createElement('div');
  container.id = 'nn-offline';
  document.body.insertBefore(container, root);
  createRoot(container).render(createElement(OfflineBanner));

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    afterPageSettles(() => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
        console.error('The service worker was not registered', error);
      });
    });
  }
}

// Imported for this effect by main.tsx, once the page has loaded.
startOffline();
