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

type Unary<Res> = (ctx: CallContext, req: Msg) => Promise<Res>;

export interface EngineApi {
  getDocument: Unary<Msg>;
  listDocuments: Unary<Msg>;
  createDocument: Unary<Msg>;
  updateDocument: Unary<Msg>;
  deleteDocument: Unary<void | Msg>;
  batchGetDocuments: Unary<Msg[]>;
  beginTransaction: Unary<Msg>;
  commit: Unary<Msg>;
  batchWrite: Unary<Msg>;
  rollback: Unary<void | Msg>;
  runQuery: Unary<Msg[]>;
  runAggregationQuery: Unary<Msg[]>;
  listCollectionIds: Unary<Msg>;
  openListen(ctx: CallContext, sink: StreamSink<Msg>): StreamHandle<Msg>;
  openWrite(ctx: CallContext, sink: StreamSink<Msg>): StreamHandle<Msg>;
  clear(projectId: string, databaseId?: string): void;
  setRules(projectId: string, files: { name?: string; content: string }[]): void;
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
