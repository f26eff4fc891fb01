/**
 * The search over real documents (issue 28): four files of 15+ pages made by real tools
 * (test/fixtures/documents/long-documents.json, made by make.sh from licence texts), read by the
 * functions' own reader as the note-file trigger reads them, indexed, then searched: every word
 * that appears once in a file finds its note, on the right page, with the word marked in the
 * snippet; typos; title above text; phrases; pending notes. On PGlite and on Debian's PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { NOTE_FILE_TYPES } from '@notenest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../services/documents/read-document.js';
import { migrate, search, upsertNote, upsertNoteText, type SqlClient } from './index.js';
import { foldWord } from './query-text.js';
import { BACKENDS, type RunningBackend } from './testing/backends.js';

const DIR = new URL('../../../test/fixtures/documents/', import.meta.url);

interface LongFile {
  file: string;
  type: string;
  source: string;
  madeWith: string;
  pages: number;
  /** Words that appear once in the source, on the page poppler's pdftotext finds them (PDFs). */
  landmarks?: { word: string; page: number }[];
}
const FILES = JSON.parse(readFileSync(new URL('long-documents.json', DIR), 'utf8')) as LongFile[];

/**
 * The words of a text as the index's parser makes them: runs of letters and digits with a
 * letter ("GPLv3" is one token, as PostgreSQL's parser keeps it), folded as the engine folds them.
 */
function tokens(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu)]
    .map((m) => foldWord(m[0]))
    .filter((w) => /\p{L}/u.test(w));
}

/**
 * The reader's pages with the words that typesetting broke at a line end joined ("distri-"
 * "bution"; one broken at a page's end counts on the page where it starts), except compounds
 * broken at their own hyphen (`compounds`: "a-b" as the source text writes them): where a word is.
 */
function unbroken(pages: string[], compounds: Set<string>, kept: string[]): string[] {
  const join = (a: string, b: string) => {
    const compound = compounds.has(foldWord(`${a}-${b}`));
    if (compound) kept.push(foldWord(`${a}-${b}`));
    return !compound;
  };
  const out = pages.map((p) =>
    p.replace(/(\p{L}+)-[ \t]*\n[ \t]*(\p{L}+)/gu, (whole, a: string, b: string) =>
      join(a, b) ? a + b : whole,
    ),
  );
  for (let i = 0; i + 1 < out.length; i++) {
    const end = /(\p{L}+)-\s*\d*\s*$/u.exec(out[i]!);
    const start = /^\s*(\p{L}+)/u.exec(out[i + 1]!);
    if (end && start && join(end[1]!, start[1]!)) {
      out[i] = out[i]!.slice(0, end.index) + end[1] + start[1];
    }
  }
  return out;
}

/** The hyphenated compounds of a text ("a-b"), folded. */
const compoundsOf = (text: string) =>
  new Set(
    [...text.matchAll(/\p{L}+(?:-\p{L}+)+/gu)].flatMap((m) => {
      const parts = foldWord(m[0]).split('-');
      return parts.slice(1).map((b, i) => `${parts[i]}-${b}`);
    }),
  );

interface Doc extends LongFile {
  id: string;
  title: string;
  /** The file's text per PDF page as the reader gives it, or the whole text as one (DOC). */
  pageTexts: string[];
  paged: boolean;
  /** pageTexts with the words broken at line ends joined (unbroken): where each word is. */
  joined: string[];
  /** Compounds of the source that the PDF broke at their own hyphen, at a line end ("a-b"). */
  brokenCompounds: string[];
  /** Every word that appears exactly once in the source text, and its page in the reader's text. */
  once: { word: string; page: number | null }[];
}

