/**
 * The search tokenizer (docs/data-model.md "Search"). Functions index a note's fields and file
 * text into `notes.searchTerms` with `searchTermsFor`; a search runs `queryTokens` on the typed
 * text, queries `array-contains` on the first (longest) token and keeps the results for which
 * `matchesSearch` holds.
 */
import { MAX_SEARCH_TERM_LENGTH, MAX_SEARCH_TERMS } from './constants.js';

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

/** The note fields indexed for search. */
export interface SearchableFields {
  title?: string | null;
  subjectName?: string | null;
  courseName?: string | null;
  collegeName?: string | null;
  description?: string | null;
  /** The uploader's username, so admins (and readers) find a note by who shared it. */
  uploaderName?: string | null;
}

/**
 * `notes.searchTerms` for a note: every word of title, subject, course, college, description
 * (in that priority) and then of the file text contributes itself and its prefixes; distinct,
 * at most `maxTerms` (MAX_SEARCH_TERMS) so the document and its index entries stay small.
 * File words are taken most frequent first, so a long file fills the cap with its key words.
 */
export function searchTermsFor(
  fields: SearchableFields,
  fileText?: string | null,
  maxTerms: number = MAX_SEARCH_TERMS,
): string[] {
  const terms = new Set<string>();
  const add = (words: Iterable<string>): boolean => {
    for (const w of words) {
      for (const t of prefixesOf(w)) {
        if (terms.size >= maxTerms) return false;
        terms.add(t);
      }
    }
    return true;
  };
  const fieldText = [
    fields.title,
    fields.subjectName,
    fields.courseName,
    fields.collegeName,
    fields.description,
    fields.uploaderName,
  ]
    .filter((s): s is string => typeof s === 'string')
    .join(' ');
  if (!add(tokenize(fieldText))) return [...terms];
  if (fileText) add(wordsByFrequency(fileText));
  return [...terms];
}

/**
 * The distinct words of `text`, most frequent first (equal counts keep reading order), at most
 * `max`: what a file contributes to the index (functions keep them per file, so a note is
 * re-indexed without reading its file again).
 */
export function wordsByFrequency(text: string, max = Infinity): string[] {
  const freq = new Map<string, number>();
  for (const w of tokenize(text)) freq.set(w, (freq.get(w) ?? 0) + 1);
  // Stable: equal counts keep first-appearance order.
  return [...freq.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([w]) => w);
}

/** Most `titleTerms` a note keeps (its title, subject and course are short). */
export const MAX_TITLE_TERMS = 200;

/**
 * `notes.titleTerms`: the words of the title, subject and course with their prefixes. Search
 * ranks in two tiers (docs/data-model.md "Search"): notes whose titleTerms hold the searched
 * word come first, then the other notes whose searchTerms (every field and the file's words)
 * hold it, each tier in the chosen sort order.
 */
export function titleTermsFor(
  fields: Pick<SearchableFields, 'title' | 'subjectName' | 'courseName'>,
): string[] {
  return searchTermsFor(
    { title: [fields.title, fields.subjectName, fields.courseName].filter(Boolean).join(' ') },
    null,
    MAX_TITLE_TERMS,
  );
}

/** The two tiers of a ranked search, best first: the array field each one queries. */
export const SEARCH_TIERS = ['titleTerms', 'searchTerms'] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];

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
  return searchTermsFor({ title: text }, null, 200);
}
