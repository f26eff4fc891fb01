/**
 * Everything the web app knows about its Firebase project, in one module without SDK imports, so
 * pure code (and tests) can read it without loading Firebase.
 */

/** `demo-*` projects never reach Google: the SDKs and emulators treat them as offline-only. */
export const FIREBASE_OPTIONS = {
  apiKey: 'demo-api-key',
  authDomain: 'demo-notenest.firebaseapp.com',
  projectId: 'demo-notenest',
  storageBucket: 'demo-notenest.appspot.com',
  appId: 'demo-notenest-web',
} as const;

/** Must match the "emulators" block of firebase.json. */
export const EMULATOR_PORTS = {
  auth: 9099,
  firestore: 8080,
  storage: 9199,
} as const;

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The host the emulators are reached on, or null when the page is not served locally. Using the
 * page's own hostname (rather than a fixed 127.0.0.1) keeps auth cookies, CORS and IPv4/IPv6
 * resolution consistent with how the user opened the app.
 */
export function emulatorHostFor(hostname: string): string | null {
  return LOCAL_HOSTNAMES.has(hostname) ? hostname : null;
}

export function currentEmulatorHost(): string | null {
  return typeof location === 'undefined' ? null : emulatorHostFor(location.hostname);
}

/** Base URL for the Auth emulator (the SDK wants a URL, the others a host and a port). */
export function authEmulatorUrl(host: string): string {
  return `http://${host}:${EMULATOR_PORTS.auth}`;
}
