import { Code, invalidArgument, RpcError } from './errors.js';
import {
  deleteField,
  getField,
  parseDocumentName,
  parseFieldPath,
  setField,
  validateDocumentId,
} from './paths.js';
import type { StoredDoc } from './store.js';
import { formatMicros, parseTimestamp } from './timestamps.js';
import { applyTransform } from './transforms.js';
import type { Fields, FieldTransform, Precondition, Value, Write, WriteResult } from './types.js';
import {
  documentSize,
  fieldsIdentical,
  normalizeFields,
  validateWritableFields,
} from './values.js';

export const MAX_WRITES_PER_COMMIT = 500;
export const MAX_DOCUMENT_SIZE = 1_048_576;

export interface PlannedWrite {
  name: string;
  kind: 'create' | 'update' | 'delete' | 'verify';
  /** State before this write (earlier writes of the same batch included). */
  before: StoredDoc | null;
  after: StoredDoc | null;
  result: WriteResult;
}

export function writeTarget(w: Write): string {
  const kinds =
    (w.update ? 1 : 0) +
    (w.delete !== undefined ? 1 : 0) +
    (w.transform ? 1 : 0) +
    (w.verify !== undefined ? 1 : 0);
  if (kinds !== 1)
    throw invalidArgument(
      'Each write must set exactly one of update, delete, transform or verify.',
    );
  const name = w.update
    ? w.update.name
    : w.delete !== undefined
      ? w.delete
      : w.verify !== undefined
        ? w.verify
        : w.transform!.document;
  const r = parseDocumentName(name);
  for (let i = 1; i < r.segments.length; i += 2) validateDocumentId(r.segments[i], name);
  return name;
}

function checkPrecondition(p: Precondition | undefined, name: string, cur: StoredDoc | null): void {
  if (!p) return;
  if (p.exists !== undefined && p.updateTime !== undefined) {
    throw invalidArgument('Precondition can set only one of exists or updateTime.');
  }
  if (p.exists === true && !cur)
    throw new RpcError(Code.NOT_FOUND, `No document to update: ${name}`);
  if (p.exists === false && cur)
    throw new RpcError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
  if (p.updateTime !== undefined) {
    const want = parseTimestamp(p.updateTime);
    const have = cur ? cur.updateNs : 0n;
    if (want !== have) {
      // Same wording (microsecond versions) as the backend.
      throw new RpcError(
        Code.FAILED_PRECONDITION,
        `the stored version (${have / 1000n}) does not match the required base version (${want / 1000n})`,
      );
    }
  }
}

function applyTransforms(
  fields: Fields,
  transforms: FieldTransform[] | undefined,
  commitNs: bigint,
): { fields: Fields; results?: Value[] } {
  if (!transforms || transforms.length === 0) return { fields };
  const results: Value[] = [];
  let out = fields;
  for (const t of transforms) {
    const segs = parseFieldPath(t.fieldPath);
    const { value, result } = applyTransform(getField(out, segs), t, commitNs);
    out = setField(out, segs, value);
    results.push(result);
  }
  return { fields: out, results };
}

/** Computes one write's effect on `cur`; throws the error the backend would. Pure. */
export function planWrite(w: Write, cur: StoredDoc | null, commitNs: bigint): PlannedWrite {
  const name = writeTarget(w);
  checkPrecondition(w.currentDocument, name, cur);
  if (w.delete !== undefined) {
    return { name, kind: 'delete', before: cur, after: null, result: {} };
  }
  if (w.verify !== undefined) {
    return { name, kind: 'verify', before: cur, after: cur, result: {} };
  }
  let fields: Fields;
  let transforms: FieldTransform[] | undefined;
  if (w.update) {
    const given = normalizeFields(w.update.fields);
    validateWritableFields(given, name);
    if (w.updateMask) {
      fields = cur ? cur.json.fields : {};
      for (const p of w.updateMask.fieldPaths ?? []) {
        const segs = parseFieldPath(p);
        const v = getField(given, segs);
        // A mask path absent from the update deletes that field.
        fields = v === undefined ? deleteField(fields, segs) : setField(fields, segs, v);
      }
    } else {
      fields = given;
    }
    transforms = w.updateTransforms;
  } else {
    fields = cur ? cur.json.fields : {};
    transforms = w.transform!.fieldTransforms;
  }
  const applied = applyTransforms(fields, transforms, commitNs);
  fields = applied.fields;

  const kind = cur ? 'update' : 'create';
  if (cur && fieldsIdentical(cur.json.fields, fields)) {
    // The backend reports the previous update time for a write that changes nothing.
    const result: WriteResult = { updateTime: cur.json.updateTime };
    if (applied.results) result.transformResults = applied.results;
    return { name, kind, before: cur, after: cur, result };
  }
  const size = documentSize(name, fields);
  if (size > MAX_DOCUMENT_SIZE) {
    throw invalidArgument(
      `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
    );
  }
  const time = formatMicros(commitNs);
  const after: StoredDoc = {
    json: { name, fields, createTime: cur ? cur.json.createTime : time, updateTime: time },
    createNs: cur ? cur.createNs : commitNs,
    updateNs: commitNs,
  };
  const result: WriteResult = { updateTime: time };
  if (applied.results) result.transformResults = applied.results;
  return { name, kind, before: cur, after, result };
}

/**
 * Plans a whole batch against `lookup` (the committed state); later writes see earlier ones.
 * Nothing is applied here, so a failing write leaves the store untouched (atomic commit).
 */
export function planBatch(
  writes: Write[],
  lookup: (name: string) => StoredDoc | null,
  commitNs: bigint,
): { planned: PlannedWrite[]; overlay: Map<string, StoredDoc | null> } {
  if (writes.length > MAX_WRITES_PER_COMMIT) {
    throw invalidArgument(`A maximum of ${MAX_WRITES_PER_COMMIT} writes allowed per request`);
  }
  const overlay = new Map<string, StoredDoc | null>();
  const planned: PlannedWrite[] = [];
  for (const w of writes) {
    const name = writeTarget(w);
    const cur = overlay.has(name) ? overlay.get(name)! : lookup(name);
    const p = planWrite(w, cur, commitNs);
    overlay.set(name, p.after);
    planned.push(p);
  }
  return { planned, overlay };
}
