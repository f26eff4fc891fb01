/** Text measures shared by the schemas, the validators and the rules' limits. */

/** Length in code points, as the rules' `string.size()` counts. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** An http(s) URL without whitespace: what notes' `fileUrl` and profiles' `avatar` hold. */
export const HTTP_URL = /^https?:\/\/\S+$/i;

/** A simple email shape (the Auth emulator and Firebase Auth check the rest). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Document ids in paths: Firestore auto ids and Auth uids (letters, digits, - and _). Ids that
 * Firestore reserves (`__name__`, `__proto__`: any `__...__`) are not ids.
 */
export function isDocId(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) && !/^__.*__$/.test(value)
  );
}