async function readFiles(): Promise<Doc[]> {
  return Promise.all(
    FILES.map(async (f, i) => {
      const data = new Uint8Array(readFileSync(new URL(f.file, DIR)));
      const r = await readDocument(data, f.type, { thumbnail: false });
      const paged = f.type === NOTE_FILE_TYPES.pdf;
      const pageTexts = paged ? r.pageTexts! : [r.text];
      const source = readFileSync(new URL(f.source, DIR), 'utf8');
      const compounds = compoundsOf(source);
      const counts = new Map<string, number>();
      for (const w of tokens(source)) {
        counts.set(w, (counts.get(w) ?? 0) + 1);
      }
      const brokenCompounds: string[] = [];
      const joined = unbroken(pageTexts, compounds, brokenCompounds);
      const pageSets = joined.map((t) => new Set(tokens(t)));
      const once = [...counts]
        .filter(([, n]) => n === 1)
        .map(([word]) => {
          const at = pageSets.findIndex((s) => s.has(word));
          return { word, page: paged && at >= 0 ? at + 1 : null };
        });
      return {
        ...f,
        id: `long-${i}`,
        // The file's name: the words searched below are found by the file's text.
        title: `Fixture ${f.file.replace(/\W/g, ' ')}`,
        pageTexts,
        joined,
        brokenCompounds,
        paged,
        once,
      };
    }),
  );
}

const docsRead = readFiles();
const BASE = { approved: true, createdAt: '2024-01-01T00:00:00Z', subject: 'Law' };

describe('the long documents as the reader reads them', () => {
  it('are 15+ pages each, and the reader puts words on the pages poppler does', async () => {
    const docs = await docsRead;
    for (const d of docs) {
      expect(d.pages, d.file).toBeGreaterThanOrEqual(15);
      if (!d.paged) continue;
      expect(d.pageTexts, d.file).toHaveLength(d.pages);
      expect(d.landmarks!.length, d.file).toBeGreaterThanOrEqual(7);
      for (const { word, page } of d.landmarks!) {
        expect(d.once.find((o) => o.word === word)?.page, `${d.file}: ${word}`).toBe(page);
      }
    }
  });

  it('give every word that appears once in the source text (some in two halves)', async () => {
    const missing = (await docsRead).flatMap((d) => {
      const read = new Set(tokens(d.joined.join('\n')));
      return d.once.filter((o) => !read.has(o.word)).map((o) => `${d.file}: ${o.word}`);
    });
    expect(missing).toEqual([]);
  });
});

const ids = (r: { hits: { id: string }[] }) => r.hits.map((h) => h.id);

