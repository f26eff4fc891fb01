/**
 * The pure decisions of the triggers: which filter values a note change can add or remove, and
 * when a note needs (re)indexing. The triggers themselves run against the whole stack
 * (triggers.stack.test.ts, routes/*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { touchedValues } from '../services/filter-options.js';
import { needsIndexing } from '../services/indexing.js';

const note = {
  title: 'OS',
  description: '',
  subjectName: 'Operating Systems',
  courseName: 'B.Tech CSE',
  collegeName: 'IIT Delhi',
  semester: 3,
  filePath: 'notes/u/n/a.pdf',
  fileType: 'application/pdf',
  approved: true,
};

describe('touchedValues', () => {
  it('an approval adds every value of the note; setting it back to pending takes them away', () => {
    const pending = { ...note, approved: false };
    const all = [
      ['subjects', 'Operating Systems'],
      ['courses', 'B.Tech CSE'],
      ['semesters', 3],
      ['colleges', 'IIT Delhi'],
    ];
    expect(touchedValues(pending, note)).toEqual(all);
    expect(touchedValues(note, pending)).toEqual(all);
    expect(touchedValues(note, undefined)).toEqual(all);
  });
  it('an edit of an approved note touches only the field that changed, old and new value', () => {
    expect(touchedValues(note, { ...note, semester: 4 })).toEqual([
      ['semesters', 3],
      ['semesters', 4],
    ]);
  });
  it('changes of pending notes, counters or search terms touch nothing', () => {
    expect(
      touchedValues({ ...note, approved: false }, { ...note, approved: false, semester: 5 }),
    ).toEqual([]);
    expect(touchedValues(note, { ...note, likesCount: 9, searchTerms: ['os'] })).toEqual([]);
  });
});

describe('needsIndexing', () => {
  const indexed = { ...note, searchTerms: ['os'], titleTerms: ['os'] };
  it('a note without terms, or whose indexed fields or file changed', () => {
    expect(needsIndexing(undefined, note)).toBe(true);
    expect(needsIndexing(indexed, { ...indexed, title: 'OS 2' })).toBe(true);
    expect(needsIndexing(indexed, { ...indexed, filePath: 'notes/u/n/b.pdf' })).toBe(true);
    // Indexed before ranking existed: no titleTerms yet.
    expect(needsIndexing(indexed, { ...note, searchTerms: ['os'] })).toBe(true);
  });
  it('not the indexer’s own write, a counter change, or a deleted note', () => {
    expect(needsIndexing(note, indexed)).toBe(false);
    expect(needsIndexing(indexed, { ...indexed, likesCount: 3, approved: false })).toBe(false);
    expect(needsIndexing(indexed, undefined)).toBe(false);
  });
});
