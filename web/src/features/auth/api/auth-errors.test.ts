import { describe, expect, it } from 'vitest';
import { SIGN_IN_FALLBACK, authErrorMessage } from './auth-errors';

describe('authErrorMessage', () => {
  it('explains known Auth codes', () => {
    expect(authErrorMessage({ code: 'auth/invalid-credential' }, SIGN_IN_FALLBACK)).toBe(
      'Invalid email or password',
    );
  });

  it('falls back to the spec text for unknown codes and empty errors', () => {
    expect(authErrorMessage({ code: 'auth/internal-error' }, SIGN_IN_FALLBACK)).toBe(
      'Failed to sign in',
    );
    expect(authErrorMessage(null, SIGN_IN_FALLBACK)).toBe('Failed to sign in');
    expect(authErrorMessage(new Error(''), SIGN_IN_FALLBACK)).toBe('Failed to sign in');
  });

  it('shows a plain error message (network, server) as is', () => {
    expect(authErrorMessage(new Error('Failed to fetch'), 'x')).toBe('Failed to fetch');
  });
});
