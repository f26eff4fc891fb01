/**
 * The serializable vocabulary shared by every client driver (admin, web SDK in Node, web SDK in
 * Chromium). Values cross `page.evaluate`, so SDK objects are encoded as tagged plain objects;
 * each driver converts them to and from its own SDK types. One vocabulary lets the same
 * scenario run unchanged through all three clients.
 *
 * Tagged values (anything else is plain JSON; JS numbers follow the SDK's int/double choice):
 *   {$ts:[seconds,nanos]} Timestamp   {$geo:[lat,lng]} GeoPoint   {$bytes:'base64'} bytes
 *   {$ref:'coll/doc'} DocumentReference (in the driver's own project)
 * Write sentinels (inputs only):
 *   {$serverTimestamp:true} {$increment:n} {$arrayUnion:[..]} {$arrayRemove:[..]}
 *   {$maximum:n} {$minimum:n} {$delete:true}
 */
export type Tagged = unknown;
export type Data = Record<string, Tagged>;

/** A dotted string as the SDK parses it, or explicit FieldPath segments. `__name__` = documentId(). */
export type FieldRef = string | string[];

export type Op =
  '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';

export type Filter =
  { field: FieldRef; op: Op; value: Tagged } | { and: Filter[] } | { or: Filter[] };

/** A cursor from values, or from the snapshot of the document at `doc` (collection-relative path). */
export type Cursor = { values: Tagged[] } | { doc: string };

export interface QuerySpec {
  /** Collection path (e.g. `rooms/r1/messages`), or a collection id when `group` is true. */
  collection: string;
  group?: boolean;
  where?: Filter[];
  orderBy?: [FieldRef, ('asc' | 'desc')?][];
  limit?: number;
  limitToLast?: number;
  /** admin only */
  offset?: number;
  /** admin only */
  select?: FieldRef[];
  startAt?: Cursor;
  startAfter?: Cursor;
  endAt?: Cursor;
  endBefore?: Cursor;
}

export type Aggregations = Record<string, ['count'] | ['sum', FieldRef] | ['avg', FieldRef]>;

export interface SetOptions {
  merge?: boolean;
  mergeFields?: FieldRef[];
}

export type UpdateArg = { data: Data } | { pairs: [FieldRef, Tagged][] };

export type WriteOp =
  | { op: 'set'; path: string; data: Data; options?: SetOptions }
  | ({ op: 'update'; path: string } & UpdateArg)
  | { op: 'delete'; path: string };

export interface DocSnap {
  path: string;
  id: string;
  exists: boolean;
  data?: Data;
  /** web SDK only */
  fromCache?: boolean;
  hasPendingWrites?: boolean;
}

export interface Change {
  type: 'added' | 'modified' | 'removed';
  id: string;
  oldIndex: number;
  newIndex: number;
  data: Data;
}

export interface QuerySnap {
  docs: { id: string; path: string; data: Data }[];
  changes: Change[];
  fromCache?: boolean;
  hasPendingWrites?: boolean;
}

export type ListenTarget = { doc: string } | { query: QuerySpec };

export type ListenEvent =
  | { kind: 'doc'; snap: DocSnap }
  | { kind: 'query'; snap: QuerySnap }
  | { kind: 'error'; code: string; message: string };

/** Result of two transactions run concurrently on one document, each adding 1 to a field. */
export interface ContentionResult {
  attempts: [number, number];
  finalValue: Tagged;
}

export interface WireError {
  code: string;
  message: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: WireError };
