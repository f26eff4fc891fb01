import { describe, expect, it } from 'vitest';
import { orNA, toDate, toNoteSummary } from './note-summary';

describe('toNoteSummary', () => {
  it('maps a seeded note document', () => {
    const createdAt = new Date('2024-03-01T10:00:00Z');
    const note = toNoteSummary('n1', {
      title: 'Operating Systems Unit 3',
      description: 'Deadlocks and scheduling',
      subjectName: 'Operating Systems',
      courseName: 'B.Tech CSE',
      collegeName: 'IIT Delhi',
      semester: 5,
      likesCount: 3,
      commentsCount: 2,
      approved: true,
      createdAt: { toDate: () => createdAt },
    });
    expect(note).toEqual({
      id: 'n1',
      title: 'Operating Systems Unit 3',
      description: 'Deadlocks and scheduling',
      subjectName: 'Operating Systems',
      courseName: 'B.Tech CSE',
      collegeName: 'IIT Delhi',
      semester: 5,
      likesCount: 3,
      commentsCount: 2,
      createdAt,
    });
  });

  it('tolerates missing and malformed fields', () => {
    const note = toNoteSummary('n2', {
      title: '  ',
      semester: '3',
      likesCount: -4,
      createdAt: 'x',
    });
    expect(note.title).toBe('Untitled note');
    expect(note.subjectName).toBeNull();
    expect(note.semester).toBeNull();
    expect(note.likesCount).toBe(0);
    expect(note.createdAt).toBeNull();
    expect(orNA(note.collegeName)).toBe('N/A');
    expect(orNA(3)).toBe('3');
  });

  it('reads dates from Timestamps, Dates and millis', () => {
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate(new Date('nope'))).toBeNull();
    expect(toDate({ toDate: () => 'not a date' })).toBeNull();
    expect(toDate(null)).toBeNull();
  });
});
