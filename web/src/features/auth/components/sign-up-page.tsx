import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { useHydrated } from '../../../shared/utils/use-hydrated';
import { signUpWithEmail } from '../api/auth-api';
import { authErrorMessage } from '../api/auth-errors';
import { signInStateOf } from '../api/destinations';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useAuth, useRequiredAuth } from '../hooks/use-auth';
import { AuthCard, AuthField, GoogleIcon } from './auth-card';

function SignUpForm() {
  useRequiredAuth();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  // Where the user was going before a guard sent them to sign in (kept through sign-up).
  const { from } = signInStateOf(useLocation().state);
  const google = useGoogleSignIn(from);
  const [busy, setBusy] = useState(false);
  // Prerendered: no button works before the app has taken the page over (use-hydrated.ts).
  const live = useHydrated();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const email = String(form.get('email') ?? '').trim();
      await signUpWithEmail({
        username: String(form.get('username') ?? ''),
        email,
        password: String(form.get('password') ?? ''),
      });
      // signUpWithEmail signed the new account out again: the spec sends it to sign in, where
      // it is told the account is ready and finds its email filled in.
      setUser(null);
      void navigate(paths.signIn, { state: { signedUpEmail: email, from } });
    } catch (e) {
      setError(authErrorMessage(e, 'Failed to sign up'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create Account">
      <form
        className="nn-auth__form"
        onSubmit={(e) => void onSubmit(e)}
        aria-label="Create account"
      >
        <AuthField
          id="sign-up-username"
          label="Username"
          name="username"
          required
          minLength={2}
          maxLength={40}
          autoComplete="username"
        />
        <AuthField
          id="sign-up-email"
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
        />
        <AuthField
          id="sign-up-password"
          label="Password"
          name="password"
          type="password"
          required
          minLength={6}
          autoComplete="new-password"
        />
        <button
          type="submit"
          className="nn-button nn-button--solid nn-auth__block"
          disabled={busy || !live}
        >
          {busy ? 'Signing Up...' : 'Sign Up'}
        </button>
        <button
          type="button"
          className="nn-button nn-auth__outline nn-auth__block"
          onClick={google.run}
          disabled={google.busy || !live}
        >
          <GoogleIcon />
          Continue with Google
        </button>
        {error && <Alert variant="box">{error}</Alert>}
        <p className="nn-auth__switch">
          Already have an account?{' '}
          <Link to={paths.signIn} className="nn-link">
            Sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}

export default function SignUpPage() {
  return <SignUpForm />;
}
