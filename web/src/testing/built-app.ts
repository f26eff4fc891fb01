/**
 * A browser suite over the production build (web/dist): serves it as Hosting does (static-server)
 * and launches Chromium before the suite's tests, and closes both after them. Test-only.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../../emulator/src/testing/chromium';
import { serveStatic, type StaticServer } from './static-server';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Call at a suite's top level; read `origin` and `browser` inside its tests. */
export function serveBuiltApp(): { readonly origin: string; readonly browser: Browser } {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(`${DIST}index.html`)) {
      throw new Error(`${DIST}index.html is missing: run \`npm run build -w @notenest/web\` first`);
    }
    server = await serveStatic(DIST);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get origin() {
      if (!server) throw new Error('serveBuiltApp: the suite has not started');
      return server.origin;
    },
    get browser() {
      if (!browser) throw new Error('serveBuiltApp: the suite has not started');
      return browser;
    },
  };
}
