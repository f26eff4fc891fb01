import { ReadCounter, aggregationReads, queryReads } from './read-counter.js';
import { compileAggregations, runAggregations } from './aggregation.js';
import {
  type AuthorizedWrite,
  type AuthzRequest,
  type CallContext,
  type FirestoreAuthorizer,
} from './authorizer.js';
import { Code, invalidArgument, RpcError } from './errors.js';
import { exportStores, importDocument, validateExport, type FirestoreExport } from './export.js';
import {
  ListenStream,
  type DocChange,
  type ListenHost,
  type StreamHandle,
  type StreamSink,
} from './listen.js';
import {
  applyMask,
  parseDocumentName,
  parseFieldPath,
  parseParentName,
  parseResourceName,
  toDocumentName,
  validateDocumentId,
} from './paths.js';
import { compileQuery, executeQuery, projectDocument } from './query.js';
import { RulesAuthorizer } from './rules-authorizer.js';
import { DatabaseStore, HISTORY_NS, type StoredDoc } from './store.js';
import { EngineClock, formatMicros, parseTimestamp } from './timestamps.js';
import { TransactionRegistry, type Transaction } from './transactions.js';
import type {
  BatchGetDocumentsRequest,
  BatchGetDocumentsResponse,
  Document,
  DocumentMask,
  ListenRequest,
  ListenResponse,
  Precondition,
  RunAggregationQueryRequest,
  RunAggregationQueryResponse,
  RunQueryRequest,
  RunQueryResponse,
  Status,
  TransactionOptions,
  Write,
  WriteRequest,
  WriteResponse,
  WriteResult,
} from './types.js';
import { compareStrings, compareResourceNames } from './values.js';
import { planBatch } from './writes.js';
import { WriteStream } from './write-stream.js';

export type { CallContext, FirestoreAuthorizer } from './authorizer.js';
export { RpcError } from './errors.js';
export type { FirestoreExport } from './export.js';
export type { StreamHandle, StreamSink } from './listen.js';
export type * from './types.js';

export interface EngineOptions {
  /** ns since epoch; tests inject a fixed or stepping clock. */
  now?: () => bigint;
  /** Default: the rules authorizer, which allows everything until rules are loaded. */
  authorizer?: FirestoreAuthorizer;
}

interface ReadContext {
  /** Snapshot time; undefined = current state. */
  time?: bigint;
  txn?: Transaction;
  /** Set when the request asked for newTransaction: returned in the first response. */
  newTransaction?: string;
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function autoId(): string {
  let id = '';
  for (let i = 0; i < 20; i++)
    id += AUTO_ID_CHARS[Math.floor(Math.random() * AUTO_ID_CHARS.length)];
  return id;
}

function maskDoc(d: StoredDoc, mask: DocumentMask | undefined): Document {
  if (!mask) return d.json;
  return {
    name: d.json.name,
    fields: applyMask(d.json.fields, (mask.fieldPaths ?? []).map(parseFieldPath)),
    createTime: d.json.createTime,
    updateTime: d.json.updateTime,
  };
}

function pageToken(last: string): string {
  return Buffer.from(last, 'utf8').toString('base64');
}

function fromPageToken(token: string | undefined): string | undefined {
  return token ? Buffer.from(token, 'base64').toString('utf8') : undefined;
}

/**
 * Pure in-memory Firestore. All state changes happen synchronously inside one method call, so
 * commits are atomic with respect to each other and to listeners without locks; the async
 * signatures are the transport contract.
 */
export class FirestoreEngine {
  private readonly clock: EngineClock;
  private readonly stores = new Map<string, DatabaseStore>();
  private readonly txns: TransactionRegistry;
  private readonly listeners = new Set<ListenStream>();
  private readonly rules = new Map<string, { name?: string; content: string }[]>();
  private authorizer: FirestoreAuthorizer;
  private readonly listenHost: ListenHost;
  /** Billable reads per database (read-counter.ts), for the emulator's reads endpoint. */
  readonly reads = new ReadCounter();

