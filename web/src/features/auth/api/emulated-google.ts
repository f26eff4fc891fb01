/**
 * Google sign-in on a local stack. Offline, Google's popup cannot work even against the Auth
 * emulator: the SDK's popup resolver and the emulator's relay iframe both load gapi from
 * https://apis.google.com, which this stack never reaches. The Auth emulator also accepts an
 * unsigned JSON id token for google.com in signInWithIdp (what its own IdP page sends, and what
 * Firebase documents for emulator tests through signInWithCredential), so locally the app asks
 * for the Google account itself and hands the emulator the same claims its IdP page would.
 */

export interface EmulatedGoogleAccount {
  email: string;
  /** Display name; empty keeps whatever the account already has. */
  name: string;
}

/** Where the page is served decides: the emulators on loopback, Google everywhere else. */
export function googleSignInMode(emulatorHost: string | null): 'popup' | 'emulator' {
  return emulatorHost ? 'emulator' : 'popup';
}

/**
 * The id token the Auth emulator's IdP page would produce. `sub` is derived from the email so that
 * signing in again with the same address reaches the same Google identity (and Firebase user)
 * rather than a new one each time.
 */
export function emulatedGoogleIdToken(account: EmulatedGoogleAccount): string {
  const email = account.email.trim().toLowerCase();
  const name = account.name.trim();
  const claims: Record<string, unknown> = { sub: `emulated:${email}`, email, email_verified: true };
  if (name) claims.name = name;
  return JSON.stringify(claims);
}
