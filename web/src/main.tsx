// Chakra's reset, global styles and tokens as static CSS (build-plugins/chakra-static-css.ts),
// then the Chakra-free shell's primitives over them; first, so the components' own CSS (imported
// with them below) comes later in the cascade and refines the primitives.
import 'virtual:chakra-base.css';
import './shared/ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
