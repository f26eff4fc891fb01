/**
 * The pure decisions of the triggers: which filter values a note change can add or remove, when
 * a note's file is read again, when the search index is written, and what it is given. The triggers themselves run against the whole stack
 * (triggers.stack.test.ts, routes/*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { touchedValues } from '../services/filter-options.js';
import { Timestamp } from 'firebase-admin/firestore';
import { needsIndexing } from '../services/indexing.js';
import { indexedNoteOf, searchFieldsDiffer } from '../services/search-sync.js';
import { noteView } from '../services/views.js';

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
    expect(touchedValues(note, { ...note, likesCount: 9, fileStatus: 'ok' })).toEqual([]);
  });
});

describe('needsIndexing (the file read again into fileStatus and thumbnailUrl)', () => {
  const checked = { ...note, fileStatus: 'ok', thumbnailUrl: null };
  it('a note never checked, or whose file changed', () => {
    expect(needsIndexing(undefined, note)).toBe(true);
    expect(needsIndexing(checked, { ...checked, filePath: 'notes/u/n/b.pdf' })).toBe(true);
    expect(needsIndexing(checked, { ...checked, fileType: 'text/plain' })).toBe(true);
    // A note that links an outside file is checked once too (fileStatus null from then on).
    expect(needsIndexing(undefined, { ...note, filePath: null })).toBe(true);
    expect(
      needsIndexing({ ...note, filePath: null }, { ...note, filePath: null, fileStatus: null }),
    ).toBe(false);
  });
  it('not its own write, an edit of other fields, a counter, or a deleted note', () => {
    expect(needsIndexing(note, checked)).toBe(false);
    expect(needsIndexing(checked, { ...checked, title: 'OS 2', likesCount: 3 })).toBe(false);
    expect(needsIndexing(checked, undefined)).toBe(false);
  });
});

describe('searchFieldsDiffer (the search index written)', () => {
  const at = Timestamp.fromMillis(1_700_000_000_000);
  const indexed = { ...note, createdAt: at, likesCount: 1, downloadCount: 2, commentsCount: 0 };
  it('a note created or deleted, or a field the index holds changed', () => {
    expect(searchFieldsDiffer(undefined, indexed)).toBe(true);
    expect(searchFieldsDiffer(indexed, undefined)).toBe(true);
    for (const change of [
      { title: 'OS 2' },
      { uploaderName: 'renamed' },
      { approved: false },
      { likesCount: 2 },
      { downloadCount: 3 },
      { semester: 4 },
      { filePath: 'notes/u/n/b.pdf' },
    ])
      expect(searchFieldsDiffer(indexed, { ...indexed, ...change }), JSON.stringify(change)).toBe(
        true,
      );
  });
  it('what only the card shows: a comment count, the file’s verdict or thumbnail', () => {
    for (const change of [
      { commentsCount: 5 },
      { fileStatus: 'ok' },
      { thumbnailUrl: 'https://example.com/t.webp' },
    ])
      expect(searchFieldsDiffer(indexed, { ...indexed, ...change }), JSON.stringify(change)).toBe(
        true,
      );
  });
  it('not the same time read again, or a field neither the index nor the card has', () => {
    expect(
      searchFieldsDiffer(indexed, {
        ...indexed,
        approvedAt: Timestamp.fromMillis(1_700_000_001_000),
        createdAt: Timestamp.fromMillis(1_700_000_000_000),
      }),
    ).toBe(false);
  });
});

describe('indexedNoteOf', () => {
  it("maps Firestore's names to the index's (likesCount is likeCount there), with the card", () => {
    const createdAt = Timestamp.fromMillis(1_700_000_000_000);
    const doc = {
      ...note,
      uploaderId: 'u1',
      uploaderName: 'Asha',
      createdAt,
      likesCount: 4,
      downloadCount: 7,
    };
    expect(indexedNoteOf('n1', doc)).toEqual({
      id: 'n1',
      title: 'OS',
      subject: 'Operating Systems',
      course: 'B.Tech CSE',
      college: 'IIT Delhi',
      description: '',
      uploaderId: 'u1',
      uploaderName: 'Asha',
      semester: 3,
      approved: true,
      createdAt: createdAt.toDate(),
      likeCount: 4,
      downloadCount: 7,
      // What a reader's search shows of it, as the facade answers a note.
      card: noteView('n1', doc),
    });
  });
});
