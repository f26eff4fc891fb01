import { loadAuth } from '../../../shared/firebase';
import { browserStorage, toSessionUser, writeSessionHint, type SessionUser } from './session';

/**
 * Follows the signed-in user. Auth is loaded lazily (after first paint) so public pages render
 * before any Firebase code runs. onIdTokenChanged rather than onAuthStateChanged: a role change
 * (custom claim) arrives with a refreshed token, not with a new sign-in.
 * Returns an unsubscribe that also works before the SDK has finished loading.
 */
export function subscribeToSession(
  onChange: (user: SessionUser | null) => void,
  onError: (error: unknown) => void = () => onChange(null),
): () => void {
  let unsubscribe: (() => void) | undefined;
  let active = true;
  // Token results resolve out of order; only the latest event may win.
  let seq = 0;
  loadAuth().then(
    ({ auth, sdk }) => {
      if (!active) return;
      unsubscribe = sdk.onIdTokenChanged(
        auth,
        async (user) => {
          const mine = ++seq;
          let session: SessionUser | null = null;
          try {
            session = user ? toSessionUser(user, (await user.getIdTokenResult()).claims) : null;
          } catch (error) {
            if (active && mine === seq) onError(error);
            return;
          }
          if (!active || mine !== seq) return;
          writeSessionHint(browserStorage(), session);
          onChange(session);
        },
        (error) => active && onError(error),
      );
    },
    (error: unknown) => active && onError(error),
  );
  return () => {
    active = false;
    unsubscribe?.();
  };
}

export async function signOutUser(): Promise<void> {
  const { auth, sdk } = await loadAuth();
  await sdk.signOut(auth);
}
