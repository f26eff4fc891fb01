import type { CallContext } from './authorizer.js';
import { RpcError, toRpcError } from './errors.js';
import { parseDocumentName, parseResourceName } from './paths.js';
import {
  compareDocsInQuery,
  compileQuery,
  executeQuery,
  matchesQuery,
  type CompiledQuery,
} from './query.js';
import type { DatabaseStore, StoredDoc } from './store.js';
import { formatMicros, parseTimestamp } from './timestamps.js';
import type { ListenRequest, ListenResponse, Target } from './types.js';

export interface StreamSink<T> {
  send(msg: T): void;
  error(err: RpcError): void;
  end(): void;
}

export interface StreamHandle<T> {
  write(msg: T): void;
  close(): void;
}

export interface DocChange {
  name: string;
  before: StoredDoc | null;
  after: StoredDoc | null;
}

/** What a listen stream needs from the engine. */
export interface ListenHost {
  store(database: string): DatabaseStore;
  /** A read time for an initial snapshot (monotonic, engine-wide). */
  snapshotTime(): bigint;
  historyFloor(): bigint;
  /** Null when allowed, else the PERMISSION_DENIED message. */
  authorizeTarget(
    ctx: CallContext,
    database: string,
    target: { documents?: string[]; parent?: string; structuredQuery?: object },
    results: StoredDoc[],
  ): string | null;
  unregister(stream: ListenStream): void;
  /** Billable reads (read-counter.ts): a target's initial results, then each document sent. */
  countReads(database: string, reads: number): void;
}

export function encodeResumeToken(ns: bigint): string {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(ns / 1000n);
  return b.toString('base64');
}

export function decodeResumeToken(token: string | undefined): bigint | undefined {
  if (!token) return undefined;
  const b = Buffer.from(token, 'base64');
  if (b.length !== 8) return undefined;
  return b.readBigInt64BE() * 1000n;
}

interface TargetState {
  id: number;
  database: string;
  names?: Set<string>;
  query?: CompiledQuery;
  /** Documents the client currently holds for this target: name -> version sent. */
  view: Map<string, StoredDoc>;
  /** Limit queries: the window in query order, and whether it holds every match. */
  window?: StoredDoc[];
  complete?: boolean;
}

/** Per-document outcome of one commit across all targets of the stream. */
interface Pending {
  doc: StoredDoc | null;
  changed: number[];
  removed: number[];
}

/**
 * One Listen stream. Every batch of changes (an addTarget's initial results, one commit) is
 * followed by a single global targetChange carrying the readTime; that message is what makes the
 * SDKs raise a snapshot.
 */
export class ListenStream implements StreamHandle<ListenRequest> {
  private readonly targets = new Map<number, TargetState>();
  private closed = false;

  constructor(
    private readonly host: ListenHost,
    private readonly ctx: CallContext,
    private readonly sink: StreamSink<ListenResponse>,
  ) {}

