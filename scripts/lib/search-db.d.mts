export const SEARCH_DB_USER: string;
export const SEARCH_DB_NAME: string;
export interface RunningSearchDb {
  /** postgres:// URL for `pg` (SEARCH_DATABASE_URL). */
  url: string;
  host: string;
  port: number;
  /** The PGlite instance itself, for in-process use (tests, tools): what of it they use. */
  db: {
    query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
    exec(text: string): Promise<unknown>;
    transaction<T>(fn: (tx: any) => Promise<T>): Promise<T>;
    close(): Promise<void>;
  };
  /** Looks once as the autovacuum does: vacuums and analyses the tables past its thresholds. */
  autovacuum(): Promise<string[]>;
  stop(): Promise<void>;
}
/** How often the autovacuum looks by default (ms). */
export const AUTOVACUUM_INTERVAL_MS: number;
export function startSearchDb(options?: {
  dataDir?: string;
  host?: string;
  port?: number;
  /** How often the autovacuum looks (ms). */
  autovacuumMs?: number;
}): Promise<RunningSearchDb>;
