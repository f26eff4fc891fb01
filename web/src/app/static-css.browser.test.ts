/**
 * The Chakra-free pages (the shell, Home, Browse's list, the auth screens, the note page) style
 * themselves with the Chakra system's tokens through CSS variables (every .css file in src). A
 * misspelt or removed token would silently fall back to nothing, so: every `var(--chakra-*)` they
 * use is defined by the static Chakra stylesheet of the build (build-plugins/chakra-static-css.ts),
 * which also carries Chakra's reset, once.
 */
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CHAKRA_GLOBALS_LINE,
  CHAKRA_SYSTEM_EDITS,
  chakraSystemWithoutGlobalsPlugin,
} from '../../build-plugins/chakra-static-css';
import { systemConfig } from '../shared/ui/system';

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
  const DIR = `${WEB}../node_modules/@chakra-ui/react/dist/esm/styled-system/`;
  const transform = (code: string, id: string) => {
    const hook = chakraSystemWithoutGlobalsPlugin().transform as (
      code: string,
      id: string,
    ) => { code: string } | null;
    return hook(code, id);
  };
  /** The browser's copy of each edited module of the installed Chakra. */
  const edited = () =>
    CHAKRA_SYSTEM_EDITS.map(([module]) => {
      const code = readFileSync(DIR + module, 'utf8');
      return { module, code, out: transform(code, DIR + module)!.code };
    });

  it('makes no global styles: the installed Chakra serializes them on the line it removes', () => {
    const [system] = edited();
    expect(system?.code).toContain(CHAKRA_GLOBALS_LINE);
    expect(system?.out).not.toContain(CHAKRA_GLOBALS_LINE);
    expect(system?.out).toContain('const _global = [];');
  });

  it('makes the system in steps, with the same result as Chakra as published', async () => {
    // Run as the browser's copy: in a folder of its own, each edited module importing the other
    // edited ones there and the rest of Chakra where it is installed.
    const dir = `${WEB}node_modules/.cache/chakra-system-steps/`;
    mkdirSync(dir, { recursive: true });
    const local = new Set(CHAKRA_SYSTEM_EDITS.map(([module]) => module));
    for (const { module, out } of edited()) {
      const code = out.replace(/from '(\.\.?\/[^']+)'/g, (_, path: string) =>
        local.has(path.slice(2)) ? `from '${path}'` : `from '${pathToFileURL(DIR + path).href}'`,
      );
      writeFileSync(dir + module, code);
    }
    const steps = (await import(/* @vite-ignore */ `${dir}system.js`)) as {
      createSystem: typeof createSystem & {
        inSteps: (...c: Parameters<typeof createSystem>) => Generator<void, SystemContext>;
      };
    };
    const published = createSystem(defaultBaseConfig, systemConfig);
    const generator = steps.createSystem.inSteps(defaultBaseConfig, systemConfig);
    let pauses = 0;
    let step = generator.next();
    for (; !step.done; step = generator.next()) pauses++;
    const pausesWritten = CHAKRA_SYSTEM_EDITS.flatMap(([, edits]) => edits).filter(([, r]) =>
      r.endsWith('\n  yield;'),
    ).length;
    expect(pausesWritten).toBe(7);
    expect(pauses).toBe(pausesWritten);
    for (const made of [step.value, steps.createSystem(defaultBaseConfig, systemConfig)]) {
      expect(made._global).toEqual([]);
      expect(made.tokens.allTokens.map((t) => [t.name, t.value])).toEqual(
        published.tokens.allTokens.map((t) => [t.name, t.value]),
      );
      expect([...made.tokens.cssVarMap.get('_dark')!]).toEqual([
        ...published.tokens.cssVarMap.get('_dark')!,
      ]);
      const styles = { color: 'teal.solid', p: 4, _dark: { bg: 'gray.900' }, md: { w: '1/2' } };
      expect(made.css(styles)).toEqual(published.css(styles));
      expect(made.getRecipeFn('button')({ size: 'sm' })).toEqual(
        published.getRecipeFn('button')({ size: 'sm' }),
      );
    }
  });

  it('fails the build when a Chakra release changes an edited line, and leaves other modules alone', () => {
    for (const { module, code } of edited()) {
      for (const [find] of CHAKRA_SYSTEM_EDITS.find(([m]) => m === module)![1]) {
        expect(() => transform(code.replace(find, ''), DIR + module)).toThrow(/no longer has/);
        expect(() => transform(code + find, DIR + module)).toThrow(/exactly once/);
      }
    }
    const index = `${DIR}../index.js`;
    expect(transform(CHAKRA_GLOBALS_LINE, index)).toBeNull();
    expect(transform(CHAKRA_GLOBALS_LINE, `${DIR}css.js`)).toBeNull();
  });
});