  constructor(options: EngineOptions = {}) {
    this.clock = new EngineClock(options.now);
    this.txns = new TransactionRegistry(() => this.clock.now());
    this.authorizer = options.authorizer ?? new RulesAuthorizer();
    this.listenHost = {
      store: (db) => this.store(db),
      snapshotTime: () => this.clock.readTime(),
      historyFloor: () => this.historyFloor(),
      authorizeTarget: (ctx, database, target, results) => {
        const base = this.authzBase(ctx, database, this.clock.latest());
        if (target.documents) {
          for (const name of target.documents) {
            const doc = results.find((d) => d.json.name === name) ?? null;
            const denied = this.authorizer.authorizeGet({
              ...base,
              path: name,
              resource: doc ? doc.json : null,
            });
            if (denied !== null) return denied;
          }
          return null;
        }
        return this.authorizer.authorizeQuery({
          ...base,
          parent: target.parent!,
          structuredQuery: target.structuredQuery ?? {},
          resultPaths: results.map((d) => d.json.name),
        });
      },
      unregister: (s) => this.listeners.delete(s),
      countReads: (database, n) => this.reads.add(database, n),
    };
  }

  // --- configuration -------------------------------------------------------------------------

  setAuthorizer(authorizer: FirestoreAuthorizer): void {
    this.authorizer = authorizer;
    for (const [projectId, files] of this.rules) authorizer.setRules?.(projectId, files);
  }

  /** Invalid rules keep the previous ones and fail with INVALID_ARGUMENT (the cause is kept). */
  setRules(projectId: string, files: { name?: string; content: string }[]): void {
    try {
      this.authorizer.setRules?.(projectId, files);
    } catch (err) {
      if (err instanceof RpcError) throw err;
      const e = invalidArgument(err instanceof Error ? err.message : String(err));
      (e as Error & { cause?: unknown }).cause = err;
      throw e;
    }
    this.rules.set(projectId, files);
  }

  getRules(projectId: string): { name?: string; content: string }[] | undefined {
    return this.rules.get(projectId);
  }

  // --- internals -----------------------------------------------------------------------------

  private store(database: string): DatabaseStore {
    let s = this.stores.get(database);
    if (!s) {
      s = new DatabaseStore(`${database}/documents`);
      this.stores.set(database, s);
    }
    return s;
  }

  private historyFloor(): bigint {
    return this.clock.now() - HISTORY_NS;
  }

  private authzBase(
    ctx: CallContext,
    database: string,
    timeNs: bigint,
    overlay?: Map<string, StoredDoc | null>,
  ): AuthzRequest {
    const { projectId, databaseId } = parseResourceName(database);
    const store = this.store(database);
    const resolve = (path: string): string | null => {
      try {
        const name = toDocumentName(path, projectId);
        return parseDocumentName(name).database === database ? name : null;
      } catch {
        return null;
      }
    };
    const before = (path: string) => {
      const name = resolve(path);
      return name ? (store.get(name)?.json ?? null) : null;
    };
    return {
      projectId,
      databaseId,
      ctx,
      time: formatMicros(timeNs || this.clock.readTime()),
      lookupBefore: before,
      lookupAfter: (path) => {
        const name = resolve(path);
        if (name && overlay?.has(name)) return overlay.get(name)?.json ?? null;
        return before(path);
      },
    };
  }

  private deny(message: string | null): void {
    if (message !== null) throw new RpcError(Code.PERMISSION_DENIED, message);
  }

  private readContext(
    database: string,
    req: { transaction?: string; newTransaction?: TransactionOptions; readTime?: string },
  ): ReadContext {
    const set = [req.transaction, req.newTransaction, req.readTime].filter(
      (x) => x !== undefined && x !== null,
    );
    if (set.length > 1)
      throw invalidArgument('Only one of transaction, newTransaction or readTime may be set.');
    if (req.transaction) {
      const txn = this.txns.get(req.transaction, database);
      return { txn, time: txn.readTime };
    }
    if (req.newTransaction) {
      const txn = this.txns.begin(database, req.newTransaction, () => this.clock.readTime());
      return { txn, time: txn.readTime, newTransaction: txn.id };
    }
    if (req.readTime) return { time: parseTimestamp(req.readTime) };
    return {};
  }

