import { Button, Text, chakra } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { ErrorBanner, RouterLink, TextField } from '../../../shared/ui';
import { signUpWithEmail } from '../api/auth-api';
import { authErrorMessage } from '../api/auth-errors';
import { signInStateOf } from '../api/destinations';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useAuth, useRequiredAuth } from '../hooks/use-auth';
import { AuthCard, GoogleIcon } from './auth-card';

function SignUpForm() {
  useRequiredAuth();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  // Where the user was going before a guard sent them to sign in (kept through sign-up).
  const { from } = signInStateOf(useLocation().state);
  const google = useGoogleSignIn(from);
  const [busy, setBusy] = useState(false);
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
      <chakra.form
        display="flex"
        flexDirection="column"
        gap="4"
        onSubmit={(e) => void onSubmit(e)}
        aria-label="Create account"
      >
        <TextField
          id="sign-up-username"
          label="Username"
          name="username"
          required
          minLength={2}
          maxLength={40}
          autoComplete="username"
        />
        <TextField
          id="sign-up-email"
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          id="sign-up-password"
          label="Password"
          name="password"
          type="password"
          required
          minLength={6}
          autoComplete="new-password"
        />
        <Button type="submit" colorPalette="teal" disabled={busy} w="full">
          {busy ? 'Signing Up...' : 'Sign Up'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={google.run}
          disabled={google.busy}
          w="full"
        >
          <GoogleIcon />
          Continue with Google
        </Button>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <Text textAlign="center">
          Already have an account?{' '}
          <RouterLink to={paths.signIn} color="teal.700" fontWeight="semibold">
            Sign in
          </RouterLink>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}

export default function SignUpPage() {
  return <SignUpForm />;
}
