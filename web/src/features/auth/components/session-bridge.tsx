import { useEffect } from 'react';
import { FirebaseScope, useUser } from '../../../shared/firebase/react';
import { getAuthInstance } from '../../../shared/firebase/auth-instance';
import { sessionUserOf } from '../api/session-api';
import type { SessionUser } from '../api/session';

interface BridgeProps {
  onChange: (user: SessionUser | null) => void;
  onError: (error: unknown) => void;
}

/** Follows reactfire's `useUser` (onIdTokenChanged) and reports the user with their role claim. */
function SessionReporter({ onChange, onError }: BridgeProps) {
  const { status, data: user, error } = useUser();
  useEffect(() => {
    if (status === 'error') {
      onError(error);
      return;
    }
    if (status !== 'success') return;
    if (!user) {
      onChange(null);
      return;
    }
    let current = true;
    sessionUserOf(user).then(
      (session) => current && onChange(session),
      (e: unknown) => current && onError(e),
    );
    return () => {
      current = false;
    };
  }, [status, user, error, onChange, onError]);
  return null;
}

/**
 * Starts Auth (its restore of a stored session) before the bridge first renders: the page's one
 * instance, which the bridge's scope then uses (preloadSession in session-provider.tsx).
 */
export function startAuth(): void {
  getAuthInstance();
}

/** Rendered beside the app (not around it) by SessionProvider once the session matters. */
export default function SessionBridge(props: BridgeProps) {
  return (
    <FirebaseScope>
      <SessionReporter {...props} />
    </FirebaseScope>
  );
}
