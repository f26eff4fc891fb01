/**
 * The one place that says how test suites start a browser. Browsers are never downloaded here:
 * CI (.ci/run) installs Debian's chromium at /usr/bin/chromium, so a missing browser is an error
 * that fails the suite, never a reason to skip it. CHROMIUM_PATH overrides the path.
 *
 * Test-only (imports the playwright-core devDependency lazily). Built to dist/testing/ so the
 * bench (plain .mjs run after the build) can use it too; the runtime entry never imports it.
 */
import { existsSync } from 'node:fs';
import type { Browser, LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Throws (failing the calling hook) when the browser is missing. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}; .ci/run installs it (apt-get install chromium), ` +
        'or set CHROMIUM_PATH. Browser suites fail rather than skip without it.',
    );
  }
  return CHROMIUM_PATH;
}

/** Headless Chromium with the shared options; `extra` is merged in (args appended). */
export async function launchChromium(extra: LaunchOptions = {}): Promise<Browser> {
  const executablePath = requireChromium();
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    headless: true,
    ...extra,
    executablePath,
    args: [...CHROMIUM_ARGS, ...(extra.args ?? [])],
  });
}
