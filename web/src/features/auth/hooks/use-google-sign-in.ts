import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  currentGoogleSignInMode,
  signInWithEmulatedGoogle,
  signInWithGoogle,
} from '../api/auth-api';
import { afterSignIn } from '../api/destinations';
import { paths } from '../../../shared/routing/paths';
import type { EmulatedGoogleAccount } from '../api/emulated-google';
import type { SessionUser } from '../api/session';
import { useAuth } from './use-auth';

/**
 * "Continue with Google": on success the user lands on the page a guard sent them from (`from`),
 * else on Home (spec section 7: "then go to /"; Home sends an admin on to the dashboard), replacing
 * the history entry. Failures are only logged (spec section 8). On a local stack the button first
 * opens the account chooser standing in for Google's (`chooserOpen`), then `chooseAccount` signs in.
 */
export function useGoogleSignIn(from?: string) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);

  const finish = async (signIn: () => Promise<SessionUser>) => {
    setBusy(true);
    try {
      const user = await signIn();
      setUser(user);
      void navigate(afterSignIn(user.role, from, paths.home), { replace: true });
    } catch (error) {
      console.error('Google sign-in failed', error);
      setBusy(false);
    }
  };

  const run = () => {
    if (currentGoogleSignInMode() === 'emulator') setChooserOpen(true);
    else void finish(() => signInWithGoogle());
  };
  const chooseAccount = (account: EmulatedGoogleAccount) =>
    finish(() => signInWithEmulatedGoogle(account));
  const closeChooser = () => setChooserOpen(false);

  return { busy, run, chooserOpen, chooseAccount, closeChooser };
}
