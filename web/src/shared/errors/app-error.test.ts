import { describe, expect, it } from 'vitest';
import {
  AppError,
  errorMessage,
  isAppError,
  SIGN_IN_REQUIRED,
  toAppError,
  UNAVAILABLE,
} from './app-error';

const texts = { fallback: 'Failed to save', exception: 'Something went wrong while saving' };

describe('toAppError', () => {
  it('sorts what fetch, the SDKs and the browser throw into kinds', () => {
    const offline = toAppError(new TypeError('Failed to fetch'));
    expect([offline.kind, offline.code]).toEqual(['unreachable', UNAVAILABLE]);
    const sdk = toAppError({ code: 'auth/wrong-password', message: 'Firebase: Error (...)' });
    expect([sdk.kind, sdk.code]).toEqual(['firebase', 'auth/wrong-password']);
    expect(toAppError(new Error('Title is required')).kind).toBe('client');
    // A TypeError that is a bug, not a network failure, is not "unreachable".
    expect(toAppError(new TypeError('x is not a function')).kind).toBe('client');
    expect(toAppError(null).kind).toBe('client');
    const own = new AppError('rate-limited', 'Slow down');
    expect(toAppError(own)).toBe(own);
    expect(isAppError(own, 'rate-limited')).toBe(true);
    expect(isAppError(own, 'cancelled')).toBe(false);
    expect(isAppError(new Error('x'))).toBe(false);
  });
});

describe('errorMessage', () => {
  it("shows a server's own reason, never its bare status", () => {
    const refused = new AppError('server', 'x', { status: 403, serverMessage: 'Not yours' });
    expect(errorMessage(refused, texts)).toBe('Not yours');
    expect(errorMessage(refused, { ...texts, reason: 'after' })).toBe('Failed to save: Not yours');
    const bare = new AppError('server', 'Request failed with status 500', { status: 500 });
    expect(errorMessage(bare, texts)).toBe('Failed to save');
    expect(errorMessage(bare, { ...texts, reason: 'after' })).toBe('Failed to save');
  });

  it('words known codes, and says "something went wrong" for no answer or an unknown SDK code', () => {
    const codes = { 'auth/wrong-password': 'Invalid email or password', [UNAVAILABLE]: 'Offline' };
    expect(errorMessage({ code: 'auth/wrong-password' }, { ...texts, codes })).toBe(
      'Invalid email or password',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), { ...texts, codes })).toBe('Offline');
    expect(errorMessage(new TypeError('Failed to fetch'), texts)).toBe(texts.exception);
    expect(errorMessage({ code: 'auth/other', message: 'Firebase: raw' }, texts)).toBe(
      texts.exception,
    );
    // Without an exception text, the fallback.
    expect(errorMessage({ code: 'auth/other' }, { fallback: 'Failed' })).toBe('Failed');
  });

  it("shows a browser-side check's own words unless told not to; a lost session always says so", () => {
    expect(errorMessage(new Error('Title is required'), texts)).toBe('Title is required');
    expect(errorMessage(new Error('Title is required'), { ...texts, ownMessages: false })).toBe(
      texts.exception,
    );
    const signedOut = new AppError('signed-out', SIGN_IN_REQUIRED);
    expect(errorMessage(signedOut, { ...texts, ownMessages: false })).toBe(SIGN_IN_REQUIRED);
    expect(errorMessage(new Error(''), texts)).toBe('Failed to save');
    // The reason is not repeated when it is the fallback itself.
    expect(errorMessage(new Error('Failed to save'), { ...texts, reason: 'after' })).toBe(
      'Failed to save',
    );
  });
});
