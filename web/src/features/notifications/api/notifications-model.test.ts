import { describe, expect, it } from 'vitest';
import {
  bellLabel,
  notificationText,
  opensNote,
  toNotification,
  toRejectedUpload,
  unreadBadge,
} from './notifications-model';

const at = new Date('2026-11-20T10:00:00Z');

describe('notifications model', () => {
  it('maps a stored notification, with defaults for missing or malformed fields', () => {
    expect(
      toNotification('n1', {
        type: 'comment',
        noteId: 'note1',
        noteTitle: 'Graphs',
        actorName: 'ravi',
        createdAt: { toDate: () => at },
        read: false,
      }),
    ).toEqual({
      id: 'n1',
      type: 'comment',
      noteId: 'note1',
      noteTitle: 'Graphs',
      reason: null,
      actorName: 'ravi',
      followName: null,
      createdAt: at,
      read: false,
    });
    expect(toNotification('n2', { type: 'mystery', read: 'yes' })).toMatchObject({
      type: 'noteApproved',
      noteTitle: 'Untitled note',
      read: false,
    });
  });

  it('says what happened, with the reason or the commenter when there is one', () => {
    const base = toNotification('n', { noteId: 'x', noteTitle: 'T' });
    expect(notificationText({ ...base, type: 'noteApproved' })).toBe(
      'Your note was approved and is now public.',
    );
    expect(notificationText({ ...base, type: 'noteRejected', reason: 'Blurry scan' })).toBe(
      'Your note was rejected: Blurry scan',
    );
    expect(notificationText({ ...base, type: 'noteRejected' })).toBe('Your note was rejected.');
    expect(notificationText({ ...base, type: 'comment', actorName: 'ravi' })).toBe(
      'ravi commented on your note.',
    );
    expect(notificationText({ ...base, type: 'followedNote', followName: 'B.Tech CSE' })).toBe(
      'New note in B.Tech CSE.',
    );
  });

  it('opens the note unless it was rejected (deleted)', () => {
    const base = toNotification('n', { noteId: 'x', noteTitle: 'T' });
    expect(opensNote({ ...base, type: 'comment' })).toBe(true);
    expect(opensNote({ ...base, type: 'noteRejected' })).toBe(false);
  });

  it('caps the badge at 99+ and names the count for screen readers', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 99+ unread');
  });

  it('maps a rejection record', () => {
    expect(toRejectedUpload('note9', { title: 'OS', rejectedAt: at })).toEqual({
      noteId: 'note9',
      title: 'OS',
      reason: null,
      rejectedAt: at,
    });
  });
});
