/**
 * Internal JSON shapes (proto3 JSON mapping of google.firestore.v1, see DESIGN.md).
 * Kept loose (all-optional members instead of strict unions) because requests come straight from
 * decoded client messages and every member must be checked at runtime anyway.
 */

export interface LatLng {
  latitude?: number;
  longitude?: number;
}

export interface Value {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: LatLng;
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Record<string, Value> };
}

export type Fields = Record<string, Value>;

export interface Document {
  name: string;
  fields?: Fields;
  createTime?: string;
  updateTime?: string;
}

export interface DocumentMask {
  fieldPaths?: string[];
}

export interface Precondition {
  exists?: boolean;
  updateTime?: string;
}

export interface FieldTransform {
  fieldPath: string;
  setToServerValue?: string;
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

export interface Write {
  update?: Document;
  delete?: string;
  /** Only checks `currentDocument` (web SDK transactions send it for documents read, not written). */
  verify?: string;
  transform?: { document: string; fieldTransforms?: FieldTransform[] };
  updateMask?: DocumentMask;
  updateTransforms?: FieldTransform[];
  currentDocument?: Precondition;
}

export interface WriteResult {
  updateTime?: string;
  transformResults?: Value[];
}

export interface FieldReference {
  fieldPath: string;
}

export interface FieldFilter {
  field: FieldReference;
  op: string;
  value: Value;
}

export interface UnaryFilter {
  op: string;
  field: FieldReference;
}

export interface CompositeFilter {
  op: string;
  filters?: Filter[];
}

export interface Filter {
  compositeFilter?: CompositeFilter;
  fieldFilter?: FieldFilter;
  unaryFilter?: UnaryFilter;
}

export interface Order {
  field: FieldReference;
  direction?: string;
}

export interface Cursor {
  values?: Value[];
  before?: boolean;
}

export interface CollectionSelector {
  collectionId?: string;
  allDescendants?: boolean;
}

export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: CollectionSelector[];
  where?: Filter;
  orderBy?: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: number | { value?: number };
}

export interface TransactionOptions {
  readOnly?: { readTime?: string };
  readWrite?: { retryTransaction?: string };
}

export interface Aggregation {
  alias?: string;
  count?: { upTo?: string | number };
  sum?: { field: FieldReference };
  avg?: { field: FieldReference };
}

export interface StructuredAggregationQuery {
  structuredQuery?: StructuredQuery;
  aggregations?: Aggregation[];
}

export interface BatchGetDocumentsRequest {
  database: string;
  documents?: string[];
  mask?: DocumentMask;
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface BatchGetDocumentsResponse {
  found?: Document;
  missing?: string;
  transaction?: string;
  readTime?: string;
}

export interface RunQueryRequest {
  parent: string;
  structuredQuery?: StructuredQuery;
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface RunQueryResponse {
  document?: Document;
  transaction?: string;
  readTime?: string;
  skippedResults?: number;
  done?: boolean;
}

export interface RunAggregationQueryRequest {
  parent: string;
  structuredAggregationQuery?: StructuredAggregationQuery;
  transaction?: string;
  newTransaction?: TransactionOptions;
  readTime?: string;
}

export interface RunAggregationQueryResponse {
  result?: { aggregateFields?: Record<string, Value> };
  transaction?: string;
  readTime?: string;
}

export interface Target {
  targetId?: number;
  query?: { parent: string; structuredQuery?: StructuredQuery };
  documents?: { documents?: string[] };
  resumeToken?: string;
  readTime?: string;
  once?: boolean;
  expectedCount?: number;
}

export interface ListenRequest {
  database?: string;
  addTarget?: Target;
  removeTarget?: number;
  labels?: Record<string, string>;
}

export interface Status {
  code: number;
  message?: string;
}

export interface TargetChange {
  targetChangeType?: string;
  targetIds?: number[];
  cause?: Status;
  resumeToken?: string;
  readTime?: string;
}

export interface ListenResponse {
  targetChange?: TargetChange;
  documentChange?: { document: Document; targetIds?: number[]; removedTargetIds?: number[] };
  documentDelete?: { document: string; removedTargetIds?: number[]; readTime?: string };
  documentRemove?: { document: string; removedTargetIds?: number[]; readTime?: string };
  filter?: { targetId: number; count: number };
}

export interface WriteRequest {
  database?: string;
  streamId?: string;
  writes?: Write[];
  streamToken?: string;
  labels?: Record<string, string>;
}

export interface WriteResponse {
  streamId?: string;
  streamToken?: string;
  writeResults?: WriteResult[];
  commitTime?: string;
}
