/**
 * The README is one screen a newcomer reads first (issue 31): what NoteNest is, what to install,
 * the two commands, the URL and the demo accounts, and a map; everything else lives in docs/ and
 * is linked from there. Moving sections out of the README left links and paths that nothing
 * checked, so this also fails on a link to a file or heading that is gone, and on a repository
 * path the docs name that no longer exists. (The JS budgets the docs state are checked against
 * the enforced ones by web/src/app/bundle-budgets.test.ts; the seed's promises by
 * test/start/seed.test.ts.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The prose a newcomer or a contributor is pointed to (the spec is requirements, not a guide). */
const DOCS = [
  'README.md',
  'web/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'product-spec.md')
    .map((f) => `docs/${f}`),
];

/** A screen of Markdown source: a laptop's terminal or GitHub's rendering of it. */
const ONE_SCREEN_LINES = 60;

/** Markdown without its fenced code blocks (a `#` or a link in code is not one). */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const headings = withoutCode(markdown).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((h) => anchorOf(h.replace(/^#+ /, ''))));
}

/** Every relative link of `file` that reaches no file, or no heading of it: "file: target". */
function brokenLinks(file: string, markdown = read(file)): string[] {
  const broken: string[] = [];
  for (const [, target] of withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
    const [linked, anchor] = target!.split('#');
    const resolved = linked ? path.join(path.dirname(file), linked) : file;
    const headings = () => anchorsOf(resolved === file ? markdown : read(resolved));
    if (linked && !existsSync(path.join(ROOT, resolved)))
      broken.push(`${file}: ${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !headings().has(anchor))
      broken.push(`${file}: ${target} (no such heading)`);
  }
  return broken;
}

/**
 * Repository paths the docs name in backticks (`functions/src/services/counters.ts`), from the
 * top-level folders whose names are not ambiguous: `shared/...` is both the workspace and
 * web/src/shared, so only `shared/src/...` counts. Globs and placeholders (`<feature>`, `{id}`,
 * `*`) are patterns, not paths.
 */
const REPO_PATH = /^(web|functions|scripts|test|emulator|docs|\.ci|shared\/src)\//;

function missingPaths(file: string, markdown = read(file)): string[] {
  const missing: string[] = [];
  for (const [, named] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (!REPO_PATH.test(named!) || /[*{}<>…]/.test(named!)) continue;
    // `web/src/app/router.tsx:56` names a line of the file.
    const repoPath = named!.replace(/:\d+(-\d+)?$/, '');
    if (!existsSync(path.join(ROOT, repoPath))) missing.push(`${file}: ${named}`);
  }
  return missing;
}

describe('README.md: one screen for a newcomer', () => {
  const readme = read('README.md');

  it(`fits one screen (${ONE_SCREEN_LINES} lines), everything else in docs/`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(ONE_SCREEN_LINES);
  });

  it('says what NoteNest is, then prerequisites, quick start and a map of the repository', () => {
    const headings = readme.match(/^#{1,2} .+$/gm);
    expect(headings).toEqual([
      '# NoteNest',
      '## Prerequisites',
      '## Quick start',
      '## Map of the repository',
    ]);
    const intro = readme.slice(readme.indexOf('\n'), readme.indexOf('## Prerequisites'));
    expect(intro).toMatch(/web app where college students upload, browse, search/);
  });

  it('names Node 20+ and Java 21+, and where Java is looked for, in the order the start script does', () => {
    const section = readme.slice(readme.indexOf('## Prerequisites'), readme.indexOf('## Quick'));
    expect(section).toContain('**Node 20+**');
    expect(section).toContain('**Java 21+**');
    const prose = section.replace(/\s+/g, ' ');
    const said = ['`JAVA_HOME`', '`java` on `PATH`', '`/usr/lib/jvm`'].map((s) => prose.indexOf(s));
    // The order scripts/lib/firestore-emulator.mjs tries them in (javaCandidates).
    const script = read('scripts/lib/firestore-emulator.mjs');
    const tried = ['env.JAVA_HOME', "onPath('java'", "'/usr/lib/jvm'"].map((s) =>
      script.indexOf(s),
    );
    for (const order of [said, tried]) {
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    }
  });

  it('keeps the quick start to the two commands, then the URL and the demo accounts', () => {
    const quick = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Map'));
    const block = quick.match(/```sh\n([\s\S]*?)```/);
    expect(block?.[1]?.trim().split('\n')).toEqual(['npm start', 'npm test']);
    expect(quick).toContain('**http://127.0.0.1:5000**');
    expect(quick).toContain('| admin@notenest.dev | `admin1234` | admin |');
  });

  it('says how to install the app and what works offline, with the details a link away (issue 32)', () => {
    const prose = readme.replace(/\s+/g, ' ');
    expect(prose).toContain('**Install the app, offline**');
    expect(prose).toContain('Available offline');
    expect(readme).toContain('(docs/offline.md)');
  });

  it('links every document the sections moved to', () => {
    for (const doc of ['development', 'architecture', 'performance', 'offline'])
      expect(readme).toContain(`(docs/${doc}.md)`);
  });
});

describe('links and paths in the docs', () => {
  it('finds the documents, their links and the paths they name', () => {
    expect(DOCS).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/development.md']),
    );
    const all = DOCS.map(read).join('\n');
    expect(all.match(/\]\(([^)\s]+)\)/g)!.length).toBeGreaterThan(20);
    expect(
      [...all.matchAll(/`([^`\s]+)`/g)].filter(([, p]) => REPO_PATH.test(p!)).length,
    ).toBeGreaterThan(50);
  });

  it('every relative link reaches a file and, with an anchor, a heading of it', () => {
    expect(DOCS.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it('every repository path named in backticks exists', () => {
    expect(DOCS.flatMap((file) => missingPaths(file))).toEqual([]);
  });

  it('notices a broken link, a missing heading and a path that is gone', () => {
    expect(anchorOf('How a page loads: its first screen is in the HTML')).toBe(
      'how-a-page-loads-its-first-screen-is-in-the-html',
    );
    expect(anchorsOf('# A\n```\n# not a heading\n```\n## B c')).toEqual(new Set(['a', 'b-c']));
    const links = [
      '[ok](architecture.md#security-what-is-enforced-where)',
      '[ok](#local)',
      '[ok](https://example.com/gone.md)',
      '[gone](gone.md)',
      '[no heading](development.md#no-such-heading)',
      '## Local',
    ].join('\n');
    expect(brokenLinks('docs/x.md', links)).toEqual([
      'docs/x.md: gone.md (no such file)',
      'docs/x.md: development.md#no-such-heading (no such heading)',
    ]);
    const paths =
      '`web/src/gone.ts`, `web/src/app/router.tsx:56`, `shared/ui`, `web/src/features/<feature>/`';
    expect(missingPaths('docs/x.md', paths)).toEqual(['docs/x.md: web/src/gone.ts']);
  });
});