  private responseTime(rc: ReadContext): string {
    return formatMicros(rc.time ?? this.clock.readTime());
  }

  // --- unary reads ---------------------------------------------------------------------------

  async getDocument(
    ctx: CallContext,
    req: { name: string; mask?: DocumentMask; transaction?: string; readTime?: string },
  ): Promise<Document> {
    const { database } = parseDocumentName(req.name);
    const store = this.store(database);
    const rc = this.readContext(database, req);
    const doc = store.getAt(req.name, rc.time);
    if (!ctx.admin) {
      const base = this.authzBase(ctx, database, rc.time ?? 0n);
      this.deny(
        this.authorizer.authorizeGet({ ...base, path: req.name, resource: doc?.json ?? null }),
      );
    }
    if (rc.txn) this.txns.recordRead(rc.txn, req.name, store);
    this.reads.add(database, 1);
    if (!doc) throw new RpcError(Code.NOT_FOUND, `Document "${req.name}" not found.`);
    return maskDoc(doc, req.mask);
  }

  async batchGetDocuments(
    ctx: CallContext,
    req: BatchGetDocumentsRequest,
  ): Promise<BatchGetDocumentsResponse[]> {
    const database = parseResourceName(req.database).database;
    const store = this.store(database);
    const rc = this.readContext(database, req);
    const readTime = this.responseTime(rc);
    const base = ctx.admin ? null : this.authzBase(ctx, database, rc.time ?? 0n);
    const out: BatchGetDocumentsResponse[] = [];
    for (const name of req.documents ?? []) {
      if (parseDocumentName(name).database !== database)
        throw invalidArgument(`Document ${name} is not in ${database}.`);
      const doc = store.getAt(name, rc.time);
      if (base)
        this.deny(
          this.authorizer.authorizeGet({ ...base, path: name, resource: doc?.json ?? null }),
        );
      if (rc.txn) this.txns.recordRead(rc.txn, name, store);
      this.reads.add(database, 1);
      out.push(doc ? { found: maskDoc(doc, req.mask), readTime } : { missing: name, readTime });
    }
    if (rc.newTransaction) {
      if (out.length === 0) out.push({ readTime });
      out[0] = { transaction: rc.newTransaction, ...out[0] };
    }
    return out;
  }

  /**
   * The read half shared by runQuery and runAggregationQuery: execute at the request's read time,
   * let the rules judge the query (not its results: rules are not filters), and remember the
   * result set when inside a transaction so a later commit can detect contention.
   */
  private readQuery(
    ctx: CallContext,
    req: RunQueryRequest | RunAggregationQueryRequest,
    structuredQuery: RunQueryRequest['structuredQuery'],
  ) {
    const parent = parseParentName(req.parent);
    const q = compileQuery(req.parent, structuredQuery);
    const store = this.store(parent.database);
    const rc = this.readContext(parent.database, req);
    const readTime = this.responseTime(rc);
    const docs = executeQuery(store, q, rc.time);
    if (!ctx.admin) {
      const base = this.authzBase(ctx, parent.database, rc.time ?? 0n);
      this.deny(
        this.authorizer.authorizeQuery({
          ...base,
          parent: req.parent,
          structuredQuery: structuredQuery ?? {},
          resultPaths: docs.map((d) => d.json.name),
        }),
      );
    }
    if (rc.txn) this.txns.recordQuery(rc.txn, q, docs, store);
    return { q, docs, rc, readTime };
  }

