/**
 * The one UI rule (web/README.md): ESLint refuses Chakra on the visitor-side pages. Checked with
 * the repository's own eslint.config.js on snippets linted as if they were files of those folders
 * (nothing is written to disk), so a change to the config that drops a folder or a pattern fails
 * here, not silently in a later review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const UI_DIR = new URL('../shared/ui/', import.meta.url);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    // Type information is for other rules: these snippets are in no tsconfig program.
    overrideConfig: { languageOptions: { parserOptions: { project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  });
});

/** The import lines ESLint refuses in `file` (repository path), by line number. */
async function refusedLines(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  expect(result!.messages.filter((m) => m.ruleId !== 'no-restricted-imports')).toEqual([]);
  return result!.messages.map((m) => m.line);
}

const VISITOR_FILES = [
  'web/src/features/home/components/x.tsx',
  'web/src/features/about/components/about-page.tsx',
  'web/src/features/auth/components/sign-in-page.tsx',
  'web/src/features/not-found/components/not-found-page.tsx',
  'web/src/features/comments/components/note-comments.tsx',
  'web/src/features/browse/components/browse-page.tsx',
  'web/src/features/notes/components/note-detail-page.tsx',
  'web/src/features/notes/components/note-preview.tsx',
  'web/src/app/layout/site-header.tsx',
  'web/src/features/reports/components/report-dialog.tsx',
  'web/src/features/notifications/components/notification-bell.tsx',
  'web/src/features/follows/components/follow-button.tsx',
  'web/src/features/follows/components/following-feed.tsx',
  'web/src/features/follows/components/home-following.tsx',
];
const SIGNED_IN_FILES = [
  'web/src/features/profile/components/profile-page.tsx',
  'web/src/features/notes/components/note-form.tsx',
  'web/src/features/admin/components/x.tsx',
];

const CHAKRA_SNIPPET = [
  "import { Box } from '@chakra-ui/react';",
  "import { css } from '@emotion/react';",
  "import { ErrorBanner } from '../../../shared/ui';",
  'export const used = [Box, css, ErrorBanner];',
].join('\n');

/** shared/ui modules importing Chakra themselves (the barrel re-exports them). */
const chakraUiModules = readdirSync(UI_DIR)
  .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
  .filter((f) => readFileSync(new URL(f, UI_DIR), 'utf8').includes("from '@chakra-ui/"))
  .map((f) => f.replace(/\.tsx?$/, ''));

describe('one UI rule (eslint.config.js)', () => {
  it.each(VISITOR_FILES)('refuses Chakra, emotion and the shared/ui barrel in %s', async (file) => {
    expect(await refusedLines(file, CHAKRA_SNIPPET)).toEqual([1, 2, 3]);
  });

  it.each(SIGNED_IN_FILES)('lets the signed-in app use Chakra: %s', async (file) => {
    expect(await refusedLines(file, CHAKRA_SNIPPET)).toEqual([]);
  });

  it('refuses every Chakra-based shared/ui module on a visitor-side page, not the plain ones', async () => {
    expect(chakraUiModules).toContain('error-banner');
    const code = [...chakraUiModules, 'alert', 'loading-state', 'load-failure', 'lazy-chakra']
      .map((name, i) => `import * as m${i} from '../../../shared/ui/${name}';`)
      .join('\n');
    const refused = await refusedLines('web/src/features/about/components/x.tsx', code);
    expect(refused).toEqual(chakraUiModules.map((_, i) => i + 1));
  });
});
