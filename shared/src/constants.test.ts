import { describe, expect, it } from 'vitest';
import {
  BATCHES,
  MAX_AVATAR_BYTES,
  MAX_NOTE_FILE_BYTES,
  NOTE_FILE_ACCEPT,
  NOTE_FILE_TYPES,
  NOTE_LIMITS,
  SEMESTERS,
} from './index.js';

describe('constants', () => {
  it('has the four spec batches in order', () => {
    expect(BATCHES).toEqual(['2020-2024', '2021-2025', '2022-2026', '2023-2027']);
  });
  it('has semesters 1..8', () => {
    expect(SEMESTERS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('limits files to 10 MiB and avatars to 2 MiB', () => {
    expect(MAX_NOTE_FILE_BYTES).toBe(10_485_760);
    expect(MAX_AVATAR_BYTES).toBe(2_097_152);
  });
  it('maps the four accepted extensions to their MIME types', () => {
    expect(NOTE_FILE_TYPES).toEqual({
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      txt: 'text/plain',
    });
    expect(NOTE_FILE_ACCEPT).toBe('.pdf,.doc,.docx,.txt');
  });
  it('has the data model limits', () => {
    expect(NOTE_LIMITS.title).toEqual({ min: 3, max: 120 });
    expect(NOTE_LIMITS.description).toEqual({ min: 0, max: 2000 });
    for (const f of ['collegeName', 'courseName', 'subjectName'] as const)
      expect(NOTE_LIMITS[f]).toEqual({ min: 2, max: 120 });
    expect(NOTE_LIMITS.semester).toEqual({ min: 1, max: 8 });
    expect(NOTE_LIMITS.fileUrl.max).toBe(2048);
    expect(NOTE_LIMITS.fileName).toEqual({ min: 1, max: 255 });
  });
});
