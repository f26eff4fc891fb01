import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TERM_LENGTH,
  MAX_USER_SEARCH_TERMS,
  matchesSearch,
  prefixesOf,
  queryTokens,
  tokenize,
  userSearchTerms,
} from './index.js';

describe('tokenize', () => {
  it('lower-cases, strips diacritics and splits on non letters/digits', () => {
    expect(tokenize('Operating-Systems: Café  Naïve résumé 2nd_sem')).toEqual([
      'operating',
      'systems',
      'cafe',
      'naive',
      'resume',
      '2nd',
      'sem',
    ]);
  });
  it('keeps letters of other scripts and digits', () => {
    expect(tokenize('गणित 101 / Δx')).toEqual(['गणित', '101', 'δx']);
  });
  it('returns nothing for punctuation only', () => {
    expect(tokenize(' -- !! ')).toEqual([]);
    expect(tokenize('')).toEqual([]);
  });
  it('cuts very long words', () => {
    const [w] = tokenize('a'.repeat(100));
    expect(w).toHaveLength(MAX_SEARCH_TERM_LENGTH);
  });
});

describe('prefixesOf', () => {
  it('gives prefixes from 2 characters, the word itself last', () => {
    expect(prefixesOf('oper')).toEqual(['op', 'ope', 'oper']);
    expect(prefixesOf('c')).toEqual(['c']);
    expect(prefixesOf('os')).toEqual(['os']);
  });
});

describe('queryTokens and matchesSearch', () => {
  it('orders distinct tokens longest first', () => {
    expect(queryTokens('OS oper  Systèmes os')).toEqual(['systemes', 'oper', 'os']);
    expect(queryTokens('   ')).toEqual([]);
  });
  it('finds a note by prefixes of several words, in any case and accent', () => {
    const terms = userSearchTerms('Opérating Systems', 'iit@delhi.in');
    expect(matchesSearch(terms, queryTokens('oper SYST'))).toBe(true);
    expect(matchesSearch(terms, queryTokens('oper chemistry'))).toBe(false);
    expect(matchesSearch(terms, [])).toBe(true);
    expect(matchesSearch(undefined, ['os'])).toBe(false);
  });
  it('query tokens longer than the term cap still match', () => {
    const long = 'x'.repeat(60);
    expect(matchesSearch(userSearchTerms(long, null), queryTokens(long))).toBe(true);
  });
});

describe('userSearchTerms', () => {
  it('holds the words of username and email with their prefixes, distinct', () => {
    const terms = userSearchTerms('Priya_Nair', 'priya.nair@gmail.com');
    expect(terms).toEqual(
      expect.arrayContaining(['pr', 'pri', 'priya', 'nair', 'gm', 'gmail', 'com']),
    );
    expect(new Set(terms).size).toBe(terms.length);
    expect(matchesSearch(terms, queryTokens('PRI gmail'))).toBe(true);
    expect(matchesSearch(terms, queryTokens('pri yahoo'))).toBe(false);
  });

  it('keeps at most MAX_USER_SEARCH_TERMS', () => {
    const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    expect(userSearchTerms(long, null)).toHaveLength(MAX_USER_SEARCH_TERMS);
  });
});