describe.each(BACKENDS)('search over real documents on $name', (backend) => {
  let running: RunningBackend;
  let c: SqlClient;
  let docs: Doc[];
  const find = (q: string, includePending = false) => search(c, { q, limit: 100, includePending });

  beforeAll(async () => {
    if (backend.missing) return;
    docs = await docsRead;
    running = await backend.start();
    c = running.client;
    await migrate(c);
    for (const d of docs) {
      await upsertNote(c, { ...BASE, id: d.id, title: d.title });
      await upsertNoteText(c, d.id, 1, d.pageTexts, { paged: d.paged });
    }
    // A pending copy of the first file: every query below is also a reader's query for it.
    await upsertNote(c, { ...BASE, id: 'pending', title: 'Pending copy', approved: false });
    await upsertNoteText(c, 'pending', 1, docs[0]!.pageTexts, { paged: docs[0]!.paged });
    // A note with "warranty" in its title only (every licence has the word in its text).
    await upsertNote(c, { ...BASE, id: 'title', title: 'Warranty basics' });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  describe.skipIf(backend.missing)(backend.missing ?? 'on this server', () => {
    it('finds the note of every word that appears once in a file, on its page, marked', async () => {
      const missed: string[] = [];
      // A compound broken at its own hyphen at a line end reads as a hyphenated word: the
      // engine joins it unless its halves look like words (indexer.ts, joinBrokenWords); where
      // they do not, its halves may be missed (listed, not failed: no reader can tell).
      const ambiguous: string[] = [];
      const wrongPage: string[] = [];
      const marked: { word: string; marks: string[]; where: string }[] = [];
      let checked = 0;
      let exactPages = 0;
      for (const d of docs) {
        // Every such word, short and stop words too: the engine keeps them all (no stop list).
        // A space after it: the whole word, not its completions (as once typed). As many at once
        // as the pool has connections: a search is a transaction of several round trips, and
        // one at a time the test mostly waited on them (1,500+ words a file set, per server).
        const results: Awaited<ReturnType<typeof find>>[] = [];
        for (let i = 0; i < d.once.length; i += 4) {
          const batch = d.once.slice(i, i + 4);
          results.push(...(await Promise.all(batch.map(({ word }) => find(`${word} `)))));
        }
        // The pages the index matches each word on, for every word at once: more than its own
        // where it shares its stem with other words of the file ("licensed", "license"); then
        // any of them is right.
        const stemPagesOf = new Map<string, number[]>();
        if (d.paged) {
          const { rows } = await c.query<{ word: string; pages: unknown[] }>(
            `SELECT w.word, array_agg(DISTINCT p.page) AS pages
               FROM unnest($2::text[]) AS w(word)
               JOIN search_pages p
                 ON p.note_id = $1 AND p.tsv @@ phraseto_tsquery('notenest_english', w.word)
              GROUP BY w.word`,
            [d.id, d.once.map((o) => o.word)],
          );
          for (const row of rows) stemPagesOf.set(row.word, row.pages.map(Number));
        }
        for (const [i, { word, page }] of d.once.entries()) {
          checked++;
          const r = results[i]!;
          expect(ids(r), word).not.toContain('pending');
          const hit = r.hits.find((h) => h.id === d.id);
          if (!hit) {
            const half = d.brokenCompounds.some((c) => c.split('-').includes(word));
            (half ? ambiguous : missed).push(`${d.file}: ${word}`);
            continue;
          }
          // Checked below, all at once: a <mark> holds the word, or a word of its stem.
          const marks = [...(hit.snippet ?? '').matchAll(/<mark>(.*?)<\/mark>/g)];
          marked.push({ word, marks: marks.flatMap((m) => tokens(m[1]!)), where: d.file });
          if (!d.paged) {
            if (hit.page !== null) wrongPage.push(`${d.file}: ${word}: page ${hit.page}`);
            continue;
          }
          const stemPages = stemPagesOf.get(word) ?? [];
          const right = stemPages.length === 1 ? [page] : stemPages;
          if (stemPages.length === 1) exactPages++;
          if (page === null || !right.includes(hit.page)) {
            wrongPage.push(
              `${d.file}: ${word}: page ${hit.page}, read on ${page}, stem on ${stemPages}`,
            );
          }
        }
      }
      console.log(
        `${backend.name}: ${checked} words that appear once checked (${exactPages} on their ` +
          `exact page, the others on a page of their stem); halves of compounds broken at ` +
          `their hyphen not found: ${ambiguous.length ? ambiguous.join(', ') : 'none'}`,
      );
      expect(ambiguous.length).toBeLessThanOrEqual(2);
      expect(checked).toBeGreaterThan(1000);
      // The stems of the words and of the marked words, by the index's own stemmer.
      const all = [...new Set(marked.flatMap((m) => [m.word, ...m.marks]))];
      const { rows } = await c.query<{ w: string; s: string[] | null }>(
        `SELECT w, ts_lexize('notenest_english_stem', w) AS s FROM unnest($1::text[]) AS w`,
        [all],
      );
      const stem = new Map(rows.map((r) => [r.w, r.s?.[0] ?? r.w]));
      const unmarked = marked
        .filter((m) => !m.marks.some((x) => x === m.word || stem.get(x) === stem.get(m.word)))
        .map((m) => `${m.where}: ${m.word}: marked ${m.marks}`);
      const exactlyMarked = marked.filter((m) => m.marks.includes(m.word)).length;
      console.log(
        `${backend.name}: ${exactlyMarked} snippets mark the word as typed, the others its stem`,
      );
      expect(missed).toEqual([]);
      expect(wrongPage).toEqual([]);
      expect(unmarked).toEqual([]);
    }, 300_000);

    it('forgives a one-letter typo of a 7+ letter word', async () => {
      const known = new Set(
        docs.flatMap((d) => [...tokens(d.joined.join(' ')), ...tokens(d.title)]),
      );
      const missed: string[] = [];
      let checked = 0;
      for (const d of docs) {
        const long = d.once.map((o) => o.word).filter((w) => w.length >= 7 && /^[a-z]+$/.test(w));
        // About 15 per file, spread over the file's list.
        const step = Math.max(1, Math.floor(long.length / 15));
        for (const word of long.filter((_, i) => i % step === 0).slice(0, 15)) {
          const at = Math.floor(word.length / 2);
          const typo = [...'qxzjk']
            .map((l) => word.slice(0, at) + l + word.slice(at + 1))
            .find((t) => !known.has(t))!;
          checked++;
          if (!ids(await find(`${typo} `)).includes(d.id)) missed.push(`${d.file}: ${typo}`);
        }
      }
      console.log(`${backend.name}: ${checked} typos checked`);
      expect(checked).toBeGreaterThanOrEqual(55);
      expect(missed).toEqual([]);
    });

    it('ranks a note with the word in its title above the files that have it in their text', async () => {
      const r = await find('warranty ');
      expect(r.hits[0]!.id).toBe('title');
      for (const d of docs) {
        const hit = r.hits.find((h) => h.id === d.id);
        expect(hit, d.file).toBeDefined();
        expect(hit!.rank, d.file).toBeLessThan(r.hits[0]!.rank);
      }
    });

    it('matches a quoted phrase only where its words are adjacent', async () => {
      // Adjacent pairs of plain words (white space between, no punctuation), each word appearing
      // once in its file, whose reverse is adjacent in no file.
      const rawPairs = (text: string) => {
        const t = text.split(/\s+/);
        return t.slice(1).map((b, i) => [t[i]!, b] as const);
      };
      const adjacent = new Set(
        docs.flatMap((d) =>
          d.joined.flatMap((p) =>
            rawPairs(p).map(([a, b]) => `${tokens(a).at(-1)} ${tokens(b)[0]}`),
          ),
        ),
      );
      let checked = 0;
      for (const d of docs) {
        const once = new Set(d.once.map((o) => o.word));
        const pairs = d.joined
          .flatMap((p) => rawPairs(p))
          .filter(([a, b]) => /^\p{L}{4,}$/u.test(a) && /^\p{L}{4,}$/u.test(b))
          .map(([a, b]) => [foldWord(a), foldWord(b)] as const)
          .filter(([a, b]) => once.has(a) && once.has(b) && !adjacent.has(`${b} ${a}`));
        expect(pairs.length, d.file).toBeGreaterThanOrEqual(3);
        for (const [a, b] of [pairs[0]!, pairs[pairs.length >> 1]!, pairs.at(-1)!]) {
          checked++;
          expect(ids(await find(`"${a} ${b}"`)), `"${a} ${b}"`).toContain(d.id);
          expect(ids(await find(`"${b} ${a}"`)), `"${b} ${a}"`).not.toContain(d.id);
          // Both words are there: unquoted, the reversed words find it.
          expect(ids(await find(`${b} ${a} `)), `${b} ${a}`).toContain(d.id);
        }
      }
      console.log(`${backend.name}: ${checked} phrases checked`);
    });

    it('never shows a pending note to a reader, and shows it to an admin', async () => {
      const [d] = docs;
      const word = d!.once.find((o) => o.word.length >= 7)!.word;
      const reader = ids(await find(`${word} `));
      expect(reader).toContain(d!.id);
      expect(reader).not.toContain('pending');
      expect(ids(await find(`${word} `, true))).toEqual(expect.arrayContaining([d!.id, 'pending']));
      expect(ids(await find(''))).not.toContain('pending');
      expect(ids(await find('', true))).toContain('pending');
    });
  });
});
