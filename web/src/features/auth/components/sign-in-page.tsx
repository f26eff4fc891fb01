import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { useHydrated } from '../../../shared/utils/use-hydrated';
import { Alert } from '../../../shared/ui/alert';
import { LoadingState } from '../../../shared/ui/loading-state';
import { signInWithEmail } from '../api/auth-api';
import { SIGN_IN_FALLBACK, authErrorMessage } from '../api/auth-errors';
import { afterSignIn, signInDestination, signInStateOf } from '../api/destinations';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useAuth, useRequiredAuth } from '../hooks/use-auth';
import { AuthCard, AuthField, GoogleIcon } from './auth-card';
import { GoogleAccountChooser } from './google-account-chooser';

function SignInForm() {
  const state = useRequiredAuth();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  // Sent here by a guard (`from`: the page asked for) or by a fresh sign-up (its email).
  const { from, signedUpEmail } = signInStateOf(useLocation().state);
  const google = useGoogleSignIn(from);
  const [busy, setBusy] = useState(false);
  // Prerendered: no button works before the app has taken the page over (use-hydrated.ts).
  const live = useHydrated();
  const [error, setError] = useState<string | null>(null);

  // A session is still being restored: the page shows only Loading... (spec section 2). Without
  // a session hint this browser has none to restore (session-provider.tsx): the form shows at once,
  // without waiting for the Auth SDK, and a session found after all still redirects below.
  if (state.status === 'loading' && state.hint) return <LoadingState />;
  // Already signed in (a reload, or a link to /signin): go where a sign-in lands.
  if (state.status === 'signed-in' && !busy && !google.busy) {
    const role = state.user.role;
    return <Navigate to={afterSignIn(role, from, signInDestination(role))} replace />;
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const user = await signInWithEmail(
        String(form.get('email') ?? ''),
        String(form.get('password') ?? ''),
      );
      setUser(user);
      void navigate(afterSignIn(user.role, from, signInDestination(user.role)), { replace: true });
    } catch (e) {
      setError(authErrorMessage(e, SIGN_IN_FALLBACK));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign In">
      <form className="nn-auth__form" onSubmit={(e) => void onSubmit(e)} aria-label="Sign in">
        {signedUpEmail !== undefined && (
          <p role="status" className="nn-auth__status">
            Your account is ready. Sign in to continue.
          </p>
        )}
        <AuthField
          id="sign-in-email"
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={signedUpEmail}
        />
        <AuthField
          id="sign-in-password"
          label="Password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
        />
        <button
          type="submit"
          className="nn-button nn-button--solid nn-auth__block"
          disabled={busy || !live}
        >
          {busy ? 'Loading...' : 'Sign In'}
        </button>
        <button
          type="button"
          className="nn-button nn-auth__outline nn-auth__block"
          onClick={google.run}
          disabled={google.busy || google.chooserOpen || !live}
          aria-expanded={google.chooserOpen}
        >
          <GoogleIcon />
          Continue with Google
        </button>
        {/* The spec's error text line, kept in place (and its height) while empty. */}
        <Alert className="nn-auth__message">{error}</Alert>
        <p className="nn-auth__switch">
          Don&apos;t have an account?{' '}
          <Link to={paths.signUp} state={from ? { from } : undefined} className="nn-link">
            Sign up
          </Link>
        </p>
      </form>
      {google.chooserOpen && (
        // A sibling of the sign-in form: forms cannot nest.
        <GoogleAccountChooser
          busy={google.busy}
          onChoose={(account) => void google.chooseAccount(account)}
          onCancel={google.closeChooser}
        />
      )}
    </AuthCard>
  );
}

/** /sign-in and /signin (spec section 2). */
export default function SignInPage() {
  return <SignInForm />;
}
