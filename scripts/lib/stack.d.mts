export const ROOT: string;
export const PROJECT: string;
export const SERVICES: readonly ['firestore', 'storage', 'auth', 'functions', 'hosting'];
export type Service = (typeof SERVICES)[number];
/** The emulators' ports, and the search database's. */
export type StackPorts = Record<Service | 'search', number>;

/** The file in a stack's data directory that lists its processes while it runs. */
export const PID_FILE: string;

export function isLoopbackV4(host: string): boolean;
export function stackPorts(): StackPorts;
/** *_EMULATOR_HOST and SEARCH_DATABASE_URL for the stack on `host`. */
export function emulatorEnvFor(host: string, ports?: StackPorts): Stack['emulatorEnv'];
export function freePort(host?: string): Promise<number>;
export function portFree(host: string, port: number): Promise<boolean>;
export function takenPorts(host: string): Promise<{ name: Service | 'search'; port: number }[]>;

export interface StackOptions {
  /** IPv4 loopback address every emulator binds (default 127.0.0.1). */
  host?: string;
  /** Imported from when it holds an export, exported to on stop. */
  dataDir: string;
  /** Seed the demo data when Firestore is empty (default true). */
  seed?: boolean;
  /**
   * The search database: PGlite on dataDir/search (default), or a throwaway cluster of Debian's
   * PostgreSQL (the search bench's production engine; its data is not kept).
   */
  searchEngine?: 'pglite' | 'postgres';
  log?: (line: string) => void;
  output?: (tag: string, line: string) => void;
  onPhase?: (name: 'storage' | 'firebase' | 'api' | 'seed') => void;
  readyTimeoutMs?: number;
}

export interface Stack {
  host: string;
  /** The web app (Hosting), e.g. http://127.0.0.23:5000. */
  url: string;
  ports: StackPorts;
  dataDir: string;
  searchEngine: 'pglite' | 'postgres';
  emulatorEnv: {
    FIRESTORE_EMULATOR_HOST: string;
    FIREBASE_STORAGE_EMULATOR_HOST: string;
    STORAGE_EMULATOR_HOST: string;
    FIREBASE_AUTH_EMULATOR_HOST: string;
    SEARCH_DATABASE_URL: string;
  };
  ready: Promise<void>;
  /**
   * The first process to exit, expected or not (code null: not a child of this process, e.g.
   * Google's Firestore emulator). One that exits unexpectedly also stops the stack.
   */
  exited: Promise<{ tag: string; code: number | null }>;
  readonly stopping: boolean;
  running(): { tag: string; pid: number }[];
  tail(n?: number): string[];
  stop(options?: { timeoutMs?: number }): Promise<{ tag: string; code: number }[]>;
  kill(): void;
}

export function createStack(options: StackOptions): Stack;
/**
 * Stops what the last stack with `dataDir` left running when it ended without stopping it (its
 * pid file lists it); throws when that stack is still running. Resolves with what was running.
 */
export function stopLeftovers(
  dataDir: string,
  log?: (line: string) => void,
): Promise<{ tag: string; pid: number }[]>;
export function startStack(options: StackOptions): Promise<Stack>;

/** Runs `fn` with the stack's background (Firestore, Storage) triggers paused. */
export function withTriggersPaused<T>(host: string, fn: () => Promise<T>): Promise<T>;