  async runQuery(ctx: CallContext, req: RunQueryRequest): Promise<RunQueryResponse[]> {
    const { q, docs, rc, readTime } = this.readQuery(ctx, req, req.structuredQuery);
    this.reads.add(parseParentName(req.parent).database, queryReads(docs.length));
    const out: RunQueryResponse[] = docs.map((d) => ({
      document: projectDocument(q, d),
      readTime,
    }));
    if (out.length === 0) out.push({ readTime });
    if (rc.newTransaction) out[0] = { transaction: rc.newTransaction, ...out[0] };
    return out;
  }

  async runAggregationQuery(
    ctx: CallContext,
    req: RunAggregationQueryRequest,
  ): Promise<RunAggregationQueryResponse[]> {
    const saq = req.structuredAggregationQuery ?? {};
    const aggs = compileAggregations(saq.aggregations);
    const { docs, rc, readTime } = this.readQuery(ctx, req, saq.structuredQuery);
    this.reads.add(parseParentName(req.parent).database, aggregationReads(docs.length));
    const res: RunAggregationQueryResponse = {
      result: { aggregateFields: runAggregations(aggs, docs) },
      readTime,
    };
    if (rc.newTransaction) res.transaction = rc.newTransaction;
    return [res];
  }

  async listCollectionIds(
    ctx: CallContext,
    req: { parent: string; pageSize?: number; pageToken?: string; readTime?: string },
  ): Promise<{ collectionIds: string[]; nextPageToken?: string }> {
    const parent = parseParentName(req.parent);
    const parentName = parent.segments.length === 0 ? parent.root : req.parent;
    let ids = this.store(parent.database).collectionIds(parentName).sort(compareStrings);
    const after = fromPageToken(req.pageToken);
    if (after !== undefined) ids = ids.filter((id) => compareStrings(id, after) > 0);
    if (req.pageSize && req.pageSize > 0 && ids.length > req.pageSize) {
      ids = ids.slice(0, req.pageSize);
      return { collectionIds: ids, nextPageToken: pageToken(ids[ids.length - 1]) };
    }
    return { collectionIds: ids };
  }

  async listDocuments(
    ctx: CallContext,
    req: {
      parent: string;
      collectionId?: string;
      pageSize?: number;
      pageToken?: string;
      orderBy?: string;
      mask?: DocumentMask;
      showMissing?: boolean;
      transaction?: string;
      readTime?: string;
    },
  ): Promise<{ documents: Document[]; nextPageToken?: string }> {
    const parent = parseParentName(req.parent);
    const parentName = parent.segments.length === 0 ? parent.root : req.parent;
    if (!req.collectionId) throw invalidArgument('collectionId is required.');
    const store = this.store(parent.database);
    const rc = this.readContext(parent.database, req);
    const collection = `${parentName}/${req.collectionId}`;
    const docs = [...store.collectionDocs(collection, rc.time)];
    if (!ctx.admin) {
      const base = this.authzBase(ctx, parent.database, rc.time ?? 0n);
      this.deny(
        this.authorizer.authorizeQuery({
          ...base,
          parent: parentName,
          structuredQuery: { from: [{ collectionId: req.collectionId }] },
          resultPaths: docs.map((d) => d.json.name),
        }),
      );
    }
    this.reads.add(parent.database, queryReads(docs.length));
    let rows: Document[] = docs.map((d) => maskDoc(d, req.mask));
    if (req.showMissing)
      rows.push(...store.missingWithChildren(collection).map((name) => ({ name })));
    rows.sort((a, b) => compareResourceNames(a.name, b.name));
    const after = fromPageToken(req.pageToken);
    if (after !== undefined) rows = rows.filter((d) => compareResourceNames(d.name, after) > 0);
    if (req.pageSize && req.pageSize > 0 && rows.length > req.pageSize) {
      rows = rows.slice(0, req.pageSize);
      return { documents: rows, nextPageToken: pageToken(rows[rows.length - 1].name) };
    }
    return { documents: rows };
  }

  // --- writes --------------------------------------------------------------------------------

