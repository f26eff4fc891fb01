/**
 * Request validation for feature routes. A schema is a function that either returns the parsed,
 * typed value or a list of problems; `validate()` runs it over one part of the request and answers
 * 400 `{ success: false, message, errors }` on problems. Parsed values go to `res.locals.valid`.
 *
 *   router.put('/notes/:id/review', validate({ body: reviewBody }), (req, res) => {
 *     const { body } = valid<{ body: Review }>(res);
 *   });
 */
import type { RequestHandler, Response } from 'express';
import { HttpError } from './errors.js';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };
export type Schema<T> = (input: unknown) => ParseResult<T>;

export interface RequestSchemas {
  params?: Schema<unknown>;
  query?: Schema<unknown>;
  body?: Schema<unknown>;
}

export function validate(schemas: RequestSchemas): RequestHandler {
  return (req, res, next) => {
    const parsed: Record<string, unknown> = {};
    const errors: string[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema(req[part]);
      if (result.ok) parsed[part] = result.value;
      else errors.push(...result.errors.map((e) => `${part}: ${e}`));
    }
    if (errors.length) {
      next(new HttpError(400, errors[0] ?? 'Invalid request', errors));
      return;
    }
    res.locals['valid'] = parsed;
    next();
  };
}

/** The values `validate()` parsed for this request. */
export function valid<T>(res: Response): T {
  return res.locals['valid'] as T;
}

/** A schema for a plain object whose listed keys are each parsed by a field parser. */
export function object<T extends Record<string, unknown>>(fields: {
  [K in keyof T]: (value: unknown, key: string) => ParseResult<T[K]>;
}): Schema<T> {
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return { ok: false, errors: ['expected an object'] };
    const out: Record<string, unknown> = {};
    const errors: string[] = [];
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      const r = fields[key]((input as Record<string, unknown>)[key], key);
      if (r.ok) {
        if (r.value !== undefined) out[key] = r.value;
      } else errors.push(...r.errors);
    }
    return errors.length ? { ok: false, errors } : { ok: true, value: out as T };
  };
}

/** Field parser: an optional boolean given as true/false or the strings "true"/"false". */
export function optionalBoolean(value: unknown, key: string): ParseResult<boolean | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (value === true || value === 'true') return { ok: true, value: true };
  if (value === false || value === 'false') return { ok: true, value: false };
  return { ok: false, errors: [`${key} must be true or false`] };
}

/** Field parser factory: an optional string (trimmed), at most `max` characters. */
export function optionalString(max: number) {
  return (value: unknown, key: string): ParseResult<string | undefined> => {
    if (value === undefined || value === '') return { ok: true, value: undefined };
    if (typeof value !== 'string') return { ok: false, errors: [`${key} must be text`] };
    const v = value.trim();
    if (v.length > max) return { ok: false, errors: [`${key} must be at most ${max} characters`] };
    return { ok: true, value: v === '' ? undefined : v };
  };
}

/** Field parser factory: an optional whole number in [min, max], given as a number or digits. */
export function optionalInt(min: number, max: number) {
  return (value: unknown, key: string): ParseResult<number | undefined> => {
    if (value === undefined || value === '') return { ok: true, value: undefined };
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\d+$/.test(value)
          ? +value
          : NaN;
    if (!Number.isInteger(n) || n < min || n > max)
      return { ok: false, errors: [`${key} must be a whole number from ${min} to ${max}`] };
    return { ok: true, value: n };
  };
}

/** Field parser factory: one of the listed strings, or `fallback` when absent. */
export function oneOf<T extends string>(values: readonly T[], fallback: T) {
  return (value: unknown, key: string): ParseResult<T> => {
    if (value === undefined || value === '') return { ok: true, value: fallback };
    if (typeof value === 'string' && (values as readonly string[]).includes(value))
      return { ok: true, value: value as T };
    return { ok: false, errors: [`${key} must be one of ${values.join(', ')}`] };
  };
}

/**
 * Document ids in paths: Firestore auto ids and Auth uids (letters, digits, - and _). Ids that
 * Firestore reserves (`__name__`, `__proto__`: any `__...__`) are refused here, not by a 500 from
 * Firestore.
 */
export function id(value: unknown, key: string): ParseResult<string> {
  if (typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) && !/^__.*__$/.test(value))
    return { ok: true, value };
  return { ok: false, errors: [`${key} is not a valid id`] };
}

/** Params schema: every listed route parameter is an id. */
export function ids(...keys: string[]): Schema<Record<string, string>> {
  return object(Object.fromEntries(keys.map((k) => [k, id])) as never);
}
