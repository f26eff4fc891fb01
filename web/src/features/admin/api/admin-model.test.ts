import { describe, expect, it } from 'vitest';
import {
  UNREACHABLE,
  bannerText,
  formatDay,
  toAdminNote,
  toAdminStats,
  toAdminUser,
  toCollegeSummary,
  validateUserEdit,
} from './admin-model';
import { AppError } from '../../../shared/errors/app-error';

describe('admin model', () => {
  it('reads a college card defensively', () => {
    expect(
      toCollegeSummary({
        name: 'IIT Delhi',
        totalNotes: 1242,
        approved: 1200,
        pending: 42,
        downloads: 9,
      }),
    ).toEqual({ name: 'IIT Delhi', totalNotes: 1242, approved: 1200, pending: 42, downloads: 9 });
    expect(toCollegeSummary({ totalNotes: 'x' })).toEqual({
      name: 'Unknown',
      totalNotes: 0,
      approved: 0,
      pending: 0,
      downloads: 0,
    });
  });

  it('reads the facade note, with "Unknown" for a missing uploader', () => {
    const n = toAdminNote({
      _id: 'x1',
      title: 'Graphs',
      subjectName: 'DS',
      subject: 'DS',
      collegeName: 'C',
      uploader: { _id: 'u', username: 'Ravi' },
      approved: true,
      downloadCount: 7,
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    expect(n).toMatchObject({ id: 'x1', subject: 'DS', uploaderName: 'Ravi', downloadCount: 7 });
    expect(toAdminNote({ id: 'y', uploader: { username: '  ' } }).uploaderName).toBe('Unknown');
    expect(toAdminNote({ id: 'y', uploaderName: 'Mira' }).uploaderName).toBe('Mira');
    expect(toAdminNote({ id: 'z', approved: 'yes', downloadCount: 'many' })).toMatchObject({
      approved: false,
      downloadCount: 0,
    });
  });

  it('reads the duplicate flags a pending note may carry (or none)', () => {
    const n = toAdminNote({
      id: 'c',
      duplicateOf: { noteId: 'o1', title: 'Graphs' },
      similarTo: { noteId: 'o2', title: 'Trees', score: 0.93 },
    });
    expect(n.duplicateOf).toEqual({ noteId: 'o1', title: 'Graphs' });
    expect(n.similarTo).toEqual({ noteId: 'o2', title: 'Trees', score: 0.93 });
    expect(toAdminNote({ id: 'd', duplicateOf: null, similarTo: { title: 'x' } })).toMatchObject({
      duplicateOf: null,
      similarTo: null,
    });
  });

  it('reads users and stats defensively', () => {
    expect(toAdminUser({ _id: 'u', username: 'A', role: 'root', notesCount: 3 })).toMatchObject({
      id: 'u',
      role: 'user',
      notesCount: 3,
      email: '',
    });
    const stats = toAdminStats({
      totalUsers: 4,
      totalNotes: 9,
      pendingApprovals: 2,
      totalDownloads: 30,
      mostDownloadedNotes: [{ id: 'a', title: 'T', uploader: null }],
    });
    expect(stats.totalDownloads).toBe(30);
    expect(stats.mostDownloadedNotes[0]?.uploaderName).toBe('Unknown');
    expect(toAdminStats({}).mostDownloadedNotes).toEqual([]);
  });

  it('validates the Edit User form as the facade does', () => {
    expect(validateUserEdit({ username: ' Ann ', email: 'a@b.co', role: 'admin' })).toEqual({});
    expect(validateUserEdit({ username: ' ', email: '', role: 'user' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
    });
    expect(validateUserEdit({ username: 'A', email: 'not-an-email', role: 'user' })).toEqual({
      username: 'Username must be 2 to 40 characters',
      email: 'Please enter a valid email address',
    });
  });

  it('formats dates and banner texts', () => {
    expect(formatDay('2026-03-05T10:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('garbage')).toBe('');
    expect(bannerText('Failed to update user', new Error('Email taken'))).toBe(
      'Failed to update user: Email taken',
    );
    expect(
      bannerText(
        'Failed to fetch users',
        new AppError('server', 'Request failed with status 500', { status: 500 }),
      ),
    ).toBe('Failed to fetch users');
    expect(bannerText('Failed to fetch users', 'x')).toBe('Failed to fetch users');
    // The server's own reason, once; a network failure says so instead of "Failed to fetch".
    expect(
      bannerText(
        'Failed to fetch users',
        new AppError('server', 'HTTP 403', { status: 403, serverMessage: 'Admin access required' }),
      ),
    ).toBe('Failed to fetch users: Admin access required');
    expect(
      bannerText('Failed to fetch users', new AppError('server', 'HTTP 500', { status: 500 })),
    ).toBe('Failed to fetch users');
    expect(bannerText('Failed to fetch users', new TypeError('Failed to fetch'))).toBe(
      `Failed to fetch users: ${UNREACHABLE}`,
    );
  });
});
