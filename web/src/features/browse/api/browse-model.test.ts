import { describe, expect, it } from 'vitest';
import { orNA, toBrowseNote, toDate, toFilterOptions, toSearchAnswer } from './browse-model';

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

describe('toSearchAnswer', () => {
  // A NoteView as the facade sends it (functions/src/services/views.ts), plus the search's fields.
  const view = {
    _id: 'n1',
    id: 'n1',
    title: 'Paging and Virtual Memory',
    description: 'Page tables & TLBs',
    subjectName: 'Operating Systems',
    subject: 'Operating Systems',
    courseName: 'B.Tech CSE',
    collegeName: 'Delhi Technological University',
    batch: '2022-2026',
    semester: 4,
    fileUrl: 'http://127.0.0.1:9199/v0/b/x/o/a.pdf?alt=media&token=t',
    fileName: 'paging.pdf',
    fileType: 'application/pdf',
    thumbnailUrl: null,
    fileStatus: 'ok',
    uploader: { _id: 'u1', username: 'Aarav Sharma' },
    approved: true,
    likesCount: 2,
    downloadCount: 5,
    commentsCount: 1,
    createdAt: '2026-07-01T10:00:00.000Z',
    updatedAt: '2026-07-01T10:00:00.000Z',
    snippet: 'demand <mark>paging</mark>, page faults &amp; more',
    page: 2,
  };

  it('maps each note to a card with its snippet segments and page', () => {
    const answer = toSearchAnswer({
      success: true,
      notes: [view],
      total: 1,
      nextCursor: 'abc',
    });
    expect(answer.nextCursor).toBe('abc');
    expect(answer.didYouMean).toBeNull();
    expect(answer.notes).toEqual([
      {
        ...toBrowseNote('n1', { ...view, createdAt: new Date('2026-07-01T10:00:00.000Z') }),
        match: {
          snippet: [
            { text: 'demand ', mark: false },
            { text: 'paging', mark: true },
            { text: ', page faults & more', mark: false },
          ],
          page: 2,
        },
      },
    ]);
    expect(answer.notes[0]!.createdAt?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(answer.notes[0]!.title).toBe('Paging and Virtual Memory');
  });

  it('has no page for a match in the fields, and no snippet when none came', () => {
    const { notes } = toSearchAnswer({
      notes: [
        { ...view, page: null },
        { ...view, id: 'n2', _id: 'n2', snippet: undefined, page: 0 },
      ],
    });
    expect(notes.map((n) => n.match)).toEqual([
      { snippet: expect.any(Array) as unknown, page: null },
      { snippet: [], page: null },
    ]);
  });

  it('offers the corrected query, and ends the list without a cursor', () => {
    expect(toSearchAnswer({ success: true, notes: [], didYouMean: 'examiners' })).toEqual({
      notes: [],
      nextCursor: null,
      didYouMean: 'examiners',
    });
    expect(toSearchAnswer({ notes: [], nextCursor: null, didYouMean: ' ' }).didYouMean).toBeNull();
  });

  it('leaves out entries without an id and notes not approved; survives a malformed body', () => {
    const { notes } = toSearchAnswer({
      notes: [
        null,
        'n1',
        { ...view, id: undefined, _id: 'n3' },
        { title: 'x' },
        { ...view, id: 'n4', approved: false },
      ],
    });
    expect(notes.map((n) => n.id)).toEqual(['n3']);
    expect(toSearchAnswer(null)).toEqual({ notes: [], nextCursor: null, didYouMean: null });
    expect(toSearchAnswer({ notes: 'x', nextCursor: 7 }).nextCursor).toBeNull();
  });
});
