/**
 * Stand-ins for the Firebase SDK functions reactfire imports but NoteNest never calls through
 * reactfire (see `reactfireSdkStubs` in web/vite.config.ts). Calling one is a programming error:
 * use the app's own loaders in shared/firebase instead.
 */
export function notBundled(sdk: string, name: string): (...args: unknown[]) => never {
  return () => {
    throw new Error(
      `${sdk}.${name} is not bundled for reactfire (web/vite.config.ts reactfireSdkStubs); ` +
        'use the loaders in src/shared/firebase instead of reactfire data hooks',
    );
  };
}
