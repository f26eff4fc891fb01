import { describe, expect, it } from 'vitest';
import {
  editDistance,
  foldWord,
  oneEditAway,
  parseQuery,
  phrasePairsQuery,
  searchableText,
  snippetHtml,
  vocabularyWords,
} from './query-text.js';

describe('parseQuery', () => {
  it('splits words and quoted phrases; the last word is a prefix while typed', () => {
    expect(parseQuery('binary "search tree" oper')).toEqual({
      terms: [
        { kind: 'word', raw: 'binary', norm: 'binary' },
        { kind: 'phrase', raw: 'search tree', words: ['search', 'tree'] },
        { kind: 'word', raw: 'oper', norm: 'oper' },
      ],
      prefix: true,
    });
    expect(parseQuery('oper ').prefix).toBe(false);
    expect(parseQuery('"search tree"').prefix).toBe(false);
    expect(parseQuery('"search tree').terms).toEqual([
      { kind: 'phrase', raw: 'search tree', words: ['search', 'tree'] },
    ]);
  });

  it('drops tokens without a letter or digit, and keeps codes', () => {
    expect(parseQuery(' -- CS101 & ').terms).toEqual([{ kind: 'word', raw: 'CS101', norm: '' }]);
    expect(parseQuery('').terms).toEqual([]);
  });
});

describe('words', () => {
  it('folds case and diacritics', () => {
    expect(foldWord('Résumé')).toBe('resume');
    expect(foldWord('Straße')).toBe('strasse');
  });

  it('keeps the distinct letter-only words of 3-40 letters', () => {
    expect([...vocabularyWords('The naïve CS101 e-mail, THE end')].sort()).toEqual([
      'end',
      'mail',
      'naive',
      'the',
    ]);
  });

  it('separates words the parser would join, and defuses tags', () => {
    expect(searchableText('B.Tech api/auth/signup snake_case 3.14 a<b')).toBe(
      'B Tech api auth signup snake case 3.14 a<\u200Bb',
    );
  });

  it('counts one typo per insertion, deletion, substitution or swap', () => {
    expect(editDistance('theory', 'thery')).toBe(1);
    expect(editDistance('theory', 'theroy')).toBe(1);
    expect(editDistance('theory', 'theopy')).toBe(1);
    expect(editDistance('theory', 'tehroy')).toBe(2);
    expect(editDistance('theory', 'xxxxxx', 2)).toBe(3);
  });
});

describe('snippetHtml', () => {
  it('escapes the text and marks the words', () => {
    expect(snippetHtml('a <b> & \uE000word\uE001 "q"')).toBe(
      'a &lt;b&gt; &amp; <mark>word</mark> &quot;q&quot;',
    );
  });
});

describe('oneEditAway', () => {
  it('lists exactly the words one edit away (OSA distance 1)', () => {
    const near = oneEditAway('heat');
    for (const w of ['eat', 'hat', 'cheat', 'heats', 'haet', 'hect', 'heta']) {
      expect(near).toContain(w);
    }
    expect(near).not.toContain('heat');
    expect(near).not.toContain('meta'); // two edits
    expect(near.every((w) => editDistance('heat', w, 1) === 1)).toBe(true);
    expect(oneEditAway('café')).toContain('cafe');
    expect(oneEditAway('cafe')).toContain('cafa');
  });
});

describe('phrasePairsQuery', () => {
  it('gives the adjacent pairs of a chain of words, each once', () => {
    // Two words: the pair is the phrase.
    expect(phrasePairsQuery("'oper' <-> 'system'")).toEqual({
      pairs: ['oper system'],
      exact: true,
    });
    expect(phrasePairsQuery("'well-known' <-> 'well' <-> 'known' <-> 'fact'")).toEqual({
      pairs: ['well-known well', 'well known', 'known fact'],
      exact: false,
    });
    // A quote the tsquery doubled is the lexeme's own; a repeated pair is asked for once.
    expect(phrasePairsQuery("'o''brien' <-> 'o''brien' <-> 'o''brien'")).toEqual({
      pairs: ["o'brien o'brien"],
      exact: false,
    });
  });

  it('skips gaps wider than one word, and anything but a chain', () => {
    expect(phrasePairsQuery("'cat' <2> 'mat' <-> 'rug'")).toEqual({
      pairs: ['mat rug'],
      exact: false,
    });
    expect(phrasePairsQuery("'cat' <2> 'mat'")).toBeNull();
    expect(phrasePairsQuery("'cat'")).toBeNull();
    expect(phrasePairsQuery("'cat' & 'mat'")).toBeNull();
    expect(phrasePairsQuery("( 'cat' | 'dog' ) <-> 'food'")).toBeNull();
    expect(phrasePairsQuery('')).toBeNull();
  });
});
