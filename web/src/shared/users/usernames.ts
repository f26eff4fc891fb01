/** Pure username helpers of the web app (the rules' own checks live in @notenest/shared). */
import { USER_LIMITS, usernameProblem } from '@notenest/shared';

/**
 * A username for a profile created from an Auth account (Google sign-in, or a sign-up whose
 * profile write failed): the display name, else the email's local part, fitted to the rules'
 * 2-40 characters.
 */
export function usernameFor(displayName: string | null, email: string | null): string {
  let name = displayName?.trim() || email?.split('@')[0]?.trim() || 'Student';
  name = Array.from(name).slice(0, USER_LIMITS.username.max).join('').trim();
  if (usernameProblem(name)) name = name.replace(/\//g, '-');
  return Array.from(name).length >= USER_LIMITS.username.min ? name : `${name}_user`;
}
