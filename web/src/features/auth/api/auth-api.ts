import { USERNAME_MESSAGES, usernameProblem } from '@notenest/shared';
import { loadAuth } from '../../../shared/firebase';
import { currentEmulatorHost } from '../../../shared/firebase/config';
import {
  emulatedGoogleIdToken,
  googleSignInMode,
  type EmulatedGoogleAccount,
} from './emulated-google';
import {
  createProfile,
  ensureProfileExists,
  usernameTaken,
} from '../../../shared/users/profile-create';
import { sessionUserOf } from './session-api';
import type { SessionUser } from './session';

/** Email and password sign-in against Firebase Auth (the emulator locally). */
export async function signInWithEmail(email: string, password: string): Promise<SessionUser> {
  const { sdk, auth } = await loadAuth();
  const { user } = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
  return sessionUserOf(user);
}

/**
 * "Continue with Google" in production: Google's popup. A first sign-in creates the profile (its
 * display name, or a free variant of it).
 */
export async function signInWithGoogle(): Promise<SessionUser> {
  const { sdk, auth } = await loadAuth();
  // The resolver is given here, not to Auth at its start (shared/firebase/auth-instance.ts).
  const { user } = await sdk.signInWithPopup(
    auth,
    new sdk.GoogleAuthProvider(),
    sdk.browserPopupRedirectResolver,
  );
  await ensureProfileExists(user);
  return sessionUserOf(user);
}

/** How "Continue with Google" works where this page is served (see emulated-google.ts). */
export function currentGoogleSignInMode(): 'popup' | 'emulator' {
  return googleSignInMode(currentEmulatorHost());
}

/**
 * "Continue with Google" on a local stack: a google.com credential the Auth emulator verifies
 * (signInWithIdp), creating or reusing that Google identity's Firebase user.
 */
export async function signInWithEmulatedGoogle(
  account: EmulatedGoogleAccount,
): Promise<SessionUser> {
  const { sdk, auth } = await loadAuth();
  const credential = sdk.GoogleAuthProvider.credential(emulatedGoogleIdToken(account));
  const { user } = await sdk.signInWithCredential(auth, credential);
  await ensureProfileExists(user);
  return sessionUserOf(user);
}

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
}

/**
 * Creates the Auth account and its `users/{uid}` profile as firestore.rules allow a user to create
 * their own (role 'user', notesCount 0, server time, the username claimed in the same batch), then
 * signs out: the spec sends a new user to the sign-in page. A taken or invalid username is refused
 * before the account is made. Firestore Lite is loaded here, on submit, never by the sign-up page.
 */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  const username = input.username.trim();
  const problem = usernameProblem(username);
  if (problem) throw new Error(problem);
  if (await usernameTaken(username)) throw new Error(USERNAME_MESSAGES.taken);
  const { sdk, auth } = await loadAuth();
  const { user } = await sdk.createUserWithEmailAndPassword(
    auth,
    input.email.trim(),
    input.password,
  );
  try {
    await sdk.updateProfile(user, { displayName: username });
    // The account exists now; should the profile write fail (the name taken a moment ago), the
    // profile page creates it on the first visit with a free variant of the name, so the user is
    // not stuck with "email already in use".
    await createProfile(user, username).catch((error: unknown) =>
      console.error('profile not created at sign-up', error),
    );
  } finally {
    await sdk.signOut(auth);
  }
}