  /** The one place documents change: validate + authorize everything, then apply and notify. */
  private commitSync(
    ctx: CallContext,
    database: string,
    writes: Write[],
    transaction?: string,
  ): { writeResults: WriteResult[]; commitTime: string } {
    const store = this.store(database);
    let txn: Transaction | undefined;
    if (transaction) {
      txn = this.txns.get(transaction, database);
      this.txns.end(transaction);
      if (txn.readOnly && writes.length > 0) {
        throw invalidArgument('Cannot modify entities in a read-only transaction.');
      }
      this.txns.validate(txn, store);
    }
    const commitNs = this.clock.commitTime();
    const { planned, overlay } = planBatch(writes, (n) => store.get(n), commitNs);
    for (const p of planned) {
      if (!p.name.startsWith(database + '/documents/')) {
        throw invalidArgument(`Document ${p.name} is not in database ${database}.`);
      }
    }
    if (!ctx.admin && planned.length > 0) {
      const base = this.authzBase(ctx, database, commitNs, overlay);
      const authzWrites: AuthorizedWrite[] = [];
      for (const p of planned) {
        if (p.kind === 'verify') {
          // A verify only reads the document: it needs read access, like a get.
          this.deny(
            this.authorizer.authorizeGet({
              ...base,
              path: p.name,
              resource: p.before?.json ?? null,
            }),
          );
        } else {
          authzWrites.push({
            path: p.name,
            kind: p.kind,
            before: p.before?.json ?? null,
            after: p.after?.json ?? null,
          });
        }
      }
      if (authzWrites.length > 0)
        this.deny(this.authorizer.authorizeWrites({ ...base, writes: authzWrites }));
    }
    const changes: DocChange[] = [];
    const floor = this.historyFloor();
    for (const [name, after] of overlay) {
      const before = store.get(name);
      if (before === after) continue;
      store.put(name, after, commitNs, floor);
      changes.push({ name, before, after });
    }
    if (changes.length > 0) this.notify(database, changes, commitNs);
    return { writeResults: planned.map((p) => p.result), commitTime: formatMicros(commitNs) };
  }

  private notify(database: string, changes: DocChange[], commitNs: bigint): void {
    for (const l of this.listeners) l.onCommit(database, changes, commitNs);
  }

  async commit(
    ctx: CallContext,
    req: { database: string; writes?: Write[]; transaction?: string },
  ): Promise<{ writeResults: WriteResult[]; commitTime: string }> {
    const { database } = parseResourceName(req.database);
    return this.commitSync(ctx, database, req.writes ?? [], req.transaction);
  }

  async batchWrite(
    ctx: CallContext,
    req: { database: string; writes?: Write[] },
  ): Promise<{ writeResults: WriteResult[]; status: Status[] }> {
    const { database } = parseResourceName(req.database);
    const writeResults: WriteResult[] = [];
    const status: Status[] = [];
    // Not atomic: each write succeeds or fails on its own.
    for (const w of req.writes ?? []) {
      try {
        writeResults.push(this.commitSync(ctx, database, [w]).writeResults[0]);
        status.push({ code: 0 });
      } catch (err) {
        const e = err instanceof RpcError ? err : new RpcError(Code.INTERNAL, String(err));
        writeResults.push({});
        status.push({ code: e.code, message: e.message });
      }
    }
    return { writeResults, status };
  }

  async createDocument(
    ctx: CallContext,
    req: {
      parent: string;
      collectionId: string;
      documentId?: string;
      document?: Document;
      mask?: DocumentMask;
    },
  ): Promise<Document> {
    const parent = parseParentName(req.parent);
    if (!req.collectionId) throw invalidArgument('collectionId is required.');
    const parentName = parent.segments.length === 0 ? parent.root : req.parent;
    const id = req.documentId || autoId();
    const name = `${parentName}/${req.collectionId}/${id}`;
    validateDocumentId(id, name);
    this.commitSync(ctx, parent.database, [
      { update: { name, fields: req.document?.fields ?? {} }, currentDocument: { exists: false } },
    ]);
    return maskDoc(this.store(parent.database).get(name)!, req.mask);
  }

