/**
 * Vitest globalSetup: one firebase-tools Auth emulator for every test file (starting it costs
 * seconds; our Firestore/Storage emulator starts per file in-process in milliseconds). The
 * repository's test support starts it from a temp directory with its own TMPDIR and free ports,
 * so it never meets `npm start` or another suite's emulators. Files share it safely because each
 * uses its own email addresses.
 */
import { startAuthEmulator } from '../../../test/start/support.js';

export const PROJECT = 'demo-notenest';

declare module 'vitest' {
  export interface ProvidedContext {
    authHost: string;
  }
}

export default async function setup({
  provide,
}: {
  provide: (key: 'authHost', value: string) => void;
}) {
  const auth = await startAuthEmulator();
  provide('authHost', auth.host);
  return () => auth.stop();
}
