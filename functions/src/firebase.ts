/**
 * The Admin SDK, initialised on first use (a cold start that serves /health does not pay for
 * it). In the emulators the SDK follows FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST /
 * FIREBASE_STORAGE_EMULATOR_HOST.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';

let app: App | undefined;

/** The project id: GCLOUD_PROJECT (set by the runtime and the emulators) or FIREBASE_CONFIG. */
export function projectId(): string {
  return (
    process.env['GCLOUD_PROJECT'] ??
    process.env['GOOGLE_CLOUD_PROJECT'] ??
    firebaseConfig().projectId ??
    'demo-notenest'
  );
}

function firebaseConfig(): { projectId?: string; storageBucket?: string } {
  try {
    return JSON.parse(process.env['FIREBASE_CONFIG'] ?? '{}') as {
      projectId?: string;
      storageBucket?: string;
    };
  } catch {
    return {};
  }
}

/**
 * The default bucket. NOTENEST_STORAGE_BUCKET overrides; otherwise the runtime's FIREBASE_CONFIG
 * names it; the fallback `<project>.appspot.com` is what the seed and the emulators use.
 */
export function bucketName(): string {
  return (
    process.env['NOTENEST_STORAGE_BUCKET'] ??
    firebaseConfig().storageBucket ??
    `${projectId()}.appspot.com`
  );
}

/**
 * In the Functions emulator, the account tasks are enqueued as (services/follows.ts) is named
 * here: the runtime sets K_SERVICE there, which makes google-auth-library believe it runs on
 * Google Cloud and ask the metadata server (169.254.169.254) for it, a request that leaves the
 * machine (and can hang where that address is routed). Deployed, the SDK asks the real one.
 */
const EMULATED_SERVICE_ACCOUNT = 'emulated-service-acct@email.com';

export function adminApp(): App {
  // The default app only: the Functions SDK makes one of its own ("__FIREBASE_FUNCTIONS_SDK__",
  // with none of these options) when a trigger's event is decoded before this runs.
  app ??=
    getApps().find((a) => a.name === '[DEFAULT]') ??
    initializeApp({
      projectId: projectId(),
      storageBucket: bucketName(),
      ...(process.env['FUNCTIONS_EMULATOR'] === 'true'
        ? { serviceAccountId: EMULATED_SERVICE_ACCOUNT }
        : {}),
    });
  return app;
}

export function db(): Firestore {
  return getFirestore(adminApp());
}

export function auth(): Auth {
  return getAuth(adminApp());
}

export function bucket() {
  return getStorage(adminApp()).bucket(bucketName());
}
