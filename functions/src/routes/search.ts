/**
 * Spec section 7 "Browse": GET /notes (search, subject, course, semester, college; and sort,
 * limit, cursor) and GET /search-suggestions; plus GET /filter-options (the spec does not show
 * that path; the web app may also read meta/filterOptions directly). A search answers
 * `{ success, notes, total, nextCursor, didYouMean? }`, each note with its `snippet` and `page`;
 * 503 with a message when the search index is unreachable (listing without a search still works).
 * A search's answer says in `Server-Timing` how long the index and the read-back (of hits without
 * a card, services/note-search.ts) took.
 */
import { SUGGESTION_MAX, SUGGESTION_MIN_CHARS, notesQuery, suggestQuery } from '@notenest/shared';
import { Router } from 'express';
import { callerOf } from '../http/auth.js';
import { ServerTiming } from '../http/server-timing.js';
import { valid, validate } from '../http/validate.js';
import { readFilterOptions } from '../services/filter-options.js';
import { searchNotes, suggestions } from '../services/note-search.js';

const notes = { query: notesQuery };
const suggest = { query: suggestQuery };

export function searchRoutes(): Router {
  const router = Router();

  router.get('/notes', validate(notes), async (_req, res) => {
    const { query } = valid(res, notes);
    const timing = new ServerTiming();
    const answer = await searchNotes(callerOf(res), query, timing);
    const steps = timing.header();
    if (steps) res.setHeader('Server-Timing', steps);
    res.json({ success: true, ...answer });
  });

  router.get('/search-suggestions', validate(suggest), async (_req, res) => {
    const { query } = valid(res, suggest);
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
