import { invalidArgument } from './errors.js';
import { formatTimestamp } from './timestamps.js';
import type { FieldTransform, Value } from './types.js';
import {
  arrayContains,
  compareNumbers,
  INT64_MAX,
  INT64_MIN,
  isNaNValue,
  isNumber,
  normalizeValue,
  toDouble,
} from './values.js';

export interface TransformOutcome {
  /** New field value. */
  value: Value;
  /** What Commit reports in transformResults. */
  result: Value;
}

function numericOperand(v: unknown, what: string): Value {
  const n = normalizeValue(v);
  if (!isNumber(n)) throw invalidArgument(`${what} operand must be a number (integer or double).`);
  return n;
}

function increment(cur: Value | undefined, op: Value): Value {
  if (!isNumber(cur)) return op;
  const c = cur as Value;
  if (c.integerValue !== undefined && op.integerValue !== undefined) {
    // Firestore saturates integer overflow at the int64 bounds.
    let s = BigInt(c.integerValue) + BigInt(op.integerValue);
    if (s > INT64_MAX) s = INT64_MAX;
    if (s < INT64_MIN) s = INT64_MIN;
    return { integerValue: s.toString() };
  }
  return { doubleValue: toDouble(c) + toDouble(op) };
}

function extreme(cur: Value | undefined, op: Value, wantMax: boolean): Value {
  if (!isNumber(cur)) return op;
  const c = cur as Value;
  if (isNaNValue(c) || isNaNValue(op)) return { doubleValue: NaN };
  const cmp = compareNumbers(op, c);
  // Equivalent operands (3 vs 3.0, 0 vs -0.0) leave the stored value untouched.
  if (cmp === 0) return c;
  return (wantMax ? cmp > 0 : cmp < 0) ? op : c;
}

/** Applies one FieldTransform to the current value of its field. */
export function applyTransform(
  cur: Value | undefined,
  t: FieldTransform,
  commitNs: bigint,
): TransformOutcome {
  if (t.setToServerValue !== undefined) {
    if (t.setToServerValue !== 'REQUEST_TIME') {
      throw invalidArgument(`Unsupported server value: ${t.setToServerValue}`);
    }
    const v = { timestampValue: formatTimestamp(commitNs) };
    return { value: v, result: v };
  }
  if (t.increment !== undefined) {
    const v = increment(cur, numericOperand(t.increment, 'increment'));
    return { value: v, result: v };
  }
  if (t.maximum !== undefined) {
    const v = extreme(cur, numericOperand(t.maximum, 'maximum'), true);
    return { value: v, result: v };
  }
  if (t.minimum !== undefined) {
    const v = extreme(cur, numericOperand(t.minimum, 'minimum'), false);
    return { value: v, result: v };
  }
  if (t.appendMissingElements !== undefined) {
    const out = [...(cur?.arrayValue?.values ?? [])];
    for (const raw of t.appendMissingElements.values ?? []) {
      const e = normalizeValue(raw, 1, true);
      if (!arrayContains(out, e)) out.push(e);
    }
    return { value: { arrayValue: { values: out } }, result: { nullValue: null } };
  }
  if (t.removeAllFromArray !== undefined) {
    const remove = (t.removeAllFromArray.values ?? []).map((raw) => normalizeValue(raw, 1, true));
    const out = (cur?.arrayValue?.values ?? []).filter((e) => !arrayContains(remove, e));
    return { value: { arrayValue: { values: out } }, result: { nullValue: null } };
  }
  throw invalidArgument(`Field transform for ${t.fieldPath} has no transform type set.`);
}
