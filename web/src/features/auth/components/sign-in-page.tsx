import { Box, Button, Text, chakra } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { LoadingState, RouterLink, TextField } from '../../../shared/ui';
import { signInWithEmail } from '../api/auth-api';
import { SIGN_IN_FALLBACK, authErrorMessage } from '../api/auth-errors';
import { afterSignIn, signInDestination, signInStateOf } from '../api/destinations';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useAuth, useRequiredAuth } from '../hooks/use-auth';
import { AuthCard, GoogleIcon } from './auth-card';
import { GoogleAccountChooser } from './google-account-chooser';

function SignInForm() {
  const state = useRequiredAuth();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  // Sent here by a guard (`from`: the page asked for) or by a fresh sign-up (its email).
  const { from, signedUpEmail } = signInStateOf(useLocation().state);
  const google = useGoogleSignIn(from);
  const [busy, setBusy] = useState(false);
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
      <chakra.form
        display="flex"
        flexDirection="column"
        gap="4"
        onSubmit={(e) => void onSubmit(e)}
        aria-label="Sign in"
      >
        {signedUpEmail !== undefined && (
          <Text role="status" color="green.800" fontWeight="medium" textAlign="center">
            Your account is ready. Sign in to continue.
          </Text>
        )}
        <TextField
          id="sign-in-email"
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={signedUpEmail}
        />
        <TextField
          id="sign-in-password"
          label="Password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
        />
        <Button type="submit" colorPalette="teal" disabled={busy} w="full">
          {busy ? 'Loading...' : 'Sign In'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={google.run}
          disabled={google.busy || google.chooserOpen}
          aria-expanded={google.chooserOpen}
          w="full"
        >
          <GoogleIcon />
          Continue with Google
        </Button>
        <Text role="alert" color="red.700" minH="6" textAlign="center">
          {error}
        </Text>
        <Text textAlign="center">
          Don&apos;t have an account?{' '}
          <RouterLink
            to={paths.signUp}
            state={from ? { from } : undefined}
            color="teal.700"
            fontWeight="semibold"
          >
            Sign up
          </RouterLink>
        </Text>
      </chakra.form>
      {google.chooserOpen && (
        // A sibling of the sign-in form: forms cannot nest.
        <Box mt="4">
          <GoogleAccountChooser
            busy={google.busy}
            onChoose={(account) => void google.chooseAccount(account)}
            onCancel={google.closeChooser}
          />
        </Box>
      )}
    </AuthCard>
  );
}

/** /sign-in and /signin (spec section 2). */
export default function SignInPage() {
  return <SignInForm />;
}