  write(msg: ListenRequest): void {
    if (this.closed) return;
    try {
      if (msg.addTarget) this.addTarget(msg.addTarget, msg.database);
      if (msg.removeTarget !== undefined && msg.removeTarget !== null)
        this.removeTarget(msg.removeTarget);
    } catch (err) {
      this.fail(toRpcError(err));
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.targets.clear();
    this.host.unregister(this);
  }

  private send(msg: ListenResponse): void {
    if (this.closed) return;
    try {
      this.sink.send(msg);
    } catch {
      // A transport that can no longer deliver is as good as closed.
      this.close();
    }
  }

  private fail(err: RpcError): void {
    if (this.closed) return;
    this.close();
    try {
      this.sink.error(err);
    } catch {
      /* the transport is gone */
    }
  }

  private refuse(targetId: number, code: number, message: string): void {
    this.send({
      targetChange: { targetChangeType: 'REMOVE', targetIds: [targetId], cause: { code, message } },
    });
  }

  private addTarget(t: Target, streamDatabase: string | undefined): void {
    const id = t.targetId ?? 0;
    let state: TargetState;
    let docs: StoredDoc[];
    const time = this.host.snapshotTime();
    try {
      if (t.documents) {
        const names = t.documents.documents ?? [];
        const database =
          names.length > 0 ? parseDocumentName(names[0]).database : databaseOf(streamDatabase);
        for (const n of names) {
          if (parseDocumentName(n).database !== database)
            throw new RpcError(3, 'All documents must be in one database.');
        }
        const store = this.host.store(database);
        docs = names.map((n) => store.get(n)).filter((d): d is StoredDoc => d !== null);
        const denied = this.ctx.admin
          ? null
          : this.host.authorizeTarget(this.ctx, database, { documents: names }, docs);
        if (denied !== null) return this.refuse(id, 7, denied);
        this.host.countReads(database, Math.max(1, names.length));
        state = { id, database, names: new Set(names), view: new Map() };
      } else if (t.query) {
        const parent = t.query.parent;
        const database = parseResourceName(parent).database;
        const q = compileQuery(parent, t.query.structuredQuery);
        docs = executeQuery(this.host.store(database), q);
        const denied = this.ctx.admin
          ? null
          : this.host.authorizeTarget(
              this.ctx,
              database,
              { parent, structuredQuery: t.query.structuredQuery ?? {} },
              docs,
            );
        if (denied !== null) return this.refuse(id, 7, denied);
        this.host.countReads(database, Math.max(1, docs.length));
        state = { id, database, query: q, view: new Map() };
        if (q.limit !== undefined) {
          state.window = docs;
          state.complete = docs.length < q.limit;
        }
      } else {
        return this.refuse(id, 3, 'Target must specify documents or a query.');
      }
    } catch (err) {
      const e = toRpcError(err);
      return this.refuse(id, e.code, e.message);
    }

    this.targets.set(id, state);
    const readTime = formatMicros(time);
    const token = encodeResumeToken(time);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    // On resume, the client still holds what matched at the token's time: tell it what left.
    const since = decodeResumeToken(t.resumeToken) ?? safeTime(t.readTime);
    if (since !== undefined && since >= this.host.historyFloor()) {
      const now = new Set(docs.map((d) => d.json.name));
      let before: StoredDoc[] = [];
      try {
        before = this.resultsAt(state, since);
      } catch {
        // History no longer reaches the token: the full result set below is still correct.
      }
      for (const old of before) {
        if (now.has(old.json.name)) continue;
        const exists = this.host.store(state.database).get(old.json.name) !== null;
        const body = { document: old.json.name, removedTargetIds: [id], readTime };
        this.send(exists ? { documentRemove: body } : { documentDelete: body });
      }
    }
    for (const d of docs) {
      state.view.set(d.json.name, d);
      this.send({ documentChange: { document: d.json, targetIds: [id] } });
    }
    this.send({
      targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: token, readTime },
    });
    this.send({ targetChange: { resumeToken: token, readTime } });
    if (t.once) {
      this.targets.delete(id);
      this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
    }
  }

