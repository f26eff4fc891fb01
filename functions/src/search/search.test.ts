/**
 * The search engine on real servers: the same suite on PGlite over its socket and on Debian's
 * PostgreSQL (skipped with a message where that server is not installed). The long text is the
 * project's own product spec (docs/product-spec.md), cut into pages.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MIGRATIONS_DIR,
  RANK_ALL_MAX,
  SearchUnavailableError,
  decorateHits,
  migrate,
  openSearchDb,
  pgPoolClient,
  removeNote,
  search,
  setVisibility,
  suggestions,
  upsertNote,
  upsertNoteText,
  type IndexedNote,
  type SearchRequest,
  type SqlClient,
} from './index.js';
import { foldWord, vocabularyWords } from './query-text.js';
import { BACKENDS, type RunningBackend } from './testing/backends.js';

const SPEC = readFileSync(new URL('../../../docs/product-spec.md', import.meta.url), 'utf8');

/** The spec cut into ~2,000-character pages at white space. */
function specPages(): string[] {
  const pages: string[] = [];
  let rest = SPEC;
  while (rest.length > 2000) {
    const cut = rest.indexOf(' ', 2000);
    if (cut < 0) break;
    pages.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pages.push(rest);
  return pages;
}

/** Words (3+ letters) that appear exactly once in the whole spec, with the page they are on. */
function wordsOnce(pages: string[]): { word: string; page: number }[] {
  const seen = new Map<string, { n: number; page: number }>();
  pages.forEach((text, i) => {
    for (const m of text.matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
      const w = foldWord(m[0]);
      if (w.length < 3) continue;
      const s = seen.get(w);
      seen.set(w, { n: (s?.n ?? 0) + 1, page: i + 1 });
    }
  });
  return [...seen].filter(([, s]) => s.n === 1).map(([word, s]) => ({ word, page: s.page }));
}

const BASE = { approved: true, createdAt: '2024-01-01T00:00:00Z' };
const NOTES: (IndexedNote & { text?: string[]; paged?: boolean })[] = [
  {
    ...BASE,
    id: 'spec',
    title: 'Product specification',
    subject: 'Software Engineering',
    course: 'B.Tech',
    college: 'Example College',
    semester: 6,
    text: specPages(),
  },
  {
    ...BASE,
    id: 'thermo-title',
    title: 'Thermodynamics lecture notes',
    subject: 'Physics',
    course: 'PHY101',
    semester: 2,
    likeCount: 5,
    downloadCount: 50,
    createdAt: '2024-01-01T00:00:00Z',
    text: ['Heat flows from hot to cold. Entropy grows.'],
  },
  {
    ...BASE,
    id: 'thermo-text',
    title: 'Heat engines',
    subject: 'Physics',
    course: 'PHY102',
    semester: 4,
    likeCount: 50,
    downloadCount: 5,
    createdAt: '2024-03-01T00:00:00Z',
    text: [
      'The first law of thermodynamics. The second law of thermodynamics. Thermodynamics of ' +
        'engines: thermodynamics everywhere, thermodynamics again and thermodynamics once more.',
    ],
  },
  {
    ...BASE,
    id: 'trees',
    title: 'Data structures',
    subject: 'Computer Science',
    course: 'CS101',
    semester: 3,
    likeCount: 20,
    downloadCount: 20,
    createdAt: '2024-02-01T00:00:00Z',
    text: [
      'Intro page.',
      'A binary search tree keeps its keys in order. <script>alert("x")</script> & more. ' +
        'Processing queries takes logarithmic time.',
    ],
  },
  {
    ...BASE,
    id: 'scattered',
    title: 'Algorithms',
    subject: 'Computer Science',
    course: 'CS102',
    semester: 3,
    createdAt: '2023-12-01T00:00:00Z',
    text: ['We search every binary heap, and each tree.'],
  },
  {
    ...BASE,
    id: 'french',
    title: 'Résumé writing',
    subject: 'Career',
    college: 'Université de Café',
    semester: 1,
    createdAt: '2023-11-01T00:00:00Z',
    text: ['A naïve résumé lists everything; a good one chooses.'],
  },
  {
    ...BASE,
    id: 'docx',
    title: 'Cell biology',
    subject: 'Biology',
    semester: 2,
    createdAt: '2023-10-01T00:00:00Z',
    text: ['The mitochondria is the powerhouse of the cell.'],
    paged: false,
  },
  {
    ...BASE,
    id: 'pending',
    approved: false,
    title: 'Photosynthesis draft',
    subject: 'Biology',
    semester: 2,
    createdAt: '2023-09-01T00:00:00Z',
    text: ['Chlorophyll absorbs light: photosynthesis.'],
  },
];

const ids = (r: { hits: { id: string }[] }) => r.hits.map((h) => h.id);

describe.each(BACKENDS)('search on $name', (backend) => {
  let running: RunningBackend;
  let c: SqlClient;
  const find = (q: string, more: Partial<SearchRequest> = {}) =>
    search(c, { q, limit: 100, ...more });

  beforeAll(async () => {
    if (backend.missing) return;
    running = await backend.start();
    c = running.client;
    await migrate(c);
    for (const { text, paged, ...note } of NOTES) {
      await upsertNote(c, note);
      if (text) await upsertNoteText(c, note.id, 1, text, { paged: paged ?? true });
    }
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  describe.skipIf(backend.missing)(backend.missing ?? 'on this server', () => {
    it('finds the note of every word that appears once in a long text, on its page', async () => {
      const pages = specPages();
      const once = wordsOnce(pages);
      expect(once.length).toBeGreaterThan(100);
      const missed: string[] = [];
      const wrongPage: string[] = [];
      for (const { word, page } of once) {
        // A space after it: the whole word (no completions of it, as while typing).
        const hit = (await find(`${word} `)).hits.find((h) => h.id === 'spec');
        if (!hit) {
          missed.push(word);
          continue;
        }
        // Where a word shares its stem with another word of the text ("checked", "check"), any
        // page with that stem is a right answer; otherwise only the word's own page is.
        const { rows } = await c.query<{ page: number }>(
          `SELECT page FROM search_pages
            WHERE note_id = 'spec' AND tsv @@ phraseto_tsquery('notenest_english', $1)`,
          [word],
        );
        const right = rows.length === 1 ? [page] : rows.map((r) => Number(r.page));
        if (!right.includes(hit.page ?? -1)) wrongPage.push(`${word}: ${hit.page} not ${right}`);
        expect(hit.snippet?.toLowerCase()).toContain('<mark>');
      }
      expect(missed).toEqual([]);
      expect(wrongPage).toEqual([]);
    });

    it('forgives a one-letter typo of a 7+ letter word, and not in a shorter word', async () => {
      const known = vocabularyWords(
        NOTES.map((n) => [n.title, ...(n.text ?? [])].join(' ')).join(' '),
      );
      const long = wordsOnce(specPages())
        .map((w) => w.word)
        .filter((w) => w.length >= 7 && /^[a-z]+$/.test(w));
      expect(long.length).toBeGreaterThan(20);
      const missed: string[] = [];
      for (const word of long.filter((_, i) => i % 3 === 0)) {
        const at = Math.floor(word.length / 2);
        const typo = [...'qxzjk']
          .map((l) => word.slice(0, at) + l + word.slice(at + 1))
          .find((t) => t !== word && !known.has(t))!;
        if (!(await find(typo)).hits.some((h) => h.id === 'spec')) missed.push(`${word}/${typo}`);
      }
      expect(missed).toEqual([]);
      // Two letters off is not one typo: nothing, and a suggestion instead.
      const r = await find('thermodinamycs');
      expect(r.total).toBe(0);
      expect(r.didYouMean).toBe('thermodynamics');
      // Four-letter words get no typo: "heet" is not "heat".
      expect((await find('heet')).total).toBe(0);
      expect((await find('heat')).total).toBeGreaterThan(0);
    });

    it('ranks a title match above matches in file text, even many of them', async () => {
      const r = await find('thermodynamics');
      expect(ids(r)).toEqual(['thermo-title', 'thermo-text']);
      expect(r.hits[0]!.rank).toBeGreaterThan(r.hits[1]!.rank);
    });

    it('matches a quoted phrase only where its words are adjacent', async () => {
      expect(ids(await find('"binary search tree"'))).toEqual(['trees']);
      expect(ids(await find('"search binary"'))).toEqual([]);
      expect(ids(await find('binary search tree')).sort()).toEqual(['scattered', 'trees']);
    });

    it('checks a phrase deep in a long text by its page (past tsvector positions)', async () => {
      const filler = specPages();
      const pages = [...filler, ...filler, ...filler, ...filler];
      pages.push('near the end: the quantum tunnelling effect; later tunnelling, then quantum.');
      await upsertNote(c, { ...BASE, id: 'long', title: 'A long text', subject: 'Testing' });
      await upsertNoteText(c, 'long', 1, pages);
      const hit = (await find('"quantum tunnelling"')).hits;
      expect(hit.map((h) => [h.id, h.page])).toEqual([['long', pages.length]]);
      expect(ids(await find('"tunnelling quantum"'))).toEqual([]);
      await removeNote(c, 'long'); // the other tests count the corpus's notes
    });

    it('needs every word (AND)', async () => {
      expect(ids(await find('binary heap'))).toEqual(['scattered']);
      expect(ids(await find('binary heap thermodynamics'))).toEqual([]);
    });

    it('gives a snippet with the word marked and everything else escaped, and its page', async () => {
      const [hit] = (await find('logarithmic')).hits;
      expect(hit).toMatchObject({ id: 'trees', page: 2 });
      expect(hit!.snippet).toContain('<mark>logarithmic</mark>');
      // The text's markup is shown as text, never as markup.
      expect(hit!.snippet).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more',
      );
      expect(hit!.snippet).not.toMatch(/<(?!\/?mark>)/);
      // Words the parser would keep joined are words: "B.Tech", a path, an address.
      expect(ids(await find('Tech'))).toEqual(['spec']);
      // A file without pages names none.
      expect((await find('powerhouse')).hits[0]).toMatchObject({ id: 'docx', page: null });
    });

    // The facade's way (services/note-search.ts): the page in one transaction, its snippets in
    // another beside its Firestore read. The same hits either way, in every sort.
    it('decorates a page found without snippets into the same hits, later', async () => {
      for (const [q, more] of [
        ['logarithmic', {}],
        ['thermodynamics', { sort: 'mostDownloaded' }],
        ['tree', {}],
        ['', { limit: 3 }],
      ] as const) {
        const whole = await find(q, more);
        const bare = await search(c, { q, limit: 100, ...more }, { decorate: false });
        expect(
          bare.hits.every((h) => h.snippet === null && h.page === null),
          q,
        ).toBe(true);
        expect(bare.undecorated, q).toBeDefined();
        expect(await decorateHits(c, bare.undecorated!), q).toEqual(whole.hits);
        expect({ ...bare, hits: [], undecorated: undefined }, q).toEqual({
          ...whole,
          hits: [],
          undecorated: undefined,
        });
      }
    });

    it('never shows a pending note to a reader, and shows it to an admin', async () => {
      expect(ids(await find('photosynthesis'))).toEqual([]);
      expect(ids(await find('photosynthesis', { includePending: true }))).toEqual(['pending']);
      expect(ids(await find('', { includePending: false }))).not.toContain('pending');
      // The admin review list's search: pending notes only; a reader's filter shows nothing more.
      const pendingOnly = { includePending: true, filters: { approved: false } };
      expect(ids(await find('photosynthesis', pendingOnly))).toEqual(['pending']);
      expect(ids(await find('logarithmic', pendingOnly))).toEqual([]);
      expect(ids(await find('photosynthesis', { filters: { approved: false } }))).toEqual([]);
    });

    it('completes the word being typed, not one followed by a space', async () => {
      expect(ids(await find('thermodyn'))).toEqual(['thermo-title', 'thermo-text']);
      expect(ids(await find('logarit'))).toEqual(['trees']);
      expect(ids(await find('thermodyn '))).toEqual([]);
    });

    it('stems English words and matches codes exactly', async () => {
      expect(ids(await find('process'))).toContain('trees'); // "Processing"
      expect(ids(await find('keeping'))).toContain('trees'); // "keeps"
      expect(ids(await find('CS101'))).toEqual(['trees']);
      expect(ids(await find('cs102'))).toEqual(['scattered']);
      expect(ids(await find('CS103'))).toEqual([]);
    });

    it('folds diacritics both ways', async () => {
      expect(ids(await find('resume'))).toEqual(['french']);
      expect(ids(await find('NAIVE'))).toEqual(['french']);
      expect(ids(await find('universite cafe'))).toEqual(['french']);
      expect(ids(await find('Thérmodynamics lecture'))).toEqual(['thermo-title']);
    });

    it('combines the filters with the search', async () => {
      expect(ids(await find('thermodynamics', { filters: { semester: 4 } }))).toEqual([
        'thermo-text',
      ]);
      expect(ids(await find('thermodynamics', { filters: { semester: 3 } }))).toEqual([]);
      expect(
        ids(await find('tree', { filters: { subject: 'Computer Science', course: 'CS102' } })),
      ).toEqual(['scattered']);
      expect(ids(await find('tree', { filters: { subject: 'Physics' } }))).toEqual([]);
      expect(ids(await find('', { filters: { college: 'Université de Café' } }))).toEqual([
        'french',
      ]);
    });

    it('sorts by newest, most liked and most downloaded on request', async () => {
      const q = 'thermodynamics';
      expect(ids(await find(q, { sort: 'newest' }))).toEqual(['thermo-text', 'thermo-title']);
      expect(ids(await find(q, { sort: 'mostLiked' }))).toEqual(['thermo-text', 'thermo-title']);
      expect(ids(await find(q, { sort: 'mostDownloaded' }))).toEqual([
        'thermo-title',
        'thermo-text',
      ]);
      const all = await find('', { sort: 'newest', filters: { subject: 'Computer Science' } });
      expect(ids(all)).toEqual(['trees', 'scattered']);
    });

    it('pages with a cursor', async () => {
      const first = await find('', { limit: 3 });
      expect(first.hits).toHaveLength(3);
      const second = await find('', { limit: 3, cursor: first.nextCursor });
      expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
      expect(first.total).toBe(NOTES.filter((n) => n.approved).length);
    });

    it('suggests titles and subjects for what is being typed', async () => {
      expect(await suggestions(c, 'thermo')).toEqual(['Thermodynamics lecture notes']);
      expect(await suggestions(c, 'photo')).toEqual([]); // pending only
    });

    it('writes text idempotently, and never lets an older file generation win', async () => {
      const id = 'gen';
      await upsertNote(c, { ...BASE, id, title: 'Generations', subject: 'Testing' });
      expect(await upsertNoteText(c, id, 5, ['quokka appears in version five'])).toBe(true);
      expect(await upsertNoteText(c, id, 5, ['quokka appears in version five'])).toBe(true);
      const { rows } = await c.query<{ n: string }>(
        'SELECT count(*) AS n FROM search_pages WHERE note_id = $1',
        [id],
      );
      expect(Number(rows[0]!.n)).toBe(1);
      expect(await upsertNoteText(c, id, 3, ['wombat appears in version three'])).toBe(false);
      expect(ids(await find('wombat'))).toEqual([]);
      expect(ids(await find('quokka'))).toEqual([id]);
      expect(await upsertNoteText(c, id, 7, ['wombat appears in version seven'])).toBe(true);
      expect(ids(await find('wombat'))).toEqual([id]);
      expect(ids(await find('quokka'))).toEqual([]);
      // New fields keep the text; a counter change keeps the vector as it is.
      await upsertNote(c, { ...BASE, id, title: 'Generations renamed', likeCount: 3 });
      expect(ids(await find('wombat renamed'))).toEqual([id]);
    });

    it('text that arrives before the note is kept, and listed once the note is', async () => {
      const id = 'early';
      await upsertNoteText(c, id, 1, ['the platypus lays eggs']);
      expect(ids(await find('platypus', { includePending: true }))).toEqual([]);
      await upsertNote(c, { ...BASE, id, title: 'Monotremes' });
      expect(ids(await find('platypus'))).toEqual([id]);
    });

    it('returns the card each hit was last indexed with, in every order, and null without', async () => {
      const id = 'carded';
      const version = async () =>
        (
          await c.query<{ v: string }>('SELECT xmin::text AS v FROM search_notes WHERE id = $1', [
            id,
          ])
        ).rows[0]?.v;
      await upsertNote(c, { ...BASE, id, title: 'Quokka habitats', card: { title: 'One', n: 1 } });
      const first = await version();
      await upsertNote(c, { ...BASE, id, title: 'Quokka habitats', card: { title: 'Two', n: 2 } });
      // A new card alone leaves the note's row as it was (its words not put in the index again);
      // a field does not.
      expect(await version()).toBe(first);
      await upsertNote(c, {
        ...BASE,
        id,
        title: 'Quokka habitats',
        likeCount: 1,
        card: { title: 'Two', n: 2 },
      });
      expect(await version()).not.toBe(first);
      for (const sort of ['relevance', 'newest'] as const) {
        const whole = await find('quokka', { sort });
        expect(
          whole.hits.map((h) => [h.id, h.card]),
          sort,
        ).toEqual([[id, { title: 'Two', n: 2 }]]);
        const bare = await search(c, { q: 'quokka', sort }, { decorate: false });
        expect(bare.hits[0]!.card, sort).toEqual({ title: 'Two', n: 2 });
        expect((await decorateHits(c, bare.undecorated!))[0]!.card, sort).toEqual(
          whole.hits[0]!.card,
        );
      }
      // Written without one (as before the index kept cards): none.
      await upsertNote(c, { ...BASE, id, title: 'Quokka habitats' });
      expect((await find('quokka')).hits[0]!.card).toBeNull();
      await removeNote(c, id);
    });

    it('hides a note at once and removes it for good', async () => {
      const id = 'gone';
      await upsertNote(c, { ...BASE, id, title: 'Axolotl care' });
      await upsertNoteText(c, id, 1, ['axolotl tanks']);
      expect(ids(await find('axolotl'))).toEqual([id]);
      await setVisibility(c, id, false);
      expect(ids(await find('axolotl'))).toEqual([]);
      await setVisibility(c, id, true);
      expect(ids(await find('axolotl'))).toEqual([id]);
      await removeNote(c, id);
      expect(ids(await find('axolotl', { includePending: true }))).toEqual([]);
      // A late event for it does not bring it back.
      expect(await upsertNote(c, { ...BASE, id, title: 'Axolotl care' })).toBe(false);
      expect(await upsertNoteText(c, id, 2, ['axolotl tanks'])).toBe(false);
      expect(ids(await find('axolotl', { includePending: true }))).toEqual([]);
    });

    it('opens the configured database by URL, and says what to set when none is', async () => {
      const db = await openSearchDb({ url: running.url, max: 1 });
      try {
        expect(ids(await search(db, { q: 'thermodynamics' }))).toEqual([
          'thermo-title',
          'thermo-text',
        ]);
      } finally {
        await db.close();
      }
      await expect(openSearchDb({})).rejects.toThrow(SearchUnavailableError);
      await expect(openSearchDb({})).rejects.toThrow(/SEARCH_DATABASE_URL/);
    });

    // The pool's 'error' event, which node-postgres raises for an idle connection the server ends
    // (a restart, a failover), crashes the process when nothing listens to it.
    it.runIf(backend.backendPerConnection)(
      'drops a pooled connection the server ended while it was idle, and goes on',
      async () => {
        const pool = new pg.Pool({
          connectionString: running.url,
          max: 1,
          application_name: 'idle-probe',
        });
        const db = pgPoolClient(pool);
        try {
          await db.query('SELECT 1');
          expect(pool.idleCount).toBe(1);
          const removed = new Promise((resolve) => pool.once('remove', resolve));
          const { rows } = await c.query<{ ended: boolean }>(
            `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
              WHERE application_name = 'idle-probe'`,
          );
          expect(rows).toEqual([{ ended: true }]);
          await removed;
          expect(pool.idleCount).toBe(0);
          expect((await db.query<{ x: number }>('SELECT 2 AS x')).rows).toEqual([{ x: 2 }]);
        } finally {
          await db.close();
        }
      },
    );

    // A connection in a transaction has no pool listener: its 'error' (the server ended it between
    // two statements) would crash the process with every request it serves.
    it.runIf(backend.backendPerConnection)(
      'fails a transaction whose connection the server ended, and goes on',
      async () => {
        const pool = new pg.Pool({
          connectionString: running.url,
          max: 1,
          application_name: 'tx-probe',
        });
        const db = pgPoolClient(pool);
        let conn: pg.PoolClient | undefined;
        pool.once('acquire', (client) => (conn = client));
        try {
          const ended = db.transaction(async (tx) => {
            await tx.query('SELECT 1');
            const gone = new Promise((r) => conn!.once('end', r));
            const { rows } = await c.query<{ ended: boolean }>(
              `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
                WHERE application_name = 'tx-probe'`,
            );
            expect(rows).toEqual([{ ended: true }]);
            // The client has seen the end (and emitted its 'error') while no statement ran.
            await gone;
            await tx.query('SELECT 2');
          });
          await expect(ended).rejects.toThrow(/terminat|Connection|not queryable/i);
          expect(pool.totalCount).toBe(0);
          expect((await db.query<{ x: number }>('SELECT 3 AS x')).rows).toEqual([{ x: 3 }]);
        } finally {
          await db.close();
        }
      },
    );

    it('applies migrations once, even from two processes starting at once', async () => {
      const fresh = await running.fresh();
      try {
        const applied = await Promise.all(fresh.clients.map((client) => migrate(client)));
        expect(applied.flat().sort()).toEqual([1, 2, 3, 4]);
        expect(await migrate(fresh.clients[0])).toEqual([]);
        // Migration 003: a page's text is stored as it is, so a snippet reads only its slice
        // (12 KB of one phrase again and again would compress to a few hundred bytes).
        const [db] = fresh.clients;
        await upsertNoteText(db, 'plain', 1, ['lorem ipsum '.repeat(1000)], { paged: true });
        const { rows } = await db.query<{ stored: number; raw: number }>(
          `SELECT pg_column_size(body) AS stored, octet_length(body) AS raw
             FROM search_pages WHERE note_id = 'plain'`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.raw).toBe(12_000);
        expect(rows[0]!.stored).toBeGreaterThanOrEqual(rows[0]!.raw);
      } finally {
        await fresh.stop();
      }
    }, 120_000);

    it('answers a phrase in more notes than it ranks exactly, in every sort', async () => {
      const fresh = await running.fresh();
      try {
        const [db] = fresh.clients;
        await migrate(db);
        const n = RANK_ALL_MAX + 10;
        // Many notes at once, as upsertNote writes them (its statements one by one take long).
        await db.query(
          `INSERT INTO search_notes (id, title, approved, created_at, like_count, meta_tsv, tsv,
                                     meta_pairs)
           SELECT 'tide-' || i, t, true, now() - i * interval '1 minute', i,
                  notenest_meta_tsv(t, NULL, NULL, NULL, NULL, NULL),
                  notenest_meta_tsv(t, NULL, NULL, NULL, NULL, NULL),
                  notenest_meta_pairs(t, NULL, NULL, NULL, NULL, NULL)
             FROM generate_series(1, $1::int) AS i, LATERAL (SELECT 'Tidal basin survey ' || i) AS x(t)`,
          [n],
        );
        for (const q of ['"tidal basin"', '"tidal basin survey"']) {
          for (const sort of ['relevance', 'newest', 'mostLiked'] as const) {
            const r = await search(db, { q, sort, limit: 5 });
            expect([r.total, r.hits.length], `${q} ${sort}`).toEqual([n, 5]);
          }
        }
        expect(
          (await search(db, { q: '"tidal basin"', sort: 'newest', limit: 2 })).hits.map(
            (h) => h.id,
          ),
        ).toEqual(['tide-1', 'tide-2']);
        expect((await search(db, { q: '"basin tidal"' })).total).toBe(0);
        expect((await search(db, { q: '"survey basin"' })).total).toBe(0);
      } finally {
        await fresh.stop();
      }
    }, 120_000);

    // Past RANK_ALL_MAX matches only each tier's most liked are scored, and tier 1's only for a
    // page that reaches past tier 2 (searcher.ts, pageSql): each page must still be a slice of
    // one order. Here 3 notes have the word in their title (tier 2) and the others in their text
    // only; equal texts, so each tier is in likes order.
    it('pages a word in more notes than it ranks exactly as one order, across the tiers', async () => {
      const fresh = await running.fresh();
      try {
        const [db] = fresh.clients;
        await migrate(db);
        const n = RANK_ALL_MAX + 10;
        const inTitle = [5, 6, 7];
        await db.query(
          `INSERT INTO search_notes (id, title, approved, created_at, like_count, meta_tsv, tsv)
           SELECT 'heron-' || i, t, true, now() - i * interval '1 minute', i,
                  notenest_meta_tsv(t, NULL, NULL, NULL, NULL, NULL),
                  notenest_meta_tsv(t, NULL, NULL, NULL, NULL, NULL)
                    || setweight(to_tsvector('notenest_english', 'the heron of the marsh'), 'D')
             FROM generate_series(1, $1::int) AS i,
                  LATERAL (SELECT CASE WHEN i = ANY($2::int[]) THEN 'Heron survey'
                                       ELSE 'Marsh survey ' || i END) AS x(t)`,
          [n, inTitle],
        );
        const order = [
          ...inTitle.map((i) => `heron-${i}`).reverse(),
          ...Array.from({ length: n }, (_, k) => n - k)
            .filter((i) => !inTitle.includes(i))
            .map((i) => `heron-${i}`),
        ];
        // Within tier 2's pool; tier 2 then tier 1; and pages after, by cursor.
        for (const limit of [2, 5]) {
          const first = await search(db, { q: 'heron', limit });
          expect([first.total, ids(first)], `limit ${limit}`).toEqual([n, order.slice(0, limit)]);
          const second = await search(db, { q: 'heron', limit, cursor: first.nextCursor });
          expect(ids(second), `limit ${limit}, page 2`).toEqual(order.slice(limit, 2 * limit));
        }
        // A page past both pools: the rest of tier 1 by likes.
        const far = await search(db, { q: 'heron', limit: 3, page: 101 });
        expect(ids(far)).toEqual(order.slice(300, 303));
      } finally {
        await fresh.stop();
      }
    }, 120_000);

    it('gives the notes indexed before migration 002 their phrase pairs', async () => {
      const fresh = await running.fresh();
      const before = await mkdtemp(path.join(os.tmpdir(), 'notenest-migrations-'));
      try {
        const [db] = fresh.clients;
        await copyFile(
          path.join(MIGRATIONS_DIR, '001_search_schema.sql'),
          path.join(before, '001_search_schema.sql'),
        );
        expect(await migrate(db, before)).toEqual([1]);
        // The note and its text as the indexer wrote them then (today's needs migration 002).
        await db.query(
          `INSERT INTO search_notes (id, title, approved, meta_tsv)
           VALUES ('old', $1, true, notenest_meta_tsv($1, NULL, NULL, NULL, NULL, NULL))`,
          ['Indexed before the pairs'],
        );
        await db.query(
          `INSERT INTO search_pages (note_id, seq, page, body, words, tsv)
           VALUES ('old', 0, 1, $1, 5, setweight(to_tsvector('notenest_english', $1), 'D'))`,
          ['the quick brown fox jumps'],
        );
        await db.query(
          "UPDATE search_notes SET tsv = meta_tsv || notenest_text_tsv(id) WHERE id = 'old'",
        );
        expect(await migrate(db)).toEqual([2, 3, 4]);
        const q = { q: '"brown fox"', includePending: true };
        expect(ids(await search(db, q))).toEqual(['old']);
        expect(ids(await search(db, { ...q, q: '"fox brown"' }))).toEqual([]);
        // And the pairs of its fields.
        expect(ids(await search(db, { ...q, q: '"before the pairs"' }))).toEqual(['old']);
        expect(ids(await search(db, { ...q, q: '"pairs the"' }))).toEqual([]);
      } finally {
        await fresh.stop();
        await rm(before, { recursive: true, force: true });
      }
    }, 120_000);

    // Issue 28: as text, a long document's pairs passed tsvector's 1 MB and its indexing failed
    // (and was retried) for ever. Here 150,000 distinct pairs ("12345 12346"), about 1.4 MB.
    it('indexes a long text of 150,000 distinct pairs and finds its phrases', async () => {
      const id = 'long-pairs';
      await upsertNote(c, { ...BASE, id, title: 'Long listing', subject: 'Testing' });
      const numbers = Array.from({ length: 150_000 }, (_, i) => String(100_000 + i));
      const pages = Array.from({ length: 50 }, (_, p) =>
        numbers.slice(p * 3_000, (p + 1) * 3_000).join(' '),
      );
      expect(await upsertNoteText(c, id, 1, pages)).toBe(true);
      const { rows } = await c.query<{ n: number }>(
        'SELECT cardinality(text_pairs) AS n FROM search_notes WHERE id = $1',
        [id],
      );
      expect(rows[0]!.n).toBeGreaterThan(149_000);
      // Two words: the pair alone, found anywhere in the text.
      expect(ids(await find('"212345 212346"'))).toEqual([id]);
      expect(ids(await find('"212346 212345"'))).toEqual([]);
      // Three: the pairs, then the positions (its words among the note's first 60,000 distinct
      // ones, which are all its vector keeps: notenest_text_tsv).
      expect(ids(await find('"112345 112346 112347"'))).toEqual([id]);
      expect(ids(await find('"112345 112346 112348"'))).toEqual([]);
    }, 120_000);
  });
});
