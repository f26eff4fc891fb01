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

const LOCAL_HOSTNAMES = new Set(['localhost', '[::1]', '::1']);
/** Any IPv4 loopback address (127.0.0.0/8): test stacks each run on their own (127.x.y.z). */
const IPV4_LOOPBACK = /^127\.(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){2}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;

/**
 * The host the emulators are reached on, or null when the page is not served locally. Using the
 * page's own hostname (rather than a fixed 127.0.0.1) keeps auth cookies, CORS and IPv4/IPv6
 * resolution consistent with how the user opened the app, and lets several stacks run side by
 * side on different loopback addresses with the same ports (`NOTENEST_HOST`).
 */
export function emulatorHostFor(hostname: string): string | null {
  return LOCAL_HOSTNAMES.has(hostname) || IPV4_LOOPBACK.test(hostname) ? hostname : null;
}

export function currentEmulatorHost(): string | null {
  return typeof location === 'undefined' ? null : emulatorHostFor(location.hostname);
}

/** Base URL for the Auth emulator (the SDK wants a URL, the others a host and a port). */
export function authEmulatorUrl(host: string): string {
  return `http://${host}:${EMULATOR_PORTS.auth}`;
}
