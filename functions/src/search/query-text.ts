/**
 * The pure half of search: what the user typed, as terms; the words of a text, as the vocabulary
 * holds them; edit distance; a snippet made safe to render. No SQL here (query-text.test.ts).
 */

/** Marks ts_headline puts around a matched word: private-use characters, stripped from indexed text. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** Query terms beyond this are ignored (a pasted paragraph must not make a 200-term AND). */
export const MAX_TERMS = 12;
/** Only words this long or longer are forgiven a typo (shorter ones have too many neighbours). */
export const TYPO_MIN_LENGTH = 5;
/** A prefix shorter than this matches as a whole word (a 1-2 letter prefix matches half the index). */
export const PREFIX_MIN_LENGTH = 3;

export type Term =
  { kind: 'word'; raw: string; norm: string } | { kind: 'phrase'; raw: string; words: string[] };

export interface ParsedQuery {
  terms: Term[];
  /** The last term is a word still being typed: it also matches as a prefix. */
  prefix: boolean;
}

// Letters the NFKD decomposition leaves alone but unaccent's rules fold (a subset that matters in
// names; anything else is still folded in SQL, this only affects the vocabulary's spelling).
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case, diacritics removed: the vocabulary's spelling of a word. */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD[c] ?? c);
}

const LETTERS = /^\p{L}+$/u;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/** The vocabulary's form of one typed word, or '' when it is not letters only. */
function normWord(raw: string): string {
  const f = foldWord(raw);
  return LETTERS.test(f) ? f : '';
}

/**
 * Terms of a query: words, and "quoted phrases" (an unclosed quote runs to the end). Tokens with
 * no letter or digit are dropped. The last word is a prefix unless the text ends in a space.
 */
export function parseQuery(q: string): ParsedQuery {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const text = q.replace(MARKS, ' ').replace(/[\u0000-\u001f\u007f]/g, ' ');
  const terms: Term[] = [];
  const parts = text.split('"');
  parts.forEach((part, i) => {
    const inQuote = i % 2 === 1;
    const words = part.split(/\s+/).filter((w) => HAS_WORD_CHAR.test(w));
    if (inQuote && words.length > 1) {
      terms.push({ kind: 'phrase', raw: words.join(' '), words });
    } else {
      for (const w of words) terms.push({ kind: 'word', raw: w, norm: normWord(w) });
    }
  });
  // Still typing the last word: it is not followed by a space, nor inside or closing quotes.
  const typing =
    terms[terms.length - 1]?.kind === 'word' &&
    parts.length % 2 === 1 &&
    !/[\s"]$/.test(text) &&
    terms.length <= MAX_TERMS;
  return { terms: terms.slice(0, MAX_TERMS), prefix: typing };
}

/** The distinct words of a text as the vocabulary keeps them: folded, letters only, 3-40 long. */
export function vocabularyWords(text: string, into = new Set<string>()): Set<string> {
  for (const m of text.matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
    const w = foldWord(m[0]);
    if (w.length >= 3 && w.length <= 40 && LETTERS.test(w)) into.add(w);
  }
  return into;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours: "teh" is one typo
 * of "the"), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[b.length]!, max + 1);
}

const ASCII_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one edit away from `word` (a letter deleted, inserted or replaced, or two
 * neighbours swapped: editDistance 1), with letters from a-z and the word's own: what a typo of a
 * vocabulary word can be corrected to, looked up by equality (~500 words for 8 letters) instead
 * of a trigram search of the whole vocabulary.
 */
export function oneEditAway(word: string): string[] {
  const w = Array.from(word); // code points: a letter outside the BMP is one letter
  const letters = [...new Set([...ASCII_LETTERS, ...w])];
  const out = new Set<string>();
  const at = (i: number, insert: string, skip: number) =>
    w.slice(0, i).join('') + insert + w.slice(i + skip).join('');
  for (let i = 0; i <= w.length; i++) {
    for (const c of letters) out.add(at(i, c, 0));
    if (i < w.length) {
      out.add(at(i, '', 1));
      for (const c of letters) out.add(at(i, c, 1));
    }
    if (i + 1 < w.length) out.add(at(i, w[i + 1]! + w[i]!, 2));
  }
  out.delete(word);
  return [...out];
}

const HTML: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A ts_headline result as HTML: everything escaped, the matched words in <mark>. */
export function snippetHtml(headline: string): string {
  return headline
    .replaceAll('\u200B', '')
    .replace(/[&<>"']/g, (c) => HTML[c]!)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text without the snippet marks, and without NUL (PostgreSQL refuses it). */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return text.replace(MARKS, ' ').replace(/\u0000/g, ' ');
}

/**
 * Text as it is indexed and queried. PostgreSQL's parser keeps some joined words as one token
 * that no word query matches: "B.Tech" (a host name), "api/auth/signup" (a path), "snake_case",
 * "name@example". They are separated by a space (a dot only between letters: "3.14" stays a
 * number). And "<b" would open an HTML tag to the parser, whose "words" are then dropped from the
 * index (think "a<b and c>d"); a zero-width space after "<" keeps them words and shows nothing.
 */
export function searchableText(text: string): string {
  return cleanText(text)
    .replace(/(?<=[\p{L}\p{N}])[/@_:\\|~=?&#+]+(?=[\p{L}\p{N}])/gu, ' ')
    .replace(/(?<=\p{L})\.(?=\p{L})/gu, ' ')
    .replace(/<(?=[\p{L}/!?])/gu, '<\u200B');
}

const PHRASE_CHAIN = /^'(?:[^']|'')+'(?: <(?:-|\d+)> '(?:[^']|'')+')+$/;

/** The adjacent pairs a phrase needs, and whether having them all is the phrase itself. */
export interface PhrasePairs {
  /** The pairs, "lexeme lexeme" as notenest_pairs writes them (`oper system`), distinct. */
  pairs: string[];
  /**
   * True for two words: a note whose text has the pair has the phrase (on one page). Longer
   * phrases need their positions checked too ('a b' and 'b c' may be in different places).
   */
  exact: boolean;
}

/**
 * The pairs of adjacent words a phrase query needs (`'oper' <-> 'system'` gives `oper system`),
 * to look up in search_notes.text_pairs (migrations/002_phrase_pairs.sql, by their hashes); null
 * when it is not a plain chain of words or has no two adjacent ones. Every note that has the
 * phrase in its text has all its pairs: a necessary condition, checked by the index, before the
 * exact one.
 */
export function phrasePairsQuery(phrase: string): PhrasePairs | null {
  if (!PHRASE_CHAIN.test(phrase)) return null;
  // tsquery text doubles a quote inside a lexeme; the pairs hold the lexemes themselves.
  const lexemes = [...phrase.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replaceAll("''", "'"));
  const gaps = [...phrase.matchAll(/ <(-|\d+)> /g)].map((m) => m[1]!);
  const pairs = new Set<string>();
  gaps.forEach((gap, i) => {
    if (gap === '-' || gap === '1') pairs.add(`${lexemes[i]} ${lexemes[i + 1]}`);
  });
  if (pairs.size === 0) return null;
  return { pairs: [...pairs], exact: lexemes.length === 2 };
}
