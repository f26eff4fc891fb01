import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TERM_LENGTH,
  MAX_SEARCH_TERMS,
  matchesSearch,
  prefixesOf,
  queryTokens,
  searchTermsFor,
  titleTermsFor,
  MAX_TITLE_TERMS,
  tokenize,
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

describe('searchTermsFor', () => {
  const note = {
    title: 'Operating Systems',
    subjectName: 'OS',
    courseName: 'B.Tech CSE',
    collegeName: 'IIT Delhi',
    description: 'Unit 3: deadlocks',
  };
  it('indexes every field word and its prefixes, distinct', () => {
    const terms = searchTermsFor(note);
    for (const t of ['op', 'oper', 'operating', 'sy', 'systems', 'os', 'b', 'tech', 'cse', 'iit'])
      expect(terms).toContain(t);
    expect(terms).toContain('3');
    expect(terms).toContain('deadl');
    expect(new Set(terms).size).toBe(terms.length);
  });
  it('adds the file words, most frequent first, within the cap', () => {
    const terms = searchTermsFor(note, 'Paging paging paging. Semaphore.', 1000);
    expect(terms).toContain('paging');
    expect(terms).toContain('semaphore');
    expect(terms.indexOf('pag')).toBeLessThan(terms.indexOf('sem'));
  });
  it('caps the number of terms, fields first', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' ');
    const terms = searchTermsFor(note, words);
    expect(terms).toHaveLength(MAX_SEARCH_TERMS);
    expect(terms).toContain('operating');
    expect(terms).toContain('deadlocks');
    expect(searchTermsFor(note, words, 5)).toHaveLength(5);
  });
  it('ignores missing fields', () => {
    expect(searchTermsFor({ title: 'Ab' })).toEqual(['ab']);
    expect(searchTermsFor({ title: null, description: undefined })).toEqual([]);
  });
});

describe('queryTokens and matchesSearch', () => {
  it('orders distinct tokens longest first', () => {
    expect(queryTokens('OS oper  Systèmes os')).toEqual(['systemes', 'oper', 'os']);
    expect(queryTokens('   ')).toEqual([]);
  });
  it('finds a note by prefixes of several words, in any case and accent', () => {
    const terms = searchTermsFor({ title: 'Opérating Systems', collegeName: 'IIT Delhi' });
    expect(matchesSearch(terms, queryTokens('oper SYST'))).toBe(true);
    expect(matchesSearch(terms, queryTokens('oper chemistry'))).toBe(false);
    expect(matchesSearch(terms, [])).toBe(true);
    expect(matchesSearch(undefined, ['os'])).toBe(false);
  });
  it('query tokens longer than the term cap still match', () => {
    const long = 'x'.repeat(60);
    expect(matchesSearch(searchTermsFor({ title: long }), queryTokens(long))).toBe(true);
  });
});

describe('titleTermsFor', () => {
  it('holds the words of title, subject and course with their prefixes, not the rest', () => {
    const terms = titleTermsFor({
      title: 'Deadlocks',
      subjectName: 'Operating Systems',
      courseName: 'B.Tech',
      // Extra fields are not title terms.
      ...({ description: 'banker' } as object),
    });
    expect(terms).toContain('deadlocks');
    expect(terms).toContain('dead');
    expect(terms).toContain('operating');
    expect(terms).toContain('tech');
    expect(terms).not.toContain('banker');
  });

  it('keeps at most MAX_TITLE_TERMS', () => {
    const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    expect(titleTermsFor({ title: long })).toHaveLength(MAX_TITLE_TERMS);
  });
});
