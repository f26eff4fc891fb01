import { paths } from '../../../shared/routing/paths';
import type { AuthState } from '../../auth';

/**
 * Where "Upload Notes" and "Start Sharing" lead: the upload form for a signed-in user, else the
 * sign-in page under the /signin spelling the spec uses for this button. While auth is still
 * loading the stored session hint decides, so a returning user is not sent to sign in.
 */
export function uploadNotesTarget(state: AuthState): string {
  const signedIn =
    state.status === 'signed-in' || (state.status === 'loading' && state.hint !== null);
  return signedIn ? paths.uploadNotes : paths.signInLegacy;
}
