import { describe, expect, it } from 'vitest';
import { chunks } from '../../../shared/utils/chunks';
import { AppError } from '../../../shared/errors/app-error';
import {
  avatarProblem,
  profileErrorMessage,
  toNoteListItem,
  toProfile,
  usernameFor,
} from './profile-model';

describe('profile model', () => {
  it('maps a profile document defensively', () => {
    const createdAt = new Date('2024-01-02T00:00:00Z');
    expect(
      toProfile('u1', {
        username: 'Asha',
        email: 'a@x.dev',
        avatar: null,
        createdAt: { toDate: () => createdAt },
      }),
    ).toEqual({
      uid: 'u1',
      username: 'Asha',
      email: 'a@x.dev',
      avatar: null,
      createdAt,
      notifyFollows: true,
    });
    expect(toProfile('u2', {}).username).toBe('Student');
    // Follow notifications are on unless the student turned them off (issue 32).
    expect(toProfile('u3', { notifyFollows: false }).notifyFollows).toBe(false);
    expect(toProfile('u4', { notifyFollows: 'no' }).notifyFollows).toBe(true);
    expect(
      toNoteListItem('n', { title: ' ', approved: 'yes', thumbnailUrl: 'javascript:x' }),
    ).toEqual({
      id: 'n',
      title: 'Untitled note',
      createdAt: null,
      approved: false,
      thumbnailUrl: null,
      fileName: null,
    });
    expect(
      toNoteListItem('m', { thumbnailUrl: 'https://x.test/t.webp', fileName: 'a.pdf' }),
    ).toMatchObject({ thumbnailUrl: 'https://x.test/t.webp', fileName: 'a.pdf' });
  });

  it('derives a rules-valid username', () => {
    expect(usernameFor('  Priya Nair ', null)).toBe('Priya Nair');
    expect(usernameFor(null, 'kabir@x.dev')).toBe('kabir');
    expect(usernameFor(null, 'k@x.dev')).toBe('k_user');
    expect(Array.from(usernameFor('x'.repeat(60), null))).toHaveLength(40);
  });

  it('accepts images up to 2 MiB only', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Please choose an image file',
    );
    expect(avatarProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toMatch(/2 MB/);
    // An SVG is an image that can carry script: refused like storage.rules refuse it.
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('Please choose an image file');
  });

  it('words a failed profile action: its reason, else "Something went wrong"', () => {
    const taken = new AppError('server', 'Request failed with status 409', {
      status: 409,
      serverMessage: 'Username is already taken',
    });
    expect(profileErrorMessage(taken)).toBe('Username is already taken');
    // A server's bare status is never shown, nor a network failure's words.
    expect(profileErrorMessage(new AppError('server', 'Request failed with status 500'))).toBe(
      'Something went wrong',
    );
    expect(profileErrorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong');
  });

  it('chunks ids for `in` queries', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([])).toEqual([]);
  });
});
