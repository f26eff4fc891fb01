import { describe, expect, it } from 'vitest';
import {
  UNREACHABLE,
  bannerText,
  collegeNames,
  formatDay,
  groupByCollege,
  searchColleges,
  searchNotes,
  searchUsers,
  toAdminNote,
  toAdminStats,
  toAdminUser,
  validateUserEdit,
  type AdminNote,
} from './admin-model';
import { FacadeError } from '../../../shared/http/facade';

const note = (over: Partial<AdminNote>): AdminNote => ({
  id: 'n',
  title: 'Title',
  description: '',
  subject: 'Maths',
  collegeName: 'A College',
  courseName: 'BBA',
  uploaderName: 'Asha',
  approved: true,
  downloadCount: 0,
  fileUrl: '',
  fileName: null,
  createdAt: null,
  ...over,
});

describe('admin model', () => {
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

  it('searches users by username or email, case-insensitively', () => {
    const users = [
      toAdminUser({ id: '1', username: 'Priya Nair', email: 'p@x.dev' }),
      toAdminUser({ id: '2', username: 'Kabir', email: 'KABIR@uni.edu' }),
    ];
    expect(searchUsers(users, 'PRIYA').map((u) => u.id)).toEqual(['1']);
    expect(searchUsers(users, 'uni.EDU').map((u) => u.id)).toEqual(['2']);
    expect(searchUsers(users, '  ')).toHaveLength(2);
    expect(searchUsers(users, 'zzz')).toEqual([]);
  });

  it('searches notes by title, subject or uploader within a college', () => {
    const notes = [
      note({ id: '1', title: 'Deadlocks', collegeName: 'X' }),
      note({ id: '2', subject: 'Deadlock theory', collegeName: 'Y' }),
      note({ id: '3', uploaderName: 'Dead Poet', collegeName: 'X' }),
      note({ id: '4', description: 'deadlocks', collegeName: 'X' }),
    ];
    expect(searchNotes(notes, 'DEAD').map((n) => n.id)).toEqual(['1', '2', '3']);
    expect(searchNotes(notes, 'dead', 'X').map((n) => n.id)).toEqual(['1', '3']);
    expect(searchNotes(notes, '', 'Y').map((n) => n.id)).toEqual(['2']);
    expect(collegeNames(notes)).toEqual(['X', 'Y']);
  });

  it('groups notes by college with totals, downloads, approved and pending', () => {
    const groups = groupByCollege([
      note({ collegeName: 'B', downloadCount: 3 }),
      note({ collegeName: 'A', downloadCount: 1, approved: false }),
      note({ collegeName: 'B', downloadCount: 4, approved: false }),
    ]);
    expect(groups).toEqual([
      { name: 'A', totalNotes: 1, downloads: 1, approved: 0, pending: 1 },
      { name: 'B', totalNotes: 2, downloads: 7, approved: 1, pending: 1 },
    ]);
    expect(searchColleges(groups, 'b').map((c) => c.name)).toEqual(['B']);
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
    expect(bannerText('Failed to fetch users', new Error('Request failed with status 500'))).toBe(
      'Failed to fetch users',
    );
    expect(bannerText('Failed to fetch users', 'x')).toBe('Failed to fetch users');
    // The server's own reason, once; a network failure says so instead of "Failed to fetch".
    expect(
      bannerText(
        'Failed to fetch users',
        new FacadeError('HTTP 403', 403, 'Admin access required'),
      ),
    ).toBe('Failed to fetch users: Admin access required');
    expect(bannerText('Failed to fetch users', new FacadeError('HTTP 500', 500, null))).toBe(
      'Failed to fetch users',
    );
    expect(bannerText('Failed to fetch users', new TypeError('Failed to fetch'))).toBe(
      `Failed to fetch users: ${UNREACHABLE}`,
    );
  });
});
