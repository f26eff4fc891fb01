import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_TITLE } from './use-document-title';

describe('SITE_TITLE', () => {
  it("is index.html's title, which every page starts with", () => {
    const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<title>${SITE_TITLE.replace(/&/g, '&amp;')}</title>`);
  });
});
