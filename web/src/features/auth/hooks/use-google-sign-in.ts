import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFirebaseAuth } from '../../../shared/firebase/react';
import {
  currentGoogleSignInMode,
  signInWithEmulatedGoogle,
  signInWithGoogle,
} from '../api/auth-api';
import { signInDestination } from '../api/destinations';
import type { EmulatedGoogleAccount } from '../api/emulated-google';
import type { SessionUser } from '../api/session';
import { useAuth } from './use-auth';

/**
 * "Continue with Google": on success the user lands where a sign-in lands (by role, replacing the
 * history entry). Failures are only logged (spec section 8). On a local stack the button first
 * opens the account chooser standing in for Google's (`chooserOpen`), then `chooseAccount` signs in.
 */
export function useGoogleSignIn() {
  const auth = useFirebaseAuth();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);

  const finish = async (signIn: () => Promise<SessionUser>) => {
    setBusy(true);
    try {
      const user = await signIn();
      setUser(user);
      navigate(signInDestination(user.role), { replace: true });
    } catch (error) {
      console.error('Google sign-in failed', error);
      setBusy(false);
    }
  };

  const run = () => {
    if (currentGoogleSignInMode() === 'emulator') setChooserOpen(true);
    else void finish(() => signInWithGoogle(auth));
  };
  const chooseAccount = (account: EmulatedGoogleAccount) =>
    finish(() => signInWithEmulatedGoogle(auth, account));
  const closeChooser = () => setChooserOpen(false);

  return { busy, run, chooserOpen, chooseAccount, closeChooser };
}
