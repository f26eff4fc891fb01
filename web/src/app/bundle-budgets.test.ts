/**
 * The JS budgets the docs state are the ones bundle-budget.browser.test.ts enforces: the README
 * once gave /update-notes/:id 215 KB while the test allowed 230. The docs' one budgets table
 * (docs/performance.md) is parsed and compared with bundle-budgets.ts route by route, and the
 * READMEs must not keep a second list of budgets that this comparison would not see.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_BUDGETS } from './bundle-budgets';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const HEADING = '## JS budgets per route';

/** route -> KB from the first Markdown table under the budgets heading. */
function budgetsTable(markdown: string): Map<string, number> {
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`no "${HEADING}" section`);
  const section = markdown.slice(start + HEADING.length).split(/\n## /)[0]!;
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    // The header row and the |---| separator carry no budget.
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const table = new Map<string, number>();
  for (const [route, kb] of rows) {
    const name = route!.replace(/^`|`$/g, '');
    if (table.has(name)) throw new Error(`${name} is in the table twice`);
    table.set(name, Number(kb));
  }
  return table;
}

/** One line per difference, naming the route and both figures. */
function budgetDifferences(
  documented: Map<string, number>,
  enforced: ReadonlyArray<{ route: string; budgetKb: number }>,
): string[] {
  const out: string[] = [];
  for (const { route, budgetKb } of enforced) {
    const doc = documented.get(route);
    if (doc === undefined) out.push(`${route}: enforced ${budgetKb} KB, not in the docs`);
    else if (doc !== budgetKb)
      out.push(`${route}: docs say ${doc} KB, the test enforces ${budgetKb}`);
  }
  for (const [route, kb] of documented)
    if (!enforced.some((b) => b.route === route))
      out.push(`${route}: docs say ${kb} KB, the test enforces no budget for it`);
  return out;
}

describe('JS budgets in the docs', () => {
  it('docs/performance.md states exactly the budgets bundle-budget.browser.test.ts enforces', () => {
    const table = budgetsTable(read('docs/performance.md'));
    expect(table.size).toBeGreaterThan(0);
    expect(budgetDifferences(table, ROUTE_BUDGETS)).toEqual([]);
  });

  it('names each difference: a changed figure, a route missing on either side', () => {
    const docs = `${HEADING}\n\n| route | budget (KB gzip) |\n| --- | --- |\n| \`/\` | 95 |\n| \`/gone\` | 10 |\n`;
    expect(
      budgetDifferences(budgetsTable(docs), [
        { route: '/', budgetKb: 90 },
        { route: '/browse', budgetKb: 260 },
      ]),
    ).toEqual([
      '/: docs say 95 KB, the test enforces 90',
      '/browse: enforced 260 KB, not in the docs',
      '/gone: docs say 10 KB, the test enforces no budget for it',
    ]);
  });

  it('the READMEs keep no second list of budgets (they point to docs/performance.md)', () => {
    for (const path of ['README.md', 'web/README.md']) {
      // A budget written as "<route> <= <n>" (how the README used to list them).
      const lists = read(path).match(/`?\/[\w:/*-]*`?\s*(<=|≤)\s*\d+/g) ?? [];
      expect({ path, lists }).toEqual({ path, lists: [] });
    }
    expect(read('README.md')).toContain('docs/performance.md');
  });
});
