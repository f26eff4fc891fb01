import { describe, expect, it } from 'vitest';
import { count, httpUrl, readNoteBasics, text } from './note-fields';

describe('note fields', () => {
  it('keeps well-formed values', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    expect(
      readNoteBasics({
        title: 'Graphs',
        description: 'BFS',
        subjectName: 'DSA',
        courseName: 'B.Tech CSE',
        collegeName: 'DTU',
        semester: 3,
        likesCount: 2,
        commentsCount: 1,
        downloadCount: 5,
        fileUrl: 'https://x.test/a.pdf',
        fileName: 'a.pdf',
        thumbnailUrl: 'https://x.test/t.webp',
        fileStatus: 'refused',
        createdAt: at,
      }),
    ).toEqual({
      title: 'Graphs',
      description: 'BFS',
      subjectName: 'DSA',
      courseName: 'B.Tech CSE',
      collegeName: 'DTU',
      semester: 3,
      likesCount: 2,
      commentsCount: 1,
      downloadCount: 5,
      fileUrl: 'https://x.test/a.pdf',
      fileName: 'a.pdf',
      thumbnailUrl: 'https://x.test/t.webp',
      fileRefused: true,
      createdAt: at,
    });
  });

  it('falls back on missing or malformed values', () => {
    const n = readNoteBasics({
      title: '  ',
      semester: 2.5,
      likesCount: -3,
      fileUrl: 'javascript:x',
    });
    expect(n).toMatchObject({ title: 'Untitled note', description: '', semester: null });
    expect([n.likesCount, n.fileUrl, n.createdAt]).toEqual([0, null, null]);
    expect([text(' '), text(1), count(NaN), count(2.9), httpUrl('ftp://a')]).toEqual([
      null,
      null,
      0,
      2,
      null,
    ]);
  });
});
