/**
 * The browser's side of the rate limits (docs/data-model.md "Rate limits"): before a like or an
 * upload, one unit of the user's users/{uid}/limits/{action} window is spent in the same
 * transaction (likes) or just before (uploads), as firestore.rules demand. The next window state
 * comes from @notenest/shared's nextWindow, the rules' own arithmetic.
 */
import {
  RATE_LIMITS,
  RATE_LIMIT_MESSAGES,
  RATE_WINDOW_MS,
  nextWindow,
  type NextWindow,
  type RateAction,
} from '@notenest/shared';
import { AppError, toAppError } from '../errors/app-error';
import type {
  FirestoreHandle,
  FirestoreTransaction as Transaction,
  LiveFirestoreHandle,
} from '../firebase';

/** The limit is reached: an AppError of kind `rate-limited` whose message says what to do. */
export function rateLimitError(action: RateAction): AppError {
  return new AppError('rate-limited', RATE_LIMIT_MESSAGES[action]);
}

/**
 * How the window's end is read: by this device's clock, or (`flip`) the other way round, for the
 * retry when the server's clock, which the rules use, saw the boundary on the other side. `seen`
 * records the window start read, for deciding whether a retry can help.
 */
export interface WindowReading {
  flip: boolean;
  seen: { startMs?: number };
}

/** Within this distance of a window's end, the device's and the server's clocks may disagree. */
const CLOCK_SLACK_MS = 15_000;

function flipped(action: RateAction, count: number, next: NextWindow): NextWindow {
  if (next.kind !== 'new') return { kind: 'new' };
  return count >= RATE_LIMITS[action]
    ? { kind: 'limited', retryInMs: 0 }
    : { kind: 'same', count: count + 1 };
}

/**
 * Reads the user's `action` window in `tx` and returns the write that spends one unit on `key`
 * (do it after the transaction's other reads). Throws a `rate-limited` AppError when the limit is reached.
 */
export async function spendInTransaction(
  handle: FirestoreHandle | LiveFirestoreHandle,
  tx: Transaction,
  uid: string,
  action: RateAction,
  key: string,
  reading: WindowReading = { flip: false, seen: {} },
): Promise<() => void> {
  // Sound: each SDK is only given its own instance and transaction (see shared/firebase/firestore-any.ts).
  const { db, sdk } = handle as FirestoreHandle;
  const ref = sdk.doc(db, 'users', uid, 'limits', action);
  const data = (await tx.get(ref)).data();
  const start: unknown = data?.['windowStart'];
  const count = typeof data?.['count'] === 'number' ? data['count'] : 0;
  const current = start instanceof sdk.Timestamp ? { startMs: start.toMillis(), count } : null;
  if (current) reading.seen.startMs = current.startMs;
  let next = nextWindow(action, current, Date.now());
  if (reading.flip && current) next = flipped(action, count, next);
  if (next.kind === 'limited') throw rateLimitError(action);
  const at = sdk.serverTimestamp();
  return () =>
    tx.set(
      ref,
      next.kind === 'new'
        ? { windowStart: at, count: 1, at, key }
        : { windowStart: start, count: next.count, at, key },
    );
}

/**
 * Runs `attempt` with the device clock's reading of the window; when the rules refuse it and the
 * window it read ends about now, once more with the other reading.
 */
export async function withRateLimit<T>(
  attempt: (reading: WindowReading) => Promise<T>,
): Promise<T> {
  const seen: WindowReading['seen'] = {};
  try {
    return await attempt({ flip: false, seen });
  } catch (error) {
    const { startMs } = seen;
    const nearEnd =
      startMs !== undefined && Math.abs(startMs + RATE_WINDOW_MS - Date.now()) < CLOCK_SLACK_MS;
    if (toAppError(error).code !== 'permission-denied' || !nearEnd) throw error;
    return attempt({ flip: true, seen });
  }
}
