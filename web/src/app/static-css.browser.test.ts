/**
 * The Chakra-free shell and Home style themselves with the Chakra system's tokens through CSS
 * variables (shared/ui/base.css, app/layout/app-layout.css, features/home/.../home-page.css). A
 * misspelt or removed token would silently fall back to nothing, so: every `var(--chakra-*)` they
 * use is defined by the static Chakra stylesheet of the build (build-plugins/chakra-static-css.ts),
 * which also carries Chakra's reset, once.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../../', import.meta.url));
const SHELL_CSS = [
  'src/shared/ui/base.css',
  'src/app/layout/app-layout.css',
  'src/features/home/components/home-page.css',
  'src/features/browse/components/note-card.css',
];

const builtCss = () =>
  readdirSync(`${WEB}dist/assets`)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(`${WEB}dist/assets/${f}`, 'utf8'))
    .join('\n');

describe('static Chakra stylesheet (web/dist)', () => {
  it('defines every Chakra token the Chakra-free CSS uses', () => {
    const defined = new Set([...builtCss().matchAll(/(--chakra-[\w-]+)\s*:/g)].map((m) => m[1]));
    expect(defined.size).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const file of SHELL_CSS) {
      const css = readFileSync(WEB + file, 'utf8');
      for (const [, name] of css.matchAll(/var\((--chakra-[\w-]+)/g)) {
        if (!defined.has(name!)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('ships Chakra’s reset once, with Chakra’s cascade layer order', () => {
    const css = builtCss();
    expect(css.match(/@layer reset\s*\{/g)).toHaveLength(1);
    // Chakra's runtime styles land in these layers; the order is set by first appearance.
    const order = ['reset', 'base', 'tokens', 'recipes'].map((l) =>
      css.search(new RegExp(`@layer\\s+([\\w,\\s]*\\b)?${l}\\b`)),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
