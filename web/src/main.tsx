// Chakra's reset, global styles and tokens as static CSS (build-plugins/chakra-static-css.ts),
// then the Chakra-free shell's primitives over them; first, so the components' own CSS (imported
// with them below) comes later in the cascade and refines the primitives.
import 'virtual:chakra-base.css';
import './shared/ui/base.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPagesFor } from './app/router';
import { hasStoredSession, preloadSession } from './features/auth';
import { applyTheme, resolveTheme } from './shared/theme/theme';

// The prerendered pages' head script has set the theme already (app/prerender.tsx); this covers
// the dev server's index.html, which has no such script. Only then: resolving it again reads
// localStorage and a media query, ~7 ms on Browse's main thread.
const { classList } = document.documentElement;
if (!classList.contains('light') && !classList.contains('dark')) applyTheme(resolveTheme());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Once the app's first render is in the DOM, the prerendered-only CSS (base.css) is done. */
function PrerenderedHtmlReplaced({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => container.removeAttribute('data-prerendered'), [container]);
  return null;
}

// #root holds the route's prerendered HTML (build-plugins/prerender.ts), painted before any
// script runs. The app waits for the route's page chunk, so its first render is that same page,
// never a "Loading..." flash between two copies of it. Where the HTML is exactly the app's first
// render for a visitor (data-prerendered="hydrate") a visitor's app adopts it: hydration keeps
// the DOM, so nothing is rebuilt, restyled or laid out again. With a remembered session the
// header differs, and the guarded shell is never the app's own markup: the app renders afresh
// over it. Either way a transition: React renders in slices, yielding to input between them
// (one long task on a slow phone otherwise, Lighthouse TBT), and the prerendered page stays on
// screen until the app's is committed.
const adopt = root.getAttribute('data-prerendered') === 'hydrate';
const session = hasStoredSession();
if (session) preloadSession();
void preloadPagesFor(location.pathname, session).then(() => {
  const app = (
    <StrictMode>
      <App />
      <PrerenderedHtmlReplaced container={root} />
    </StrictMode>
  );
  startTransition(() => {
    if (adopt && !session) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});

// The offline banner and the service worker (issue 32): after the load event, so they never
// delay the first paint, and from a chunk of their own that starts them when imported, outside
// every route's first-load JS (a few dozen bytes gzip here). On a prerendered page this module
// is started after the first paint (prerender.tsx, APP_START_SCRIPT), often once the page has
// loaded: then at once.
const startOffline = () => void import('./features/offline/start');
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline, { once: true });
