// Chakra's reset, global styles and tokens as static CSS (build-plugins/chakra-static-css.ts),
// then the Chakra-free shell's primitives over them; first, so the components' own CSS (imported
// with them below) comes later in the cascade and refines the primitives.
import 'virtual:chakra-base.css';
import './shared/ui/base.css';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPagesFor } from './app/router';
import { hasStoredSession } from './features/auth';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Once the app's first render is in the DOM, the prerendered-only CSS (base.css) is done. */
function PrerenderedHtmlReplaced({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => container.removeAttribute('data-prerendered'), [container]);
  return null;
}

// #root holds the route's prerendered HTML (build-plugins/prerender.ts), painted before any
// script runs. The app's first render replaces it; waiting for the route's page chunk first makes
// that render the same page, instead of a "Loading..." flash between two copies of it.
void preloadPagesFor(location.pathname, hasStoredSession()).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
      <PrerenderedHtmlReplaced container={root} />
    </StrictMode>,
  );
});