  /**
   * Updates a limit window from the changed documents alone; returns null when a document left
   * a full window (or moved to its end), since only a re-run knows which document comes next.
   */
  private slideWindow(t: TargetState, q: CompiledQuery, changes: DocChange[]): StoredDoc[] | null {
    const limit = q.limit!;
    const win = [...(t.window ?? [])];
    let complete = t.complete === true;
    const cmp = (a: StoredDoc, b: StoredDoc) => compareDocsInQuery(q, a, b);
    const insert = (d: StoredDoc): number => {
      let lo = 0;
      let hi = win.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cmp(win[mid], d) <= 0) lo = mid + 1;
        else hi = mid;
      }
      win.splice(lo, 0, d);
      return lo;
    };
    let full = win.length >= limit;
    for (const c of changes) {
      const at = win.findIndex((d) => d.json.name === c.name);
      const matches = c.after !== null && matchesQuery(q, c.after);
      if (at >= 0) {
        win.splice(at, 1);
        if (!matches) {
          if (!complete) return null;
          continue;
        }
        const pos = insert(c.after!);
        if (!complete && pos === win.length - 1) return null;
      } else if (matches) {
        if (full && cmp(c.after!, win[win.length - 1]) >= 0) continue;
        insert(c.after!);
        if (win.length > limit) {
          win.pop();
          complete = false;
        }
      }
      full = win.length >= limit;
    }
    return win;
  }

  private resultsAt(state: TargetState, time: bigint): StoredDoc[] {
    const store = this.host.store(state.database);
    if (state.query) return executeQuery(store, state.query, time);
    return [...(state.names ?? [])]
      .map((n) => store.getAt(n, time))
      .filter((d): d is StoredDoc => d !== null);
  }

  private removeTarget(id: number): void {
    this.targets.delete(id);
    this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  /** Called by the engine after every commit that changed documents of `database`. */
  onCommit(database: string, changes: DocChange[], commitNs: bigint): void {
    if (this.closed || this.targets.size === 0) return;
    const pending = new Map<string, Pending>();
    const mark = (name: string, doc: StoredDoc | null, id: number, kind: 'changed' | 'removed') => {
      let p = pending.get(name);
      if (!p) {
        p = { doc, changed: [], removed: [] };
        pending.set(name, p);
      }
      p[kind].push(id);
    };
    for (const t of this.targets.values()) {
      if (t.database !== database) continue;
      if (t.names) {
        for (const c of changes) {
          if (!t.names.has(c.name)) continue;
          if (c.after) {
            t.view.set(c.name, c.after);
            mark(c.name, c.after, t.id, 'changed');
          } else if (t.view.delete(c.name)) {
            mark(c.name, null, t.id, 'removed');
          }
        }
      } else if (t.query && t.query.limit === undefined && t.query.offset === 0) {
        for (const c of changes) {
          const matches = c.after !== null && matchesQuery(t.query, c.after);
          if (matches) {
            t.view.set(c.name, c.after!);
            mark(c.name, c.after, t.id, 'changed');
          } else if (t.view.delete(c.name)) {
            mark(c.name, c.after, t.id, 'removed');
          }
        }
      } else if (t.query) {
        const q = t.query;
        const win = q.offset === 0 ? this.slideWindow(t, q, changes) : null;
        const docs = win ?? executeQuery(this.host.store(database), q);
        const next = new Map(docs.map((d) => [d.json.name, d] as const));
        for (const [name, d] of next) {
          if (t.view.get(name) !== d) mark(name, d, t.id, 'changed');
        }
        for (const name of t.view.keys()) {
          if (!next.has(name)) mark(name, this.host.store(database).get(name), t.id, 'removed');
        }
        t.view = next;
        t.window = docs;
        t.complete = docs.length < (q.limit ?? Infinity);
      }
    }
    if (pending.size === 0) return;
    const readTime = formatMicros(commitNs);
    for (const [name, p] of pending) {
      if (p.changed.length > 0 && p.doc) {
        const dc: NonNullable<ListenResponse['documentChange']> = {
          document: p.doc.json,
          targetIds: p.changed,
        };
        if (p.removed.length > 0) dc.removedTargetIds = p.removed;
        this.host.countReads(database, 1);
        this.send({ documentChange: dc });
      } else if (p.removed.length > 0) {
        const body = { document: name, removedTargetIds: p.removed, readTime };
        this.send(p.doc ? { documentRemove: body } : { documentDelete: body });
      }
    }
    this.send({ targetChange: { resumeToken: encodeResumeToken(commitNs), readTime } });
  }
}

function safeTime(text: string | undefined): bigint | undefined {
  if (!text) return undefined;
  try {
    return parseTimestamp(text);
  } catch {
    return undefined;
  }
}

function databaseOf(database: string | undefined): string {
  if (!database) throw new RpcError(3, 'Missing database.');
  return parseResourceName(database).database;
}
