/**
 * The tokenizer of the small Firestore-side searches (docs/data-model.md "Search"): the admin
 * Users search (`users.searchTerms`: `userSearchTerms`, queried with `queryTokens` and checked
 * with `matchesSearch`) and Browse's search-box suggestions. Notes are searched by the search
 * engine in PostgreSQL (functions/src/search), which has its own parser.
 */
import { MAX_SEARCH_TERM_LENGTH, MAX_USER_SEARCH_TERMS } from './constants.js';

/** Shortest prefix indexed: "op" finds "operating". */
export const MIN_PREFIX_LENGTH = 2;

/**
 * Words of `text`: lower-cased, diacritics removed (NFKD, then the Combining Diacritical Marks
 * U+0300-036F dropped: "Café" -> "cafe"; marks that are part of other scripts, such as Devanagari
 * vowel signs, stay), split on anything that is not a letter, such a mark, or a digit. Words
 * longer than MAX_SEARCH_TERM_LENGTH are cut to it (query tokens are cut the same way, so they
 * still match). Order kept, duplicates kept.
 */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .toLowerCase();
  const out: string[] = [];
  for (const w of folded.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (w === '') continue;
    out.push([...w].slice(0, MAX_SEARCH_TERM_LENGTH).join(''));
  }
  return out;
}

/** A word and its prefixes from MIN_PREFIX_LENGTH characters, shortest first. */
export function prefixesOf(word: string): string[] {
  const cps = [...word];
  if (cps.length < MIN_PREFIX_LENGTH) return [word];
  const out: string[] = [];
  for (let n = MIN_PREFIX_LENGTH; n <= cps.length; n++) out.push(cps.slice(0, n).join(''));
  return out;
}

/**
 * Tokens of a search box query, distinct, longest first: the first is the one to query with
 * `array-contains` (the most selective), the rest are checked with `matchesSearch`.
 */
export function queryTokens(query: string): string[] {
  const distinct = [...new Set(tokenize(query))];
  // Stable sort: equal lengths keep the typed order.
  return distinct.sort((a, b) => [...b].length - [...a].length);
}

/** True when every query token is among the note's search terms (all tokens must match). */
export function matchesSearch(
  searchTerms: readonly string[] | undefined,
  tokens: readonly string[],
): boolean {
  if (tokens.length === 0) return true;
  if (!searchTerms) return false;
  const set = new Set(searchTerms);
  return tokens.every((t) => set.has(t));
}

/**
 * `users.searchTerms` for the admin Users search: the words of the username and of the email
 * (its local part and domain split on anything not a letter or digit) with their prefixes, so
 * "pri", "nair" or "gmail" find Priya Nair <priya.nair@gmail.com>.
 */
export function userSearchTerms(username: unknown, email: unknown): string[] {
  const text = [username, email].filter((s): s is string => typeof s === 'string').join(' ');
  const terms = new Set<string>();
  for (const word of tokenize(text)) {
    for (const term of prefixesOf(word)) {
      if (terms.size >= MAX_USER_SEARCH_TERMS) return [...terms];
      terms.add(term);
    }
  }
  return [...terms];
}
