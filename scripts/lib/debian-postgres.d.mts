export interface DebianPostgres {
  url: string;
  version: string;
  stop(): Promise<void>;
}
/** The newest /usr/lib/postgresql/<v>/bin with initdb and postgres, or null. */
export function findPostgresBin(root?: string): { bin: string; version: string } | null;
/** Why the Debian server cannot be used here, or null when it can. */
export function debianPostgresMissing(): string | null;
/** Makes and starts a throwaway cluster (default 127.0.0.1, a free port). */
export function startDebianPostgres(options?: {
  host?: string;
  port?: number;
}): Promise<DebianPostgres>;
