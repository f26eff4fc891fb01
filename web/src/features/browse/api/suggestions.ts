/**
 * Search suggestions, computed on the client from what Browse already holds: the filter options
 * (`meta/filterOptions`: every subject, course and college of an approved note) and the titles of
 * the notes loaded so far. No extra reads, so typing never costs a query beyond the list's own.
 */
import { SUGGESTION_MAX, SUGGESTION_MIN_CHARS, tokenize } from '@notenest/shared';

/**
 * Up to `max` candidates matching `text` (shown only from SUGGESTION_MIN_CHARS characters):
 * every typed word must be the start of a word of the candidate, the same prefix rule as the
 * search itself, so a suggestion never leads to an empty result for its own words. Candidates
 * whose text starts with what was typed come first; otherwise the given order is kept
 * (subjects, courses, colleges, then titles). Duplicates (ignoring case) and a candidate equal
 * to the typed text are left out.
 */
export function suggestionsFor(
  text: string,
  candidates: Iterable<string>,
  max: number = SUGGESTION_MAX,
): string[] {
  const typed = text.trim();
  if ([...typed].length < SUGGESTION_MIN_CHARS) return [];
  const tokens = [...new Set(tokenize(typed))];
  if (tokens.length === 0) return [];
  const typedLower = typed.toLowerCase();
  const seen = new Set<string>([typedLower]);
  const starts: string[] = [];
  const others: string[] = [];
  for (const candidate of candidates) {
    const key = candidate.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    const words = tokenize(candidate);
    if (!tokens.every((t) => words.some((w) => w.startsWith(t)))) continue;
    seen.add(key);
    (key.startsWith(typedLower) ? starts : others).push(candidate.trim());
    if (starts.length >= max) break;
  }
  return [...starts, ...others].slice(0, max);
}

/** A filter dropdown's options narrowed by what was typed: case-insensitive "contains". */
export function matchOptions<T extends string | number>(options: readonly T[], typed: string): T[] {
  const q = typed.trim().toLowerCase();
  return q === '' ? [...options] : options.filter((o) => String(o).toLowerCase().includes(q));
}
