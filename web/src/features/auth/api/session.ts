/**
 * The signed-in user as the UI sees it, and the small session hint kept in localStorage.
 * Pure: no Firebase imports, so it is unit-tested and safe to load on any page.
 */
import type { Role } from '@notenest/shared';

export type { Role };

export interface SessionUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  /** From the `role` custom claim, which only functions set (docs/data-model.md). */
  role: Role;
  /** Signs in with a password (Google-only accounts have none to change). */
  passwordSignIn: boolean;
}

export type AuthState =
  | {
      status: 'loading';
      /** Last known user from this browser; lets the header and links render without flicker. */
      hint: SessionUser | null;
    }
  | { status: 'signed-in'; user: SessionUser }
  | {
      status: 'signed-out';
      /**
       * Signed out on purpose (Sign Out, Delete Account) while the app navigates to Home: a
       * guard must not redirect to /sign-in over that navigation. Cleared on the next route.
       */
      intentional?: boolean;
    };

export const SESSION_HINT_KEY = 'notenest.session';

/** The parts of a Firebase User we read (structural, so tests need no SDK). */
export interface UserLike {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  providerData: readonly { providerId: string }[];
}

export function roleFromClaims(claims: Record<string, unknown>): Role {
  return claims['role'] === 'admin' ? 'admin' : 'user';
}

export function toSessionUser(user: UserLike, claims: Record<string, unknown>): SessionUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoURL,
    role: roleFromClaims(claims),
    passwordSignIn: user.providerData.some((p) => p.providerId === 'password'),
  };
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where it is missing or blocked (private modes, sandboxed iframes). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isNullableString(v: unknown): v is string | null {
  return v === null || typeof v === 'string';
}

/** A hint is only a hint: anything malformed reads as "no hint" rather than breaking the app. */
export function readSessionHint(storage: StorageLike | null): SessionUser | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SESSION_HINT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown> | null;
    if (
      v &&
      typeof v['uid'] === 'string' &&
      isNullableString(v['displayName']) &&
      isNullableString(v['email']) &&
      isNullableString(v['photoURL']) &&
      (v['role'] === 'user' || v['role'] === 'admin')
    ) {
      return {
        uid: v['uid'],
        displayName: v['displayName'],
        email: v['email'],
        photoURL: v['photoURL'],
        role: v['role'],
        passwordSignIn: v['passwordSignIn'] === true,
      };
    }
  } catch {
    // fall through: unreadable hint
  }
  return null;
}

/** Whether this browser remembers a signed-in user (the first render shows them as such). */
export function hasStoredSession(): boolean {
  return readSessionHint(browserStorage()) !== null;
}

export function writeSessionHint(storage: StorageLike | null, user: SessionUser | null): void {
  try {
    if (user) storage?.setItem(SESSION_HINT_KEY, JSON.stringify(user));
    else storage?.removeItem(SESSION_HINT_KEY);
  } catch {
    // Quota or privacy mode: the hint is optional.
  }
}

/** The user to show while auth resolves (the hint) or once it has (the real user). */
export function displayedUser(state: AuthState): SessionUser | null {
  if (state.status === 'signed-in') return state.user;
  if (state.status === 'loading') return state.hint;
  return null;
}

/** Name for the header: the Auth display name, else the email's local part. */
export function displayNameOf(user: SessionUser): string {
  const name = user.displayName?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0];
  return local || 'My profile';
}
