/**
 * Spec section 7 "Browse": GET /notes (search, subject, course, semester, college) and
 * GET /search-suggestions; plus GET /filter-options (the spec does not show that path; the web
 * app may also read meta/filterOptions directly).
 */
import { SUGGESTION_MAX, SUGGESTION_MIN_CHARS } from '@notenest/shared';
import { Router } from 'express';
import { callerOf } from '../http/auth.js';
import { object, oneOf, optionalInt, optionalString, valid, validate } from '../http/validate.js';
import { readFilterOptions } from '../services/filter-options.js';
import { searchNotes, suggestions, type NoteQuery } from '../services/notes.js';

const SORTS = ['createdAt', 'likesCount', 'downloadCount'] as const;

const notesQuery = object<NoteQuery>({
  search: optionalString(200),
  subject: optionalString(120),
  course: optionalString(120),
  semester: optionalInt(1, 8),
  college: optionalString(120),
  sort: oneOf(SORTS, 'createdAt'),
  limit: (v, k) => {
    const r = optionalInt(1, 100)(v, k);
    return r.ok ? { ok: true, value: r.value ?? 50 } : r;
  },
});

const suggestQuery = object<{ query?: string; q?: string; search?: string }>({
  query: optionalString(200),
  q: optionalString(200),
  search: optionalString(200),
});

export function searchRoutes(): Router {
  const router = Router();

  router.get('/notes', validate({ query: notesQuery }), async (_req, res) => {
    const { query } = valid<{ query: NoteQuery }>(res);
    res.json({ success: true, notes: await searchNotes(callerOf(res), query) });
  });

  router.get('/search-suggestions', validate({ query: suggestQuery }), async (_req, res) => {
    const { query } = valid<{ query: { query?: string; q?: string; search?: string } }>(res);
    const typed = query.query ?? query.q ?? query.search ?? '';
    const list =
      typed.length < SUGGESTION_MIN_CHARS ? [] : await suggestions(typed, SUGGESTION_MAX);
    res.json({ success: true, suggestions: list });
  });

  router.get('/filter-options', async (_req, res) => {
    res.json({ success: true, ...(await readFilterOptions()) });
  });
  return router;
}
