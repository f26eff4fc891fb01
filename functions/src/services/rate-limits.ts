/**
 * Rate limits for what the facade writes on a user's behalf (comments, likes, uploads): the same
 * users/{uid}/limits/{action} documents and the same fixed one-minute windows that
 * firestore.rules enforce for the browser's direct likes and uploads, so a user has one budget
 * per action whichever way they write.
 */
import { RATE_LIMIT_MESSAGES, nextWindow, type RateAction } from '@notenest/shared';
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';

/**
 * The limit document after spending one unit of `action` on `key`, from its current snapshot.
 * Throws a 429 with the user-facing message when the limit is reached.
 */
export function spentLimit(snap: DocumentSnapshot, action: RateAction, key: string): DocumentData {
  const start = snap.get('windowStart') as unknown;
  const count = snap.get('count') as unknown;
  const now = Timestamp.now();
  const next = nextWindow(
    action,
    start instanceof Timestamp && typeof count === 'number'
      ? { startMs: start.toMillis(), count }
      : null,
    now.toMillis(),
  );
  if (next.kind === 'limited') throw new HttpError(429, RATE_LIMIT_MESSAGES[action]);
  return {
    windowStart: next.kind === 'new' ? now : start,
    count: next.kind === 'new' ? 1 : next.count,
    at: now,
    key,
  };
}

export function limitRef(uid: string, action: RateAction): DocumentReference {
  return db().doc(`users/${uid}/limits/${action}`);
}

/**
 * Spends one unit of `uid`'s `action` limit on `key` inside `tx` (read first: call before the
 * transaction's writes). Throws a 429 with the user-facing message when the limit is reached.
 */
export async function spendLimit(
  tx: Transaction,
  uid: string,
  action: RateAction,
  key: string,
): Promise<() => void> {
  const ref = limitRef(uid, action);
  const spent = spentLimit(await tx.get(ref), action, key);
  // The write is returned so the caller does it after all of its own reads.
  return () => tx.set(ref, spent);
}
