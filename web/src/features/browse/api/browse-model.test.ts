import { describe, expect, it } from 'vitest';
import { orNA, toBrowseNote, toDate, toFilterOptions } from './browse-model';

describe('toBrowseNote', () => {
  it('maps a seeded note document', () => {
    const createdAt = new Date('2026-07-01T10:00:00Z');
    expect(
      toBrowseNote('n1', {
        title: 'Deadlocks',
        description: 'Coffman conditions',
        subjectName: 'Operating Systems',
        courseName: 'B.Tech CSE',
        collegeName: 'Delhi Technological University',
        semester: 4,
        likesCount: 3,
        commentsCount: 2,
        downloadCount: 17,
        fileUrl: 'http://127.0.0.1:9199/v0/b/x/o/a.pdf?alt=media&token=t',
        fileName: 'deadlocks.pdf',
        approved: true,
        searchTerms: ['de', 'dea'],
        createdAt: { toDate: () => createdAt },
      }),
    ).toEqual({
      id: 'n1',
      title: 'Deadlocks',
      description: 'Coffman conditions',
      subjectName: 'Operating Systems',
      courseName: 'B.Tech CSE',
      collegeName: 'Delhi Technological University',
      semester: 4,
      likesCount: 3,
      commentsCount: 2,
      downloadCount: 17,
      fileUrl: 'http://127.0.0.1:9199/v0/b/x/o/a.pdf?alt=media&token=t',
      fileName: 'deadlocks.pdf',
      thumbnailUrl: null,
      fileRefused: false,
      createdAt,
    });
  });

  it('tolerates missing and malformed fields (cards show N/A)', () => {
    const note = toBrowseNote('n2', {
      title: ' ',
      semester: '3',
      likesCount: -1,
      downloadCount: Number.NaN,
      fileUrl: 'javascript:alert(1)',
    });
    expect(note.title).toBe('Untitled note');
    expect(note.description).toBe('');
    expect([note.subjectName, note.semester, note.fileUrl, note.fileName]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect([note.likesCount, note.downloadCount, note.commentsCount]).toEqual([0, 0, 0]);
    expect(orNA(note.collegeName)).toBe('N/A');
    expect(orNA(note.semester)).toBe('N/A');
    expect(orNA(3)).toBe('3');
  });

  it('reads dates from Timestamps, Dates and millis', () => {
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate(new Date('nope'))).toBeNull();
    expect(toDate({ toDate: () => 'x' })).toBeNull();
    expect(toDate('2026-01-01')).toBeNull();
  });
});

describe('toFilterOptions', () => {
  it('keeps distinct, sorted, well-typed values', () => {
    expect(
      toFilterOptions({
        subjects: ['Thermodynamics', 'Data Structures', 'Data Structures', 7, ''],
        courses: 'B.Com',
        semesters: [4, 1, '2', 1.5, 3],
        colleges: ['Anna University'],
      }),
    ).toEqual({
      subjects: ['Data Structures', 'Thermodynamics'],
      courses: [],
      semesters: [1, 3, 4],
      colleges: ['Anna University'],
    });
    expect(toFilterOptions(undefined).subjects).toEqual([]);
  });
});
