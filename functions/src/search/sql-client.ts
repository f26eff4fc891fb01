/**
 * The one small interface the search module talks SQL through, so the same code runs on a `pg`
 * Pool (Cloud SQL, Debian's PostgreSQL, or PGlite served over the wire protocol) and on an
 * in-process PGlite. Parameters are `$1`-style in both.
 */
import type { Pool, PoolClient } from 'pg';

export interface SqlQueryable {
  /** One statement with parameters. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** A script of several statements, no parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
  /** SET LOCAL name = value for the transaction (names and values are constants of ours). */
  settings?: Record<string, string>;
}

export interface SqlClient extends SqlQueryable {
  /** Runs `fn` in one transaction on one connection: committed when it resolves, else rolled back. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Releases the connections (a pool's, or the PGlite instance when `ownsDb`). */
  close(): Promise<void>;
}

/** The statements that set the transaction up (after BEGIN), as one script. */
function setUp({ readOnly = false, settings = {} }: TransactionOptions): string {
  return [
    ...(readOnly ? ['SET TRANSACTION READ ONLY'] : []),
    ...Object.entries(settings).map(([k, v]) => `SET LOCAL ${k} = ${v}`),
  ].join('; ');
}

function pgQueryable(c: Pool | PoolClient): SqlQueryable {
  return {
    async query<R>(text: string, params?: unknown[]) {
      const r = await c.query(text, params);
      return { rows: r.rows as R[] };
    },
    async exec(text: string) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await c.query(text);
    },
  };
}

export interface PoolClientOptions {
  /**
   * Each statement outside a transaction runs in one of its own. For the local PGlite server
   * (pglite-socket, scripts/lib/search-db.mjs): it keeps a transaction's messages together, but
   * interleaves the messages of statements outside one from several connections, so one
   * connection's Bind can meet another's Parse ('portal "" does not exist').
   */
  ownTransactions?: boolean;
}

/** A client over a node-postgres Pool. */
export function pgPoolClient(
  pool: Pool,
  { ownTransactions = false }: PoolClientOptions = {},
): SqlClient {
  // A connection lost while idle in the pool (the server restarted, a failover, a test server
  // stopped while the pool was closing) is reported as the pool's 'error' event, which without a
  // listener crashes the process. The pool has already dropped it; the next query opens another.
  pool.on('error', (err) =>
    console.warn(`search: an idle database connection failed: ${err.message}`),
  );
  const client: SqlClient = {
    ...pgQueryable(pool),
    async transaction<T>(
      fn: (tx: SqlQueryable) => Promise<T>,
      options: TransactionOptions = {},
    ): Promise<T> {
      const conn = await pool.connect();
      // A checked-out connection has no listener of the pool's: lost between two statements (the
      // server stopped, a failover), it would emit an 'error' nobody handles, which ends the
      // process and every request it serves (seen when a test stack stopped). The next statement
      // fails instead, and the lost connection is destroyed rather than returned to the pool.
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
        console.warn(`search: a database connection failed in a transaction: ${err.message}`);
      };
      conn.on('error', onError);
      try {
        // One round trip: BEGIN and the set-up as a single script.
        const script = setUp(options);
        await conn.query(script ? `BEGIN; ${script}` : 'BEGIN');
        const out = await fn(pgQueryable(conn));
        await conn.query('COMMIT');
        return out;
      } catch (e) {
        if (!lost) await conn.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        conn.off('error', onError);
        conn.release(lost);
      }
    },
    close: () => pool.end(),
  };
  if (ownTransactions) {
    client.query = <R>(text: string, params?: unknown[]) =>
      client.transaction((tx) => tx.query<R>(text, params));
  }
  return client;
}

/** What of PGlite's API the adapter uses (so this module needs no PGlite at run time). */
export interface PgliteLike {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(text: string): Promise<unknown>;
  transaction<T>(fn: (tx: PgliteTxLike) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
interface PgliteTxLike {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(text: string): Promise<unknown>;
}

/** A client over an in-process PGlite (tests, tools). `ownsDb`: close() closes the database. */
export function pgliteClient(db: PgliteLike, { ownsDb = false } = {}): SqlClient {
  const wrap = (c: PgliteTxLike): SqlQueryable => ({
    async query<R>(text: string, params?: unknown[]) {
      const r = await c.query<R>(text, params);
      return { rows: r.rows };
    },
    async exec(text: string) {
      await c.exec(text);
    },
  });
  return {
    ...wrap(db),
    transaction: (fn, options = {}) =>
      db.transaction(async (tx) => {
        const script = setUp(options);
        if (script) await tx.exec(script);
        return fn(wrap(tx));
      }),
    close: async () => {
      if (ownsDb) await db.close();
    },
  };
}
