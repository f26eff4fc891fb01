/**
 * The Chakra-free pages (the shell, Home, Browse's list, the auth screens, the note page) style
 * themselves with the Chakra system's tokens through CSS variables (every .css file in src). A
 * misspelt or removed token would silently fall back to nothing, so: every `var(--chakra-*)` they
 * use is defined by the static Chakra stylesheet of the build (build-plugins/chakra-static-css.ts),
 * which also carries Chakra's reset, once.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CHAKRA_GLOBALS_LINE,
  chakraSystemWithoutGlobalsPlugin,
} from '../../build-plugins/chakra-static-css';

const WEB = fileURLToPath(new URL('../../', import.meta.url));
/** Every stylesheet of the app's own (plain CSS over the Chakra tokens' variables). */
function ownCss(dir = 'src'): string[] {
  return readdirSync(WEB + dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? ownCss(`${dir}/${e.name}`)
      : e.name.endsWith('.css')
        ? [`${dir}/${e.name}`]
        : [],
  );
}
const SHELL_CSS = ownCss();

const builtCss = () =>
  readdirSync(`${WEB}dist/assets`)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(`${WEB}dist/assets/${f}`, 'utf8'))
    .join('\n');

describe('static Chakra stylesheet (web/dist)', () => {
  it('defines every Chakra token the Chakra-free CSS uses', () => {
    // A token's name may hold an escaped dot (`--chakra-spacing-1\.5`).
    const defined = new Set(
      [...builtCss().matchAll(/(--chakra-[\w-]+(?:\\\.[\w-]+)*)\s*:/g)].map((m) => m[1]),
    );
    expect(defined.size).toBeGreaterThan(100);
    expect(SHELL_CSS).toContain('src/features/notes/components/note-page.css');
    const missing: string[] = [];
    for (const file of SHELL_CSS) {
      const css = readFileSync(WEB + file, 'utf8');
      for (const [, name] of css.matchAll(/var\((--chakra-[\w-]+(?:\\\.[\w-]+)*)/g)) {
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

describe("the browser's Chakra system (chakraSystemWithoutGlobalsPlugin)", () => {
  const SYSTEM = `${WEB}../node_modules/@chakra-ui/react/dist/esm/styled-system/system.js`;
  const transform = (code: string, id = SYSTEM) => {
    const hook = chakraSystemWithoutGlobalsPlugin().transform as (
      code: string,
      id: string,
    ) => { code: string } | null;
    return hook(code, id);
  };

  it('makes no global styles: the installed Chakra serializes them on the line it removes', () => {
    const code = readFileSync(SYSTEM, 'utf8');
    expect(code).toContain(CHAKRA_GLOBALS_LINE);
    const out = transform(code)!.code;
    expect(out).not.toContain(CHAKRA_GLOBALS_LINE);
    expect(out).toContain('const _global = [];');
    // Everything else is Chakra's own.
    expect(out.length).toBe(
      code.length - CHAKRA_GLOBALS_LINE.length + 'const _global = [];'.length,
    );
  });

  it('fails the build when a Chakra release changes that line, and leaves other modules alone', () => {
    expect(() => transform('const _global = [getGlobalCss()];')).toThrow(/no longer has/);
    expect(
      transform(CHAKRA_GLOBALS_LINE, '/x/node_modules/@chakra-ui/react/dist/esm/index.js'),
    ).toBeNull();
  });
});
