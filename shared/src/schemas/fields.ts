/**
 * Field schemas the document and request schemas are made of. zod/mini: tree-shaken to a few KB in
 * the routes that validate (the editor, the facade), nothing in the others.
 */
import * as z from 'zod/mini';
import { HTTP_URL, charLength, isDocId } from '../text.js';

/** What both `firebase/firestore` and `firebase-admin/firestore` Timestamps provide. */
export interface TimestampLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  toDate(): Date;
  toMillis(): number;
}

export const timestamp = z.custom<TimestampLike>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as TimestampLike).toMillis === 'function' &&
    typeof (v as TimestampLike).seconds === 'number',
  'expected a timestamp',
);

/** A document id (or a uid). */
export const docId = z.custom<string>(isDocId, 'is not a valid id');

/** A whole number >= 0: counters. */
export const count = z.int().check(z.gte(0));

/** A string of `min` to `max` characters, counted as the rules count them (code points). */
export function chars(min: number, max: number) {
  return z.string().check(
    z.refine((v) => {
      const n = charLength(v);
      return n >= min && n <= max;
    }, `must be ${min} to ${max} characters`),
  );
}

/** An http(s) URL of at most `max` characters. */
export function httpUrl(max: number, message = 'must be an http(s) URL') {
  return z.string().check(z.regex(HTTP_URL, message), z.maxLength(max, message));
}

/** A request's text field: trimmed; '' when absent or blank; `label` names it in messages. */
export function formText(
  label: string,
  { min, max }: { min: number; max: number },
  required: boolean,
) {
  return z.pipe(
    z.pipe(
      z.nullish(z.string({ error: `${label} must be text` })),
      z.transform((v) => (v ?? '').trim()),
    ),
    z.string().check(
      z.refine((v) => !required || v !== '', `${label} is required`),
      z.refine(
        (v) => v === '' || charLength(v) >= min,
        `${label} must be at least ${min} characters`,
      ),
      z.refine((v) => charLength(v) <= max, `${label} must be at most ${max} characters`),
    ),
  );
}

/** An optional query-string text: trimmed, undefined when absent or blank. */
export function queryText(key: string, max: number) {
  return z.pipe(
    z.optional(z.string({ error: `${key} must be text` })),
    z.pipe(
      z.transform((v: string | undefined) => (v?.trim() ? v.trim() : undefined)),
      z.optional(z.string().check(z.maxLength(max, `${key} must be at most ${max} characters`))),
    ),
  );
}

/** An optional whole number in [min, max], sent as a number or as digits (query strings). */
export function queryInt(key: string, min: number, max: number) {
  const message = `${key} must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.transform((v: unknown) =>
      v === undefined || v === ''
        ? undefined
        : typeof v === 'string' && /^\d+$/.test(v)
          ? Number(v)
          : v,
    ),
    z.optional(z.int({ error: message }).check(z.gte(min, message), z.lte(max, message))),
  );
}

/** An optional boolean sent as true/false or "true"/"false". */
export function queryBoolean(key: string) {
  return z.pipe(
    z.transform((v: unknown) =>
      v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v,
    ),
    z.optional(z.boolean({ error: `${key} must be true or false` })),
  );
}
