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
  invisible:
    'Username cannot contain invisible characters (zero-width, direction or control marks)',
  compatibility: 'Username cannot contain fullwidth or other compatibility forms of letters',
  taken: 'This username is already taken',
  reserved: 'Please choose another username',
} as const;

/**
 * Characters that show nothing, or only change how the text around them shows: format (Unicode
 * category Cf: zero-width space and joiners, bidi controls, BOM, soft hyphen...), control (Cc) and
 * line/paragraph separators. "ali\u200Bce" displays exactly as "alice" but is another name.
 * firestore.rules refuse the same classes (isValidUsername).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/**
 * A username as typed, in the one form names are kept in: NFKC (fullwidth "ａｌｉｃｅ", ligatures,
 * mathematical letters... become their plain letters, so they are the same name and claim the
 * same key) and trimmed. The facade stores names in this form (schemas/requests.ts usernameInput).
 */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/**
 * A name for an account from a name that was not typed as a username (a Google display name):
 * normalized, with its invisible characters dropped rather than refused.
 */
export function usernameFromName(raw: string): string {
  return normalizeUsername(raw.replace(INVISIBLE_ALL, ''));
}

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

/**
 * Null when `raw`, once trimmed, is a username the rules accept; else what is wrong with it. A
 * name must already be in normal form (`normalizeUsername`): the facade normalizes what it is
 * sent first, and a client writing a profile itself must not store "ａｌｉｃｅ" beside "alice".
 */
export function usernameProblem(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return USERNAME_MESSAGES.required;
  const n = charLength(v);
  if (n < USER_LIMITS.username.min || n > USER_LIMITS.username.max) return USERNAME_MESSAGES.length;
  if (INVISIBLE.test(v)) return USERNAME_MESSAGES.invisible;
  if (v !== v.normalize('NFKC')) return USERNAME_MESSAGES.compatibility;
  if (v.includes('/')) return USERNAME_MESSAGES.slash;
  // Ids Firestore reserves or refuses (`__x__`, `..`) cannot name a claim document.
  if (/^__.*__$/.test(v) || v === '..') return USERNAME_MESSAGES.reserved;
  return null;
}
