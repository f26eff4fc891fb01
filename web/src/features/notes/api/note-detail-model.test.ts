import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors/app-error';
import {
  ACTION_MESSAGES,
  canDeleteComment,
  canEditComment,
  commentAuthor,
  commentInitial,
  failureMessage,
  previewKindOf,
  toNoteComment,
  toNoteDetail,
} from './note-detail-model';

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
      likesCount: 3,
      downloadCount: 7,
      commentsCount: 2,
      createdAt,
    });
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

describe('comments', () => {
  const mine = toNoteComment('c1', { text: 'hi', authorId: 'me', username: 'asha' });
  const theirs = toNoteComment('c2', { text: 'yo', authorId: 'them' });

  it('shows "Anonymous User" and its initial when the username is missing', () => {
    expect(commentAuthor(mine)).toBe('asha');
    expect(commentInitial(mine)).toBe('A');
    expect(commentAuthor(theirs)).toBe('Anonymous User');
    expect(commentInitial(theirs)).toBe('A');
    expect(commentInitial({ username: 'ñandu' })).toBe('Ñ');
  });

  it('offers edit to the author only and delete to the author or an admin (firestore.rules)', () => {
    const student = { uid: 'me', role: 'user' } as const;
    const admin = { uid: 'boss', role: 'admin' } as const;
    expect(canEditComment(mine, student)).toBe(true);
    expect(canDeleteComment(mine, student)).toBe(true);
    expect(canEditComment(theirs, student)).toBe(false);
    expect(canDeleteComment(theirs, student)).toBe(false);
    expect(canEditComment(theirs, admin)).toBe(false);
    expect(canDeleteComment(theirs, admin)).toBe(true);
    // A comment without an author is nobody's to edit.
    const orphan = toNoteComment('c3', { text: 'x' });
    expect(canEditComment(orphan, { uid: '', role: 'user' })).toBe(false);
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

describe('failureMessage (spec section 8)', () => {
  it("uses the server's message, else the action's fallback, else its exception text", () => {
    const texts = ACTION_MESSAGES.update;
    expect(
      failureMessage(
        new AppError('server', 'Comment not found', {
          status: 404,
          serverMessage: 'Comment not found',
        }),
        texts,
      ),
    ).toBe('Comment not found');
    expect(
      failureMessage(
        new AppError('server', 'Request failed with status 502', { status: 502 }),
        texts,
      ),
    ).toBe('Failed to update comment');
    expect(failureMessage(new TypeError('Failed to fetch'), texts)).toBe(
      'Something went wrong while updating comment',
    );
    expect(ACTION_MESSAGES.archive).toEqual({
      success: 'Note archived successfully',
      failed: 'Failed to archive the note',
      exception: 'Something went wrong while archiving',
    });
    expect(ACTION_MESSAGES.delete).toEqual({
      failed: 'Failed to delete comment',
      exception: 'Something went wrong while deleting comment',
    });
  });
});
