/**
 * Request validation with the payload schemas of `@notenest/shared` (schemas/requests.ts): the
 * same schemas the web app checks its forms with. `validate()` parses the listed parts of a
 * request and answers 400 `{ success: false, message, errors }` on problems: `message` is the first
 * problem as its schema words it (the spec's texts, shown to users as they are), `errors` all of
 * them with where they were found. `valid()` gives the parsed, typed values.
 *
 *   const review = { params: idParams('id'), body: reviewBody };
 *   router.put('/admin/notes/:id/review', validate(review), async (_req, res) => {
 *     const { params, body } = valid(res, review);
 *   });
 */
import type { RequestHandler, Response } from 'express';
import type * as z from 'zod/mini';
import { HttpError } from './errors.js';

export interface RequestSchemas {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
}

export type Parsed<S extends RequestSchemas> = {
  [K in keyof S]: S[K] extends z.ZodMiniType ? z.output<S[K]> : never;
};

const PARTS = ['params', 'query', 'body'] as const;

export function validate(schemas: RequestSchemas): RequestHandler {
  return (req, res, next) => {
    const parsed: Record<string, unknown> = {};
    const errors: string[] = [];
    let message: string | undefined;
    for (const part of PARTS) {
      const schema = schemas[part];
      if (!schema) continue;
      let input: unknown = req[part];
      if (part === 'body') {
        // express.json leaves the body undefined without a JSON content type: no fields sent.
        input ??= {};
        if (typeof input !== 'object' || input === null || Array.isArray(input)) {
          next(new HttpError(400, 'Expected a JSON object'));
          return;
        }
      }
      const result = schema.safeParse(input);
      if (result.success) {
        parsed[part] = result.data;
        continue;
      }
      for (const issue of result.error.issues) {
        message ??= issue.message;
        errors.push(`${[part, ...issue.path.map(String)].join('.')}: ${issue.message}`);
      }
    }
    if (message !== undefined) {
      next(new HttpError(400, message, errors));
      return;
    }
    // Several validate() steps may guard one route (ids before auth, the body after): merged.
    res.locals['valid'] = { ...(res.locals['valid'] as object | undefined), ...parsed };
    next();
  };
}

/** The values `validate(schemas)` parsed for this request, typed by the same `schemas`. */
export function valid<S extends RequestSchemas>(res: Response, _schemas: S): Parsed<S> {
  return res.locals['valid'] as Parsed<S>;
}

/** Parses one value outside a request's parts (e.g. a service's input); a 400 with its message. */
export function parseOr400<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.output<S>;
  const issues = result.error.issues;
  throw new HttpError(
    400,
    issues[0]?.message ?? 'Invalid request',
    issues.map((i) => i.message),
  );
}
