export const MIN_JAVA: number;
export function javaMajor(javaBin: string): number;
export function findJava(
  env?: Record<string, string | undefined>,
): { bin: string; home: string; major: number; from: string } | { bin?: undefined; seen: string[] };
export function firebaseToolsFirestoreJar(
  root: string,
  env?: Record<string, string | undefined>,
): { version: string; path: string };
export function manifestLine(name: string, value: string): Buffer;
export function zipOneFile(name: string, data: Buffer): Buffer;
export function launcherJar(gcloudJar: string, cacheDir: string): string;
export function resolveFirestoreEmulator(
  root: string,
  env?: Record<string, string | undefined>,
): { env: Record<string, string>; describe: string };
export interface RunningFirestoreEmulator {
  host: string;
  port: number;
  hostPort: string;
  stop(): Promise<void>;
}
export function startFirestoreEmulator(options?: {
  root?: string;
  host?: string;
  port?: number;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<RunningFirestoreEmulator>;
export function firestoreForRun(options?: {
  root?: string;
  env?: Record<string, string | undefined>;
}): Promise<{ hostPort: string; stop(): Promise<void> }>;
