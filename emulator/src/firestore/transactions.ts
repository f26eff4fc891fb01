import { randomBytes } from 'node:crypto';
import { Code, invalidArgument, RpcError } from './errors.js';
import { executeQuery, type CompiledQuery } from './query.js';
import type { DatabaseStore } from './store.js';
import { parseTimestamp } from './timestamps.js';
import type { TransactionOptions } from './types.js';

/** Idle transactions expire like the backend's (270 s); later use is INVALID_ARGUMENT. */
export const TRANSACTION_TIMEOUT_NS = 270n * 1_000_000_000n;

export interface Transaction {
  id: string;
  database: string;
  readOnly: boolean;
  /** Snapshot time for read-only transactions. */
  readTime?: bigint;
  /** Document name -> version time seen (0 = never existed). */
  reads: Map<string, bigint>;
  /** Queries read, with a signature of their results, re-checked at commit. */
  queries: { q: CompiledQuery; signature: string }[];
  lastUsed: bigint;
}

export function resultSignature(docs: { json: { name: string }; updateNs: bigint }[]): string {
  let s = '';
  for (const d of docs) s += d.json.name + '@' + d.updateNs + '\n';
  return s;
}

/**
 * Optimistic concurrency: reads are recorded, and commit fails with ABORTED when anything read
 * changed meanwhile, which makes every SDK retry the transaction function.
 */
export class TransactionRegistry {
  private readonly txns = new Map<string, Transaction>();

  constructor(private readonly now: () => bigint) {}

  begin(
    database: string,
    options: TransactionOptions | undefined,
    snapshotNow: () => bigint,
  ): Transaction {
    this.expire();
    const readOnly = options?.readOnly !== undefined;
    const t: Transaction = {
      id: randomBytes(16).toString('base64'),
      database,
      readOnly,
      reads: new Map(),
      queries: [],
      lastUsed: this.now(),
    };
    if (readOnly) {
      t.readTime = options!.readOnly!.readTime
        ? parseTimestamp(options!.readOnly!.readTime)
        : snapshotNow();
    }
    this.txns.set(t.id, t);
    return t;
  }

  get(id: string, database: string): Transaction {
    this.expire();
    const t = this.txns.get(id);
    if (!t || t.database !== database) {
      throw invalidArgument('The referenced transaction has expired or is no longer valid.');
    }
    t.lastUsed = this.now();
    return t;
  }

  end(id: string): void {
    this.txns.delete(id);
  }

  /** Drops every transaction of a database (used by clear()). */
  dropDatabase(database: string): void {
    for (const [id, t] of this.txns) if (t.database === database) this.txns.delete(id);
  }

  recordRead(t: Transaction, name: string, store: DatabaseStore): void {
    if (t.readOnly || t.reads.has(name)) return;
    t.reads.set(name, store.versionTime(name));
  }

  recordQuery(
    t: Transaction,
    q: CompiledQuery,
    docs: { json: { name: string }; updateNs: bigint }[],
    store: DatabaseStore,
  ): void {
    if (t.readOnly) return;
    t.queries.push({ q, signature: resultSignature(docs) });
    for (const d of docs) this.recordRead(t, d.json.name, store);
  }

  /** Throws ABORTED when something the transaction read has changed since. */
  validate(t: Transaction, store: DatabaseStore): void {
    for (const [name, seen] of t.reads) {
      if (store.versionTime(name) !== seen) {
        throw new RpcError(
          Code.ABORTED,
          `Transaction aborted: document ${name} was modified after it was read in this transaction.`,
        );
      }
    }
    for (const { q, signature } of t.queries) {
      if (resultSignature(executeQuery(store, q)) !== signature) {
        throw new RpcError(
          Code.ABORTED,
          'Transaction aborted: a query read in this transaction has changed results.',
        );
      }
    }
  }

  private expire(): void {
    const floor = this.now() - TRANSACTION_TIMEOUT_NS;
    for (const [id, t] of this.txns) if (t.lastUsed < floor) this.txns.delete(id);
  }

  size(): number {
    return this.txns.size;
  }
}
