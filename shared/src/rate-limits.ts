/**
 * The fixed-window rate limit of users/{uid}/limits/{action} (docs/data-model.md "Rate limits"),
 * as firestore.rules judge a spend: a first unit, or one after the window is over, starts a new
 * window (`windowStart` = now, count 1); within the window the count goes up by one, up to the
 * action's limit. Pure: the web app and functions compute the next state with it.
 */
import { RATE_LIMITS, RATE_WINDOW_MS, type RateAction } from './constants.js';

export type NextWindow =
  { kind: 'new' } | { kind: 'same'; count: number } | { kind: 'limited'; retryInMs: number };

/** What spending one unit at `nowMs` does to a window that started at `startMs` with `count`. */
export function nextWindow(
  action: RateAction,
  current: { startMs: number; count: number } | null,
  nowMs: number,
): NextWindow {
  if (!current || !Number.isFinite(current.startMs) || nowMs >= current.startMs + RATE_WINDOW_MS)
    return { kind: 'new' };
  if (current.count >= RATE_LIMITS[action])
    return { kind: 'limited', retryInMs: current.startMs + RATE_WINDOW_MS - nowMs };
  return { kind: 'same', count: current.count + 1 };
}
