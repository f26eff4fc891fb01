/**
 * The slice of the FirestoreEngine contract (DESIGN.md) that the transport calls. Declared here
 * structurally so the transport depends on the contract, not on the engine's implementation
 * details; the real `FirestoreEngine` from src/firestore satisfies it.
 */
import type { Msg } from './codec.js';

export interface CallContext {
  /** 'owner' bearer token (admin SDK, rules-unit-testing withSecurityRulesDisabled): bypass rules. */
  admin: boolean;
  /** Decoded ID-token payload when a JWT bearer token was sent; null when signed out. */
  auth: { uid: string; token: Record<string, unknown> } | null;
}

export interface StreamSink<T> {
  send(msg: T): void;
  error(err: { code: number; message: string }): void;
  end(): void;
}

export interface StreamHandle<T> {
  write(msg: T): void;
  close(): void;
}

/** Method syntax on purpose: parameters are checked bivariantly, so the engine's precisely
 * typed request objects satisfy this loose `Msg` form. */
export interface EngineApi {
  getDocument(ctx: CallContext, req: Msg): Promise<Msg>;
  listDocuments(ctx: CallContext, req: Msg): Promise<Msg>;
  createDocument(ctx: CallContext, req: Msg): Promise<Msg>;
  updateDocument(ctx: CallContext, req: Msg): Promise<Msg>;
  deleteDocument(ctx: CallContext, req: Msg): Promise<void | Msg>;
  batchGetDocuments(ctx: CallContext, req: Msg): Promise<Msg[]>;
  beginTransaction(ctx: CallContext, req: Msg): Promise<Msg>;
  commit(ctx: CallContext, req: Msg): Promise<Msg>;
  batchWrite(ctx: CallContext, req: Msg): Promise<Msg>;
  rollback(ctx: CallContext, req: Msg): Promise<void | Msg>;
  runQuery(ctx: CallContext, req: Msg): Promise<Msg[]>;
  runAggregationQuery(ctx: CallContext, req: Msg): Promise<Msg[]>;
  listCollectionIds(ctx: CallContext, req: Msg): Promise<Msg>;
  openListen(ctx: CallContext, sink: StreamSink<Msg>): StreamHandle<Msg>;
  openWrite(ctx: CallContext, sink: StreamSink<Msg>): StreamHandle<Msg>;
  clear(projectId: string, databaseId?: string): void;
  setRules(projectId: string, files: { name?: string; content: string }[]): void;
  /** Billable document reads per project (src/firestore/read-counter.ts). */
  readonly reads: {
    get(projectId: string): { total: number; databases: Record<string, number> };
    reset(projectId: string): void;
  };
}

/** Unary engine methods by gRPC method name; streaming ones return arrays. */
export const UNARY_METHODS = {
  GetDocument: 'getDocument',
  ListDocuments: 'listDocuments',
  CreateDocument: 'createDocument',
  UpdateDocument: 'updateDocument',
  DeleteDocument: 'deleteDocument',
  BatchGetDocuments: 'batchGetDocuments',
  BeginTransaction: 'beginTransaction',
  Commit: 'commit',
  BatchWrite: 'batchWrite',
  Rollback: 'rollback',
  RunQuery: 'runQuery',
  RunAggregationQuery: 'runAggregationQuery',
  ListCollectionIds: 'listCollectionIds',
} as const satisfies Record<string, keyof EngineApi>;

export type UnaryMethodName = keyof typeof UNARY_METHODS;
