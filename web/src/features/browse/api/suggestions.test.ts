import { describe, expect, it } from 'vitest';
import { matchOptions, suggestionsFor } from './suggestions';

const CANDIDATES = [
  'Operating Systems',
  'Data Structures',
  'Database Management Systems',
  'Digital Electronics',
  'B.Tech CSE',
  'Delhi Technological University',
  'Deadlocks - Short Notes',
  'Data Structures',
  'Depreciation Methods',
];

describe('suggestionsFor', () => {
  it('needs at least 2 characters', () => {
    expect(suggestionsFor('', CANDIDATES)).toEqual([]);
    expect(suggestionsFor('d', CANDIDATES)).toEqual([]);
    expect(suggestionsFor(' d ', CANDIDATES)).toEqual([]);
  });

  it('shows at most 5, those starting with the text first, without duplicates', () => {
    expect(suggestionsFor('de', CANDIDATES)).toEqual([
      'Delhi Technological University',
      'Deadlocks - Short Notes',
      'Depreciation Methods',
    ]);
    const many = suggestionsFor('da', [...CANDIDATES, 'Data Mining', 'Data Science', 'Dams']);
    expect(many).toEqual([
      'Data Structures',
      'Database Management Systems',
      'Data Mining',
      'Data Science',
      'Dams',
    ]);
  });

  it('matches every typed word as a word prefix, case-insensitively', () => {
    expect(suggestionsFor('SYS oper', CANDIDATES)).toEqual(['Operating Systems']);
    expect(suggestionsFor('ystems', CANDIDATES)).toEqual([]);
    expect(suggestionsFor('b.tech', CANDIDATES)).toEqual(['B.Tech CSE']);
  });

  it('leaves out the text itself', () => {
    expect(suggestionsFor('operating systems', CANDIDATES)).toEqual([]);
  });
});

describe('matchOptions', () => {
  it('narrows by case-insensitive containment, numbers too', () => {
    expect(matchOptions(['Anna University', 'Christ University', 'IIT'], 'univ')).toEqual([
      'Anna University',
      'Christ University',
    ]);
    expect(matchOptions([1, 2, 3], ' 2')).toEqual([2]);
    expect(matchOptions(['a'], '')).toEqual(['a']);
    expect(matchOptions(['a'], 'zzz')).toEqual([]);
  });
});
