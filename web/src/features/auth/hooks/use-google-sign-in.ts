import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFirebaseAuth } from '../../../shared/firebase/react';
import { signInWithGoogle } from '../api/auth-api';
import { signInDestination } from '../api/destinations';
import { useAuth } from './use-auth';

/**
 * "Continue with Google": on success the user lands where a sign-in lands (by role, replacing the
 * history entry). Failures are only logged (spec section 8).
 */
export function useGoogleSignIn() {
  const auth = useFirebaseAuth();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const user = await signInWithGoogle(auth);
      setUser(user);
      navigate(signInDestination(user.role), { replace: true });
    } catch (error) {
      console.error('Google sign-in failed', error);
      setBusy(false);
    }
  };
  return { busy, run };
}
