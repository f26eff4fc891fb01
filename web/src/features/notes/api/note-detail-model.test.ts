import { describe, expect, it } from 'vitest';
import { failureMessage } from '../../../shared/errors/app-error';
import { ACTION_MESSAGES, previewKindOf, toNoteDetail } from './note-detail-model';

describe('toNoteDetail', () => {
  it('maps a note document', () => {
    const createdAt = new Date('2026-03-04T10:00:00Z');
    const note = toNoteDetail('n1', {
      title: 'Deadlocks',
      description: 'Banker’s algorithm',
      subjectName: 'Operating Systems',
      courseName: 'B.Tech CSE',
      collegeName: 'DTU',
      semester: 4,
      batch: '2022-2026',
      fileUrl: 'http://127.0.0.1:9199/v0/b/x/o/a.pdf?alt=media&token=t',
      fileName: 'a.pdf',
      fileType: 'application/pdf',
      uploaderId: 'u1',
      approved: true,
      likesCount: 3,
      downloadCount: 7,
      commentsCount: 2,
      createdAt: { toDate: () => createdAt },
    });
    expect(note).toEqual({
      id: 'n1',
      title: 'Deadlocks',
      description: 'Banker’s algorithm',
      subjectName: 'Operating Systems',
      courseName: 'B.Tech CSE',
      collegeName: 'DTU',
      semester: 4,
      batch: '2022-2026',
      fileUrl: 'http://127.0.0.1:9199/v0/b/x/o/a.pdf?alt=media&token=t',
      fileName: 'a.pdf',
      thumbnailUrl: null,
      fileRefused: false,
      fileType: 'application/pdf',
      uploaderId: 'u1',
      approved: true,
      underReview: false,
      likesCount: 3,
      downloadCount: 7,
      commentsCount: 2,
      createdAt,
    });
    // Reports took it out of view (issue 30): its uploader and admins still read it.
    expect(toNoteDetail('n1', { approved: false, underReview: true }).underReview).toBe(true);
  });

  it('tolerates missing and malformed fields', () => {
    const note = toNoteDetail('n2', {
      semester: 'x',
      batch: '1999',
      fileUrl: 'javascript:alert(1)',
      likesCount: -4,
      approved: 'yes',
    });
    expect(note.title).toBe('Untitled note');
    expect(note.semester).toBeNull();
    expect(note.batch).toBeNull();
    expect(note.fileUrl).toBeNull();
    expect(note.likesCount).toBe(0);
    expect(note.approved).toBe(false);
  });
});

describe('previewKindOf', () => {
  const url = 'http://h/f';
  it('previews PDF, DOCX and TXT by type, else by extension, never without a URL', () => {
    expect(previewKindOf({ fileUrl: url, fileType: 'application/pdf', fileName: null })).toBe(
      'pdf',
    );
    expect(previewKindOf({ fileUrl: url, fileType: 'text/plain', fileName: 'a.pdf' })).toBe('text');
    expect(previewKindOf({ fileUrl: url, fileType: 'application/msword', fileName: 'a.txt' })).toBe(
      null,
    );
    expect(previewKindOf({ fileUrl: url, fileType: null, fileName: 'Notes.PDF' })).toBe('pdf');
    expect(previewKindOf({ fileUrl: url, fileType: null, fileName: 'notes.txt' })).toBe('text');
    expect(previewKindOf({ fileUrl: url, fileType: null, fileName: 'notes.docx' })).toBe('docx');
    expect(previewKindOf({ fileUrl: url, fileType: null, fileName: 'notes.doc' })).toBe(null);
    expect(
      previewKindOf({
        fileUrl: url,
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        fileName: 'a.txt',
      }),
    ).toBe('docx');
    expect(previewKindOf({ fileUrl: null, fileType: 'application/pdf', fileName: 'a.pdf' })).toBe(
      null,
    );
  });
});

describe('ACTION_MESSAGES (spec section 8)', () => {
  it('has the texts of the note actions', () => {
    expect(ACTION_MESSAGES.archive).toEqual({
      success: 'Note archived successfully',
      failed: 'Failed to archive the note',
      exception: 'Something went wrong while archiving',
    });
    // failureMessage is the shared one (shared/errors/app-error.ts), tested with the comments'.
    expect(failureMessage(new TypeError('Failed to fetch'), ACTION_MESSAGES.archive)).toBe(
      'Something went wrong while archiving',
    );
  });
});
