import {
  Component,
  lazy,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import {
  SESSION_HINT_KEY,
  browserStorage,
  readSessionHint,
  writeSessionHint,
  type AuthState,
  type SessionUser,
} from '../api/session';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context';

let bridge: Promise<typeof import('./session-bridge')> | undefined;
const loadBridge = () => (bridge ??= import('./session-bridge'));

/** reactfire + Firebase Auth, in their own chunk: fetched only once the session matters. */
const SessionBridge = lazy(loadBridge);

/**
 * For a returning user (a stored session hint), called by the entry before anything renders:
 * the bridge's chunk downloads beside the page's own, and Auth starts restoring the session
 * (IndexedDB, then the server's look-up of the user) at once, rather than once the first render
 * has mounted the bridge. Meanwhile a guarded page shows for the remembered user (RequireAuth).
 */
export function preloadSession(): void {
  loadBridge().then(
    (bridge) => bridge.startAuth(),
    () => {
      // The bridge's own render reports a failed load (BridgeBoundary).
    },
  );
}

class BridgeBoundary extends Component<{ children: ReactNode; onError: (e: unknown) => void }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Holds the session for the whole app. The auth state itself comes from reactfire (`useUser` in
 * the lazily loaded SessionBridge); this provider keeps no Firebase code, so it can sit at the
 * root. The bridge (reactfire + Auth, ~45 KB gzip) is loaded only when it can matter: at once when
 * this browser has a stored session hint (a returning signed-in user), when a screen asks for it
 * (useRequiredAuth: guards, sign-in, sign-up, profile), or when another tab signs in. A first-time
 * visitor reading the home page therefore loads no Firebase code at all.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => ({
    status: 'loading',
    hint: readSessionHint(browserStorage()),
  }));
  const [started, setStarted] = useState(() => state.status === 'loading' && state.hint !== null);
  const start = useCallback(() => setStarted(true), []);

  // The state as last rendered, for setUser to tell a restore from a change.
  const rendered = useRef(state);
  useLayoutEffect(() => {
    rendered.current = state;
  });

  const setUser = useCallback((user: SessionUser | null) => {
    writeSessionHint(browserStorage(), user);
    // A sign-out on purpose stays marked as such when reactfire confirms it.
    const update = () =>
      setState((prev) =>
        user
          ? { status: 'signed-in', user }
          : prev.status === 'signed-out'
            ? prev
            : { status: 'signed-out' },
      );
    // The answer that confirms the remembered user (shown from the hint until now) is a
    // transition: what it changes (the bell, the user's own reads) renders in slices, yielding to
    // input (one long task on a slow phone otherwise). Any other change is urgent: a sign-in
    // navigates right after, and the new address must not show the old screen.
    const was = rendered.current;
    if (user && was.status === 'loading' && was.hint?.uid === user.uid) startTransition(update);
    else update();
  }, []);

  const onBridgeError = useCallback((error: unknown) => {
    // A failed SDK load must not leave guards spinning forever: treat as signed out.
    console.error('auth unavailable', error);
    setState({ status: 'signed-out' });
  }, []);

  const signOut = useCallback(async () => {
    setState({ status: 'signed-out', intentional: true });
    // Loaded on use (and already in memory for a signed-in user): kept off the entry chunk,
    // which carries this provider to every first-time visitor of /.
    const { signOutUser } = await import('../api/session-api');
    await signOutUser();
  }, []);

  // React Router applies navigations as transitions, after urgent updates like this state: the
  // mark keeps guards from redirecting until the navigation that follows a sign-out has landed.
  const { pathname } = useLocation();
  useEffect(() => {
    setState((prev) =>
      prev.status === 'signed-out' && prev.intentional ? { status: 'signed-out' } : prev,
    );
  }, [pathname]);

  useEffect(() => {
    if (started) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_HINT_KEY && event.newValue) setStarted(true);
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, [started]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, signOut, start, setUser }),
    [state, signOut, start, setUser],
  );
  return (
    <AuthContext.Provider value={value}>
      {children}
      {started && (
        <BridgeBoundary onError={onBridgeError}>
          <Suspense fallback={null}>
            <SessionBridge onChange={setUser} onError={onBridgeError} />
          </Suspense>
        </BridgeBoundary>
      )}
    </AuthContext.Provider>
  );
}