  async updateDocument(
    ctx: CallContext,
    req: {
      document: Document;
      updateMask?: DocumentMask;
      mask?: DocumentMask;
      currentDocument?: Precondition;
    },
  ): Promise<Document> {
    const { database } = parseDocumentName(req.document.name);
    const w: Write = { update: { name: req.document.name, fields: req.document.fields ?? {} } };
    if (req.updateMask) w.updateMask = req.updateMask;
    if (req.currentDocument) w.currentDocument = req.currentDocument;
    this.commitSync(ctx, database, [w]);
    return maskDoc(this.store(database).get(req.document.name)!, req.mask);
  }

  async deleteDocument(
    ctx: CallContext,
    req: { name: string; currentDocument?: Precondition },
  ): Promise<void> {
    const { database } = parseDocumentName(req.name);
    const w: Write = { delete: req.name };
    if (req.currentDocument) w.currentDocument = req.currentDocument;
    this.commitSync(ctx, database, [w]);
  }

  // --- transactions --------------------------------------------------------------------------

  async beginTransaction(
    ctx: CallContext,
    req: { database: string; options?: TransactionOptions },
  ): Promise<{ transaction: string }> {
    const { database } = parseResourceName(req.database);
    const t = this.txns.begin(database, req.options, () => this.clock.readTime());
    return { transaction: t.id };
  }

  async rollback(ctx: CallContext, req: { database: string; transaction: string }): Promise<void> {
    const { database } = parseResourceName(req.database);
    this.txns.get(req.transaction, database);
    this.txns.end(req.transaction);
  }

  // --- streams -------------------------------------------------------------------------------

  openListen(ctx: CallContext, sink: StreamSink<ListenResponse>): StreamHandle<ListenRequest> {
    const stream = new ListenStream(this.listenHost, ctx, sink);
    this.listeners.add(stream);
    return stream;
  }

  openWrite(ctx: CallContext, sink: StreamSink<WriteResponse>): StreamHandle<WriteRequest> {
    return new WriteStream(
      (db, writes) => this.commitSync(ctx, parseResourceName(db).database, writes),
      sink,
    );
  }

  // --- emulator control ----------------------------------------------------------------------

  clear(projectId: string, databaseId?: string): void {
    for (const [database, store] of this.stores) {
      const r = parseResourceName(database);
      if (r.projectId !== projectId || (databaseId !== undefined && r.databaseId !== databaseId))
        continue;
      const changes: DocChange[] = [...store.liveDocs()].map((d) => ({
        name: d.json.name,
        before: d,
        after: null,
      }));
      store.clear();
      this.txns.dropDatabase(database);
      if (changes.length > 0) this.notify(database, changes, this.clock.commitTime());
    }
  }

  exportData(): FirestoreExport {
    return exportStores(this.stores);
  }

  importData(data: FirestoreExport): void {
    const d = validateExport(data);
    for (const db of d.databases) {
      const database = `projects/${db.projectId}/databases/${db.databaseId}`;
      const store = this.store(database);
      store.clear();
      for (const raw of db.documents) {
        const doc = importDocument(raw);
        if (parseDocumentName(doc.json.name).database !== database) {
          throw invalidArgument(`Imported document ${doc.json.name} is not in ${database}.`);
        }
        store.put(doc.json.name, doc, doc.updateNs, 0n);
        this.clock.observe(doc.updateNs);
      }
    }
  }

  /** Current document by name or rules path (`/databases/d/documents/...`), for storage rules. */
  lookup(projectId: string, databaseId: string, path: string): Document | null {
    const database = `projects/${projectId}/databases/${databaseId}`;
    let name = toDocumentName(path, projectId);
    if (!name.startsWith('projects/')) name = `${database}/documents/${name.replace(/^\/+/, '')}`;
    try {
      if (parseDocumentName(name).database !== database) return null;
    } catch {
      return null;
    }
    return this.stores.get(database)?.get(name)?.json ?? null;
  }
}
