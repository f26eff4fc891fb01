/**
 * Usernames: shown on notes and comments, so unique regardless of case. A profile's username is
 * claimed by `usernames/{usernameKey(name)}` (docs/data-model.md); firestore.rules check the same
 * shape (`isValidUsername`, `name.lower()`).
 */
import { USER_LIMITS } from './constants.js';
import { charLength } from './text.js';

export const USERNAME_MESSAGES = {
  required: 'Username is required',
  length: `Username must be ${USER_LIMITS.username.min} to ${USER_LIMITS.username.max} characters`,
  slash: 'Username cannot contain "/"',
  taken: 'This username is already taken',
  reserved: 'Please choose another username',
} as const;

/** The id of a username's claim document: the username in lower case. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/**
 * `wanted` with a suffix, fitted to the username limit: "Priya Nair 2". For an account that needs
 * a name of its own when its display name is taken (a first Google sign-in).
 */
export function usernameVariant(wanted: string, suffix: string | number): string {
  const tail = ` ${suffix}`;
  const base = [...wanted]
    .slice(0, USER_LIMITS.username.max - [...tail].length)
    .join('')
    .trim();
  return `${base}${tail}`;
}

/** Null when `raw`, once trimmed, is a username the rules accept; else what is wrong with it. */
export function usernameProblem(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return USERNAME_MESSAGES.required;
  const n = charLength(v);
  if (n < USER_LIMITS.username.min || n > USER_LIMITS.username.max) return USERNAME_MESSAGES.length;
  if (v.includes('/')) return USERNAME_MESSAGES.slash;
  // Ids Firestore reserves or refuses (`__x__`, `..`) cannot name a claim document.
  if (/^__.*__$/.test(v) || v === '..') return USERNAME_MESSAGES.reserved;
  return null;
}
