import { useMemo, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context';
import type { Role, SessionUser } from '../api/session';

/**
 * Renders `children` as a returning user's guarded page first renders while Auth restores the
 * session (RequireAuth, useDisplayedUser): for the prerendered route shells
 * (app/prerender.tsx), which cannot know who will open them. The user has no name, email or
 * photo, and the pages show none of theirs before their own reads answer, so the markup is the
 * page's frame: its heading, tabs and loading states. Nothing here signs in or out.
 */
export function RememberedSessionFrame({
  role = 'user',
  children,
}: {
  role?: Role;
  children: ReactNode;
}) {
  const value = useMemo<AuthContextValue>(() => {
    const user: SessionUser = {
      uid: '',
      displayName: null,
      email: null,
      photoURL: null,
      role,
      passwordSignIn: true,
    };
    const none = () => {};
    return {
      state: { status: 'loading', hint: user },
      signOut: () => Promise.resolve(),
      start: none,
      setUser: none,
    };
  }, [role]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
