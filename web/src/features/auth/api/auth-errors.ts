import { errorMessage } from '../../../shared/errors/app-error';

/**
 * Messages for failed sign-in and sign-up. The spec shows "the server message" (here: what the
 * Auth service answered) or a fallback; Firebase's raw messages ("Firebase: Error
 * (auth/invalid-credential).") are not for people, so known codes get a sentence.
 */
const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password',
  'auth/invalid-login-credentials': 'Invalid email or password',
  'auth/wrong-password': 'Invalid email or password',
  'auth/user-not-found': 'Invalid email or password',
  'auth/invalid-email': 'Please enter a valid email address',
  'auth/user-disabled': 'This account has been disabled',
  'auth/too-many-requests': 'Too many attempts. Please try again later',
  'auth/email-already-in-use': 'An account with this email already exists',
  'auth/weak-password': 'Password should be at least 6 characters',
  'auth/network-request-failed': 'Network error. Please check your connection and try again',
  'auth/requires-recent-login': 'Please sign in again to change your password',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed',
};

export const SIGN_IN_FALLBACK = 'Failed to sign in';

export function authErrorMessage(error: unknown, fallback: string): string {
  return errorMessage(error, { fallback, codes: MESSAGES });
}
