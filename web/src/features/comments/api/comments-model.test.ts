import { describe, expect, it } from 'vitest';
import { AppError, failureMessage } from '../../../shared/errors/app-error';
import {
  canDeleteComment,
  canEditComment,
  COMMENT_MESSAGES,
  commentAuthor,
  commentInitial,
  pseudoAuthorLabel,
  toNoteComment,
} from './comments-model';

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

describe('pseudoAuthorLabel (Browse)', () => {
  it('labels the author "User_" + the first 4 characters of the comment id', () => {
    expect(pseudoAuthorLabel('AbC9xyzQWERTYuiop123')).toBe('User_AbC9');
    expect(pseudoAuthorLabel('ab')).toBe('User_ab');
  });

  it('maps a comment document (text, author, times)', () => {
    const at = new Date(2026, 6, 3, 14, 5);
    const c = toNoteComment('c1', { text: 'Great', username: 'Aarav', commentedAt: at });
    expect(c).toEqual({
      id: 'c1',
      text: 'Great',
      authorId: null,
      username: 'Aarav',
      commentedAt: at,
      editedAt: null,
    });
    expect(toNoteComment('c2', {}).text).toBe('');
  });
});

describe('failureMessage (spec section 8)', () => {
  it("uses the server's message, else the action's fallback, else its exception text", () => {
    const texts = COMMENT_MESSAGES.update;
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
    expect(COMMENT_MESSAGES.delete).toEqual({
      failed: 'Failed to delete comment',
      exception: 'Something went wrong while deleting comment',
    });
  });
});
