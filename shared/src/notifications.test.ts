import { describe, expect, it } from 'vitest';
import {
  REJECT_REASON_MAX,
  REJECT_REASON_TOO_LONG,
  notificationSchema,
  rejectBody,
} from './index.js';

const ts = (ms: number) => ({
  seconds: Math.floor(ms / 1000),
  nanoseconds: 0,
  toMillis: () => ms,
  toDate: () => new Date(ms),
});

describe('rejectBody', () => {
  it('makes the reason optional: absent, null or blank is none', () => {
    expect(rejectBody.parse({})).toEqual({ reason: '' });
    expect(rejectBody.parse({ reason: null })).toEqual({ reason: '' });
    expect(rejectBody.parse({ reason: '   ' })).toEqual({ reason: '' });
  });

  it('trims a reason and takes up to 500 characters (code points), not 501', () => {
    expect(rejectBody.parse({ reason: '  Wrong subject ' })).toEqual({ reason: 'Wrong subject' });
    expect(rejectBody.safeParse({ reason: '😀'.repeat(REJECT_REASON_MAX) }).success).toBe(true);
    const long = rejectBody.safeParse({ reason: 'x'.repeat(REJECT_REASON_MAX + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('Reason must be at most 500 characters');
    expect(REJECT_REASON_TOO_LONG).toBe('Reason must be at most 500 characters');
  });

  it('refuses a reason that is not text', () => {
    expect(rejectBody.safeParse({ reason: 42 }).error?.issues[0]?.message).toBe(
      'Reason must be text',
    );
  });
});

describe('notificationSchema', () => {
  const base = {
    type: 'noteRejected',
    noteId: 'n1',
    noteTitle: 'Graph theory',
    reason: 'Blurry scan',
    createdAt: ts(1),
    read: false,
    expireAt: ts(2),
  };
  it('takes what functions write and refuses an unknown type or field', () => {
    expect(notificationSchema.safeParse(base).success).toBe(true);
    expect(notificationSchema.safeParse({ ...base, type: 'liked' }).success).toBe(false);
    expect(notificationSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});
