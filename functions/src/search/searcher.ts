/**
 * Reading the search index: search() for the notes list (GET /api/notes?search=, Browse, the admin
 * notes search) and suggestions() for the search box. See index.ts for the semantics.
 *
 * A search is a few statements in one read-only transaction: the vocabulary is asked about the
 * words (typo corrections, completions of the word being typed); the tsqueries are built in SQL
 * from the words as parameters (no user text is ever spliced into SQL); the matches are found,
 * counted and one page of them ranked, with their cards, in one statement (findPage); and that
 * page's snippets are made (or left out: the admin's list shows none; decorateHits() can make
 * them later in a transaction of its own).
 */
import {
  MARK_END,
  MARK_START,
  PREFIX_MIN_LENGTH,
  TYPO_MIN_LENGTH,
  editDistance,
  foldWord,
  oneEditAway,
  parseQuery,
  phrasePairsQuery,
  searchableText,
  snippetHtml,
  type ParsedQuery,
  type PhrasePairs,
  type Term,
} from './query-text.js';
import type { SqlClient, SqlQueryable } from './sql-client.js';

export const SEARCH_SORTS = ['relevance', 'newest', 'mostLiked', 'mostDownloaded'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchFilters {
  subject?: string | null;
  course?: string | null;
  semester?: number | null;
  college?: string | null;
  /**
   * Approved notes only (true) or pending ones only (false: the admin review list's search,
   * with includePending). Readers see approved notes whatever this says.
   */
  approved?: boolean | null;
}

export interface SearchRequest {
  q: string;
  filters?: SearchFilters;
  /** Default: relevance when there are words, newest when there are none. */
  sort?: SearchSort;
  /** 1-100, default 20. */
  limit?: number;
  /** 1-based page; or `cursor` (a previous answer's nextCursor), which wins when both are given. */
  page?: number;
  cursor?: string | null;
  /** Admins: pending notes too. Readers (the default) see approved notes only. */
  includePending?: boolean;
}

export interface SearchHit {
  id: string;
  /** Higher is better; the hits come in the requested order already. */
  rank: number;
  /** HTML: the text around the matched words, escaped, the words in <mark>...</mark>. */
  snippet: string | null;
  /** The PDF page of the best hit in the file's text, or null (a match in the note's fields only, or a file without pages). */
  page: number | null;
  /** What the note was indexed with to show (IndexedNote.card), or null. */
  card: Record<string, unknown> | null;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  /** When nothing matched: a corrected query that does match. */
  didYouMean?: string;
  nextCursor: string | null;
  /**
   * With `decorate: false` (search's options): the hits have no snippet or page yet (and a rank
   * only where the order was relevance); decorateHits() makes them from this.
   */
  undecorated?: Undecorated;
}

export interface SearchOptions {
  /**
   * False: the page's ids (and cards) only, no snippets or pages (the admin's list, which shows
   * none); decorateHits() can make them later. Default true: all in one transaction.
   */
  decorate?: boolean;
}

// Scoring a note's whole vector costs ~50 µs (PGlite, busy 2-core machine): these bound it.
/** Ranked exactly: every match when there are at most this many. */
export const RANK_ALL_MAX = 400;
/** Past RANK_ALL_MAX, each tier's matches scored: this many most liked of them. */
export const RANK_POOL = 200;

/** Weights of D (file text), C (college, description, uploader), B (subject, course), A (title). */
const WEIGHTS = '{0.05, 0.2, 0.5, 1.0}';
// 1: rank / (1 + log(length)): frequency with length normalisation. 32: rank / (rank + 1), so a
// rank is in [0, 1) and a tier (see rankedIds) can be added to it.
const NORM = 1 | 32;
const HEADLINE_OPTIONS =
  `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=10, ShortWord=2, ` +
  'MaxFragments=2, FragmentDelimiter=" … "';

/** Parameters of a statement being built: `p(value)` is the placeholder that passes it. */
class Params {
  readonly values: unknown[] = [];
  p(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

interface WordInfo {
  /** Vocabulary words one typo away (typed word unknown, 5+ letters). */
  corrections: string[];
  /** Vocabulary words the prefix completes to. */
  completions: string[];
  known: boolean;
}

/** Vocabulary words a typo is read as, at most. */
const MAX_CORRECTIONS = 12;

/** Asks the vocabulary about the words: which are known, their corrections and completions. */
async function lookUpWords(tx: SqlQueryable, parsed: ParsedQuery): Promise<Map<Term, WordInfo>> {
  const out = new Map<Term, WordInfo>();
  const words = parsed.terms.filter(
    (t): t is Extract<Term, { kind: 'word' }> => t.kind === 'word' && t.norm !== '',
  );
  const last = parsed.prefix ? parsed.terms[parsed.terms.length - 1] : undefined;
  const typo = [
    ...new Set(words.filter((t) => t.norm.length >= TYPO_MIN_LENGTH).map((t) => t.norm)),
  ];
  const candidates = new Map<string, { known: boolean; near: string[] }>();
  if (typo.length > 0) {
    // A word of a-z letters: its one-edit neighbours are looked up by equality (a few ms). A
    // trigram search of the whole vocabulary (other scripts) costs 20-60 ms on PGlite.
    const listed = typo.filter((w) => /^[a-z]+$/.test(w));
    const other = typo.filter((w) => !listed.includes(w));
    const near = new Map(listed.map((w) => [w, oneEditAway(w)]));
    const asked = [...listed, ...[...near.values()].flat()];
    const { rows: found } =
      asked.length > 0
        ? await tx.query<{ word: string }>(
            'SELECT word FROM search_words WHERE word = ANY($1::text[])',
            [asked],
          )
        : { rows: [] };
    const has = new Set(found.map((r) => r.word));
    for (const w of listed) {
      candidates.set(w, {
        known: has.has(w),
        near: near
          .get(w)!
          .filter((n) => has.has(n))
          .slice(0, MAX_CORRECTIONS),
      });
    }
    if (other.length > 0) {
      const { rows } = await tx.query<{ q: string; known: boolean; near: string[] | null }>(
        `SELECT w.q, EXISTS (SELECT 1 FROM search_words WHERE word = w.q) AS known,
                ARRAY(SELECT word FROM search_words
                       WHERE length(word) BETWEEN length(w.q) - 1 AND length(w.q) + 1
                         AND NOT EXISTS (SELECT 1 FROM search_words WHERE word = w.q)
                       ORDER BY word <-> w.q LIMIT ${MAX_CORRECTIONS}) AS near
           FROM unnest($1::text[]) AS w(q)`,
        [other],
      );
      for (const r of rows) candidates.set(r.q, { known: r.known, near: r.near ?? [] });
    }
  }
  let completions: string[] = [];
  if (last?.kind === 'word' && last.norm.length >= PREFIX_MIN_LENGTH) {
    const { rows } = await tx.query<{ word: string }>(
      `SELECT word FROM search_words WHERE word LIKE $1 AND word <> $2
        ORDER BY length(word), word LIMIT 30`,
      [`${last.norm}%`, last.norm],
    );
    completions = rows.map((r) => r.word);
  }
  for (const t of words) {
    const c = candidates.get(t.norm);
    const done = t === last ? completions : [];
    // One typo forgiven when the word is unknown and (being typed) completes to nothing.
    const corrections =
      c && !c.known && done.length === 0
        ? c.near.filter((w) => editDistance(t.norm, w, 1) <= 1)
        : [];
    out.set(t, { corrections, completions: done, known: c?.known ?? true });
  }
  return out;
}

/** tsquery SQL for a list of vocabulary words (letters only: safe in tsquery syntax) OR'ed. */
function orWords(params: Params, words: string[]): string {
  return `to_tsquery('notenest_english', ${params.p(words.join(' | '))})`;
}

/** SQL expressions (over the words as parameters) of the query's tsqueries. */
interface BuiltQuery {
  /**
   * Every term must match the note's vector; phrases as their words (see whereClause), except a
   * two-word phrase, which its pair decides; null when nothing is left.
   */
  bag: string | null;
  /** The same with phrases as phrases: what ranks and highlights. */
  rank: string;
  /** Any term: picks the page to show. */
  any: string;
  /** One tsquery per phrase: checked on the note's fields and page by page. */
  phrases: string[];
}

function buildQuery(
  params: Params,
  parsed: ParsedQuery,
  info: Map<Term, WordInfo>,
  pairs: (PhrasePairs | null)[],
): BuiltQuery {
  const bag: string[] = [];
  const rank: string[] = [];
  const phrases: string[] = [];
  parsed.terms.forEach((t, i) => {
    if (t.kind === 'phrase') {
      const text = params.p(searchableText(t.raw));
      const phrase = `phraseto_tsquery('notenest_english', ${text})`;
      // Its words in the bag would make every note that has them read its vector (thousands
      // for common words) only to be filtered by the pair, which the index answers alone.
      if (!pairs[phrases.length]?.exact) bag.push(`plainto_tsquery('notenest_english', ${text})`);
      rank.push(phrase);
      phrases.push(phrase);
      return;
    }
    const w = params.p(searchableText(t.raw));
    const alts = [
      `phraseto_tsquery('notenest_english', ${w})`,
      `phraseto_tsquery('notenest_simple', ${w})`,
    ];
    const more = info.get(t);
    if (more?.corrections.length) alts.push(orWords(params, more.corrections));
    const typing = parsed.prefix && i === parsed.terms.length - 1;
    const stem = foldWord(t.raw);
    if (typing && stem.length >= PREFIX_MIN_LENGTH && /^[\p{L}\p{N}]+$/u.test(stem)) {
      const pre = params.p(`${stem}:*`);
      alts.push(`to_tsquery('notenest_simple', ${pre})`, `to_tsquery('notenest_english', ${pre})`);
      if (more?.completions.length) alts.push(orWords(params, more.completions));
    }
    const term = `(${alts.join(' || ')})`;
    bag.push(term);
    rank.push(term);
  });
  // Parenthesised: used as operands (`n.tsv @@ a && b` would read as `(n.tsv @@ a) && b`).
  return {
    bag: bag.length > 0 ? `(${bag.join(' && ')})` : null,
    rank: `(${rank.join(' && ')})`,
    any: `(${rank.join(' || ')})`,
    phrases,
  };
}

/** A request the search cannot answer as asked (the facade answers 400 with the message). */
export class SearchInputError extends Error {}

/** Encodes an offset as the opaque cursor the caller passes back. */
function cursorOf(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}
function offsetOf(cursor: string): number {
  const m = /^o:(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new SearchInputError('Invalid cursor');
  return Number(m[1]);
}

/**
 * Visibility, filters, the words (`tsv`: a tsquery SQL expression) and the phrases (each on the
 * note's fields or on one page: positions are exact there) as SQL over `n`.
 */
function whereClause(
  params: Params,
  req: SearchRequest,
  q: {
    tsv: string | null;
    /** Each phrase's tsquery SQL. */
    phrases: string[];
    pairs: ({ sql: string; exact: boolean } | null)[];
  } | null,
): string {
  const parts = ['n.title IS NOT NULL'];
  if (!req.includePending) parts.push('n.approved');
  const f = req.filters ?? {};
  if (f.subject) parts.push(`n.subject = ${params.p(f.subject)}`);
  if (f.course) parts.push(`n.course = ${params.p(f.course)}`);
  if (f.college) parts.push(`n.college = ${params.p(f.college)}`);
  if (f.semester !== undefined && f.semester !== null) {
    parts.push(`n.semester = ${params.p(f.semester, '::int')}`);
  }
  if (f.approved !== undefined && f.approved !== null) {
    parts.push(`n.approved = ${params.p(f.approved, '::boolean')}`);
  }
  if (q) {
    if (q.tsv !== null) parts.push(`n.tsv @@ ${q.tsv}`);
    q.phrases.forEach((ph, i) => {
      // First the indexes: all the phrase's word pairs in the note's fields or in its file's text
      // (migrations/002_phrase_pairs.sql), exact lookups that read no vector; that leaves few
      // notes whose positions are read below.
      const pairs = q.pairs[i];
      if (pairs) {
        const hashes = `notenest_pair_hashes(${pairs.sql})`;
        parts.push(`(n.meta_pairs @> ${hashes} OR n.text_pairs @> ${hashes})`);
      }
      // Two words: having the pair is having the phrase (on one page; one that runs from a
      // page to the next is not found).
      if (pairs?.exact) return;
      // The note's whole vector has exact positions unless part of its text was stripped of
      // them (search_notes.partial_positions, see notenest_text_tsv): then its pages are read.
      parts.push(
        `(n.meta_tsv @@ ${ph} OR CASE WHEN n.partial_positions
           THEN notenest_pages_match(n.id, ${ph}) ELSE n.tsv @@ ${ph} END)`,
      );
    });
  }
  return parts.join(' AND ');
}

/** The phrases' tsqueries as text, in the order buildQuery lists them (none: no statement). */
async function phraseQueries(tx: SqlQueryable, parsed: ParsedQuery): Promise<string[]> {
  const texts = parsed.terms.flatMap((t) => (t.kind === 'phrase' ? [searchableText(t.raw)] : []));
  if (texts.length === 0) return [];
  const { rows } = await tx.query<{ q: string }>(
    `SELECT phraseto_tsquery('notenest_english', x.t)::text AS q
       FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i) ORDER BY x.i`,
    [texts],
  );
  return rows.map((r) => r.q);
}

/** The other sorts, over the matches (`m`, see findPage). */
const ORDER: Record<Exclude<SearchSort, 'relevance'>, string> = {
  newest: 'm.created_at DESC, m.id',
  mostLiked: 'm.like_count DESC, m.created_at DESC, m.id',
  mostDownloaded: 'm.download_count DESC, m.created_at DESC, m.id',
};

/**
 * SQL of the CTEs that make `page (id, rank, ord)`: one page of the matches `m`, counted in
 * `c (total)`, in the requested order. By relevance (`rq`: the rank tsquery's SQL): tier 2, the
 * note's own fields match the whole query (title, subject...); tier 1, the others, both ranked
 * by ts_rank_cd over the whole vector (in [0, 1), added to the tier). With more than
 * RANK_ALL_MAX matches (a word in most notes), scoring every match is what costs, so only the
 * RANK_POOL most liked of each tier are scored (tier 2 by its fields' vector, tier 1 by its
 * text), and the rest of each tier follows them by likes (tier 2 at rank 2, tier 0 for the
 * text): a common word says little about which note is best. Tier 1's pool is scored only when
 * the page reaches past tier 2: every rank in tier 1 is below every rank in tier 2, so its
 * scores cannot change a page tier 2 fills (the most common word's first pages: 200 whole-text
 * vectors not read); and a page within tier 2's pool is sorted from that pool alone, not from
 * every match. Which of the two is made is decided by conditions on no row (the count), which
 * are evaluated once, and the part they guard is never read when false.
 */
function pageCtes(
  params: Params,
  sort: SearchSort,
  rq: string | null,
  limit: number,
  offset: number,
): string {
  const page = `LIMIT ${params.p(limit, '::int')} OFFSET ${params.p(offset, '::int')}`;
  // row_number() OVER () numbers the rows of the ordered, limited subquery in its order.
  const numbered = (inner: string) =>
    `SELECT x.id, x.rank, row_number() OVER () AS ord FROM (${inner}) x`;
  if (!rq || sort !== 'relevance') {
    // The rank of these is computed for the page's rows only (decorate).
    const order = ORDER[sort === 'relevance' ? 'newest' : sort];
    return `page AS (${numbered(`SELECT m.id, NULL::real AS rank FROM m ORDER BY ${order} ${page}`)})`;
  }
  const rankOf = (v: string) => `ts_rank_cd('${WEIGHTS}', ${v}, ${rq}, ${NORM})`;
  const total = '(SELECT total FROM c)';
  const tier = (inMeta: string, when = '') =>
    `(SELECT id, in_meta FROM m WHERE ${inMeta}${when}
       ORDER BY like_count DESC, created_at DESC, id LIMIT ${RANK_POOL})`;
  const end = params.p(offset + limit, '::int');
  const pastTier2 = ` AND (SELECT count(*) FROM m WHERE in_meta) < ${end}`;
  const pastTier2Pool = `(SELECT count(*) FROM scored WHERE in_meta) < ${end}`;
  // Every match ranked over its whole vector (one primary-key lookup each).
  const exact = numbered(
    `SELECT m.id, CASE WHEN m.in_meta THEN 2 ELSE 1 END + ${rankOf('n.tsv')} AS rank
       FROM m JOIN search_notes n ON n.id = m.id
      WHERE ${total} <= ${RANK_ALL_MAX}
      ORDER BY rank DESC, m.created_at DESC, m.id ${page}`,
  );
  // The pools: only their rows are scored (one primary-key lookup each); only tier 1's read the
  // big vector. Ranking every field match of the most common word cost ~25 ms at 10,000 notes.
  const pooled = numbered(
    `SELECT r.id, r.rank FROM (
       -- A page within tier 2's pool is that pool's rows alone (all rank above the rest).
       SELECT s.id, s.rank, s.like_count, s.created_at FROM scored s
        WHERE s.in_meta AND NOT ${pastTier2Pool}
       UNION ALL
       -- Else every match, the rest after the pools: tier 2 at 2, tier 1 at 0.
       SELECT m.id, coalesce(s.rank, CASE WHEN m.in_meta THEN 2 ELSE 0 END),
              m.like_count, m.created_at
         FROM m LEFT JOIN scored s ON s.id = m.id
        WHERE ${pastTier2Pool}) r
      WHERE ${total} > ${RANK_ALL_MAX}
      ORDER BY r.rank DESC, r.like_count DESC, r.created_at DESC, r.id ${page}`,
  );
  return `pool AS (${tier('in_meta')} UNION ALL ${tier('NOT in_meta', pastTier2)}),
     scored AS MATERIALIZED (
       SELECT pool.id, pool.in_meta, n.like_count, n.created_at,
              CASE WHEN pool.in_meta THEN 2 + ${rankOf('n.meta_tsv')}
                   ELSE 1 + ${rankOf('n.tsv')} END AS rank
         FROM pool JOIN search_notes n ON n.id = pool.id),
     page AS (${exact} UNION ALL ${pooled})`;
}

// ts_headline reads its whole text (~1 ms per 2,500 characters here): it is given a window
// around the first place one of the query's lexemes appears in the page (a stem is nearly always
// the start of its words), or the whole page when none is found as such (accents, "studi").
const WINDOW_BEFORE = 300;
const WINDOW = 900;

/** The lexemes of a tsquery's text ('a' & 'b':* ...), lower case, 3+ characters. */
function needlesOf(tsquery: string): string[] {
  const out = new Set<string>();
  for (const m of tsquery.matchAll(/'((?:[^']|'')+)'/g)) {
    const lexeme = m[1]!.replaceAll("''", "'").toLowerCase();
    if (lexeme.length >= 3) out.add(lexeme);
  }
  return [...out];
}

interface HitRow {
  id: string;
  rank: number | null;
  page: number | null;
  headline: string | null;
}

/**
 * What a page of hits still needs after its ids: each hit's best page and snippet, and its rank
 * when the page was sorted by something else. Made by search() with `decorate: false` and
 * turned into hits by decorate().
 */
export interface Undecorated {
  rows: { id: string; rank: number | null; card: Record<string, unknown> | null }[];
  /** The query's rank and any-term tsqueries as text; null for a list without words. */
  q: { rank: string; any: string } | null;
}

/** Hits without their snippets and pages (a list without words, or a page not decorated yet). */
function bareHits(rows: Undecorated['rows']): SearchHit[] {
  return rows.map((r) => ({
    id: r.id,
    rank: r.rank ?? 0,
    snippet: null,
    page: null,
    card: r.card,
  }));
}

/**
 * The matches counted and one page of them in order (ids, and ranks where the order was
 * relevance), in one statement: the vocabulary is asked first (typo corrections, completions),
 * then the matches are found once (`m`, through the indexes: the GIN index of the words, the
 * phrase pairs' indexes, then the positions of the few candidates left), and both the count and
 * the page are made from them. Counting in a statement of its own read every match twice: the
 * most common word's 9,557 notes took 16 ms more.
 */
async function findPage(
  tx: SqlQueryable,
  req: SearchRequest,
  parsed: ParsedQuery,
  sort: SearchSort,
  limit: number,
  offset: number,
): Promise<{ total: number; page: Undecorated }> {
  const params = new Params();
  let where: string;
  let built: BuiltQuery | null = null;
  if (parsed.terms.length === 0) {
    where = whereClause(params, req, null);
  } else {
    const pairs = (await phraseQueries(tx, parsed)).map(phrasePairsQuery);
    built = buildQuery(params, parsed, await lookUpWords(tx, parsed), pairs);
    where = whereClause(params, req, {
      tsv: built.bag,
      phrases: built.phrases,
      pairs: pairs.map((p) => p && { sql: params.p(p.pairs, '::text[]'), exact: p.exact }),
    });
  }
  // The tsqueries' SQL is repeated where used: their parameters are known when the statement is
  // planned, so each is evaluated once, then, as a constant (which the GIN index needs anyway).
  const rq = built && sort === 'relevance' ? built.rank : null;
  const { rows } = await tx.query<{
    total: number;
    rank_q: string | null;
    any_q: string | null;
    ids: string[];
    ranks: (number | string | null)[];
    cards: (Record<string, unknown> | null)[];
  }>(
    `WITH m AS MATERIALIZED (
       SELECT n.id, n.like_count, n.download_count, n.created_at,
              ${rq ? `n.meta_tsv @@ ${rq}` : 'false'} AS in_meta
         FROM search_notes n WHERE ${where}),
     c AS MATERIALIZED (SELECT count(*)::int AS total FROM m),
     ${pageCtes(params, sort, rq, limit, offset)}
     SELECT (SELECT total FROM c) AS total,
            ${built ? `${built.rank}::text` : 'NULL::text'} AS rank_q,
            ${built ? `${built.any}::text` : 'NULL::text'} AS any_q,
            ARRAY(SELECT id FROM page ORDER BY ord) AS ids,
            ARRAY(SELECT rank FROM page ORDER BY ord) AS ranks,
            -- The page's cards, read here: a primary-key lookup each, in the same snapshot.
            (SELECT coalesce(jsonb_agg(k.card ORDER BY p.ord), '[]'::jsonb)
               FROM page p LEFT JOIN search_cards k ON k.id = p.id) AS cards`,
    params.values,
  );
  const r = rows[0]!;
  return {
    total: Number(r.total),
    page: {
      rows: r.ids.map((id, i) => {
        const rank = r.ranks[i];
        return { id, rank: rank == null ? null : Number(rank), card: r.cards[i] ?? null };
      }),
      q: r.rank_q !== null && r.any_q !== null ? { rank: r.rank_q, any: r.any_q } : null,
    },
  };
}

/**
 * The hits of a page (see Undecorated), in its order: for a search, each one's best page (one
 * matching every term first, then the most matches of any term) and its snippet from that page,
 * or from the note's title and description when its file does not have the words. A note gone
 * from the index since its page was read keeps its place, without a snippet.
 */
async function decorate(tx: SqlQueryable, page: Undecorated): Promise<SearchHit[]> {
  const { rows: order, q } = page;
  if (!q || order.length === 0) return bareHits(order);
  const params = new Params();
  const rq = params.p(q.rank, '::tsquery');
  const ids = params.p(
    order.map((r) => r.id),
    '::text[]',
  );
  const ranks = params.p(
    order.map((r) => r.rank),
    '::real[]',
  );
  const any = params.p(q.any, '::tsquery');
  const needles = params.p(needlesOf(q.any), '::text[]');
  const options = params.p(HEADLINE_OPTIONS);
  const mark = params.p(MARK_START);
  const { rows } = await tx.query<HitRow>(
    `SELECT h.id, coalesce(h.rank, ts_rank_cd('${WEIGHTS}', n.tsv, ${rq}, ${NORM})) AS rank, bp.page,
            CASE WHEN strpos(hw.headline, ${mark}) > 0 OR bp.body IS NULL OR w.at = 0 THEN hw.headline
                 ELSE ts_headline('notenest_english', bp.body, ${rq}, ${options}) END AS headline
       FROM unnest(${ids}, ${ranks}) AS h(id, rank) JOIN search_notes n ON n.id = h.id
       LEFT JOIN LATERAL (
         SELECT p.page, p.body FROM search_pages p
          WHERE p.note_id = h.id AND p.tsv @@ ${any}
          ORDER BY p.tsv @@ ${rq} DESC, ts_rank(p.tsv, ${any}) DESC, p.seq
          LIMIT 1) bp ON true
       LEFT JOIN LATERAL (
         SELECT coalesce(min(nullif(strpos(l.body, x), 0)), 0) AS at
           FROM (SELECT lower(bp.body) AS body) l, unnest(${needles}) AS x) w ON true
       -- The window's snippet; the whole page's when the window missed the words.
       CROSS JOIN LATERAL (
         SELECT ts_headline('notenest_english',
                  coalesce(CASE WHEN w.at > 0
                                THEN substr(bp.body, greatest(1, w.at - ${WINDOW_BEFORE}), ${WINDOW})
                                ELSE bp.body END,
                           concat_ws(' — ', n.title, nullif(n.description, ''))),
                  ${rq}, ${options}) AS headline
         -- A fence: pulled up into the select list, the snippet was made once per mention
         -- below (twice a row: ~2.3 ms instead of ~1 at 20 hits).
         OFFSET 0) hw`,
    params.values,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return order.map((o) => {
    const r = byId.get(o.id);
    return {
      id: o.id,
      rank: Number(r?.rank ?? o.rank ?? 0),
      snippet: r?.headline == null ? null : snippetHtml(r.headline),
      page: r?.page == null ? null : Number(r.page),
      card: o.card,
    };
  });
}

/** Settings of every search transaction. */
const READ_SETTINGS = {
  // The tsvectors are TOASTed, so a sequential scan looks cheap to the planner and is chosen for
  // any word (~200 ms at 10,000 notes), where the GIN index answers in a few ms.
  enable_seqscan: 'off',
  // JIT (on in some servers) would add its compile time to every such query.
  jit: 'off',
};

function readOnly<T>(client: SqlClient, fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
  return client.transaction(fn, { readOnly: true, settings: READ_SETTINGS });
}

function pageLimit(req: SearchRequest): { limit: number; offset: number } {
  const limit = req.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new SearchInputError('limit must be an integer from 1 to 100');
  }
  if (req.cursor) return { limit, offset: offsetOf(req.cursor) };
  const page = req.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > 10_000) {
    throw new SearchInputError('page must be an integer from 1 to 10000');
  }
  return { limit, offset: (page - 1) * limit };
}

/**
 * A corrected query when nothing matched: each word the vocabulary does not know is replaced by
 * its nearest known word (up to two edits away), kept only if that query finds notes.
 */
async function didYouMean(
  tx: SqlQueryable,
  req: SearchRequest,
  parsed: ParsedQuery,
): Promise<string | undefined> {
  const words = parsed.terms.flatMap((t) => (t.kind === 'word' ? [t] : []));
  const asked = [...new Set(words.map((t) => t.norm).filter((w) => w.length >= 3))];
  if (asked.length === 0) return undefined;
  const { rows } = await tx.query<{ q: string; known: boolean; near: string[] | null }>(
    `SELECT w.q, EXISTS (SELECT 1 FROM search_words WHERE word = w.q) AS known,
            ARRAY(SELECT word FROM search_words
                   WHERE length(word) BETWEEN length(w.q) - 2 AND length(w.q) + 2
                   ORDER BY word <-> w.q LIMIT 20) AS near
       FROM unnest($1::text[]) AS w(q)`,
    [asked],
  );
  const fix = new Map<string, string>();
  for (const r of rows) {
    if (r.known) continue;
    const best = (r.near ?? [])
      .map((w, i) => ({ w, d: editDistance(r.q, w, 2), i }))
      .filter((c) => c.d <= 2)
      .sort((a, b) => a.d - b.d || a.i - b.i)[0];
    if (best) fix.set(r.q, best.w);
  }
  if (fix.size === 0) return undefined;
  const text = parsed.terms
    .map((t) => (t.kind === 'phrase' ? `"${t.raw}"` : (fix.get(t.norm) ?? t.raw)))
    .join(' ');
  // Whole words (no prefix); the order that reads least.
  const again = await findPage(tx, req, parseQuery(`${text} `), 'newest', 1, 0);
  return again.total > 0 ? text : undefined;
}

/** Searches the notes (see index.ts for what matches and in which order). */
export async function search(
  client: SqlClient,
  req: SearchRequest,
  { decorate: decorated = true }: SearchOptions = {},
): Promise<SearchResult> {
  const { limit, offset } = pageLimit(req);
  const parsed = parseQuery(req.q ?? '');
  const sort: SearchSort = req.sort ?? (parsed.terms.length > 0 ? 'relevance' : 'newest');
  if (!SEARCH_SORTS.includes(sort)) {
    throw new SearchInputError(`sort must be one of ${SEARCH_SORTS.join(', ')}`);
  }
  return readOnly(client, async (tx) => {
    const { total, page } = await findPage(tx, req, parsed, sort, limit, offset);
    if (total === 0) {
      const suggestion = parsed.terms.length > 0 ? await didYouMean(tx, req, parsed) : undefined;
      return {
        hits: [],
        total,
        nextCursor: null,
        ...(suggestion ? { didYouMean: suggestion } : {}),
      };
    }
    const next = offset + page.rows.length;
    const nextCursor = page.rows.length > 0 && next < total ? cursorOf(next) : null;
    if (decorated) return { hits: await decorate(tx, page), total, nextCursor };
    return { hits: bareHits(page.rows), total, nextCursor, undecorated: page };
  });
}

/** The snippets, pages and ranks of a page of hits found with `decorate: false`, in its order. */
export function decorateHits(client: SqlClient, page: Undecorated): Promise<SearchHit[]> {
  // Nothing to read: no transaction.
  if (!page.q || page.rows.length === 0) return Promise.resolve(bareHits(page.rows));
  return readOnly(client, (tx) => decorate(tx, page));
}

/**
 * Up to `max` titles, subjects, courses or colleges of approved notes that match what is being
 * typed (every word; the last one as a prefix), most liked notes first.
 */
export async function suggestions(client: SqlClient, typed: string, max = 5): Promise<string[]> {
  const parsed = parseQuery(typed.trimStart());
  if (parsed.terms.length === 0) return [];
  return readOnly(client, async (tx) => {
    const params = new Params();
    const built = buildQuery(params, parsed, await lookUpWords(tx, parsed), []);
    const tsq = built.rank;
    const { rows } = await tx.query<
      Record<'title' | 'subject' | 'course' | 'college', string | null>
    >(
      `SELECT ${['title', 'subject', 'course', 'college']
        .map(
          (f) =>
            `CASE WHEN (to_tsvector('notenest_english', coalesce(n.${f}, ''))
                     || to_tsvector('notenest_simple', coalesce(n.${f}, ''))) @@ q.q
                  THEN n.${f} END AS ${f}`,
        )
        .join(', ')}
         FROM (SELECT ${tsq} AS q) q, search_notes n
        WHERE n.approved AND n.title IS NOT NULL AND n.meta_tsv @@ q.q
        ORDER BY n.like_count DESC, n.created_at DESC, n.id LIMIT 50`,
      params.values,
    );
    const out: string[] = [];
    const seen = new Set<string>();
    for (const field of ['title', 'subject', 'course', 'college'] as const) {
      for (const r of rows) {
        const v = r[field];
        if (!v || seen.has(v.toLowerCase())) continue;
        seen.add(v.toLowerCase());
        out.push(v);
        if (out.length >= max) return out;
      }
    }
    return out;
  });
}
