/**
 * The app's one error type, and the one way to turn any failure into the words a person reads.
 *
 * Every call the app makes fails in one of a few ways: a server answered with a failure (the
 * facade, Firestore's REST API), no answer came (network), a call needed a session that was gone,
 * the reader's own rate limit, a cancelled upload, an SDK error with a Firebase code, or a check in
 * the browser whose message is already for people. `toAppError` sorts anything thrown into those
 * kinds; `errorMessage` picks the text a screen shows from the spec's texts for that action.
 */

import { NEEDS_CONNECTION, isOffline } from '../utils/connection';

export type AppErrorKind =
  /** A server answered with a failure; `serverMessage` is its own reason, when it gave one. */
  | 'server'
  /** No answer came (the browser's fetch failed). */
  | 'unreachable'
  /** The call needs a signed-in user and there is none. */
  | 'signed-out'
  /** The reader's own rate limit (features' likes, comments, uploads): the message says so. */
  | 'rate-limited'
  /** The user cancelled (an upload). */
  | 'cancelled'
  /** An SDK's error (Auth, Storage, Firestore): `code` is its Firebase code. */
  | 'firebase'
  /** Anything else thrown in the browser; its message is meant for people. */
  | 'client';

export interface AppErrorDetails {
  /** HTTP status of a server's answer. */
  status?: number | null;
  /** A Firebase code (`auth/invalid-credential`) or a server's status name (`NOT_FOUND`). */
  code?: string | null;
  serverMessage?: string | null;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number | null;
  readonly code: string | null;
  readonly serverMessage: string | null;

  constructor(
    readonly kind: AppErrorKind,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AppError';
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.serverMessage = details.serverMessage ?? null;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';

/** The code of an `unreachable` error: Firestore's name for the same failure, so one entry of
 * `ErrorTexts.codes` words both. */
export const UNAVAILABLE = 'unavailable';

/** True when `error` is an AppError (of `kind`, when given). */
export function isAppError(error: unknown, kind?: AppErrorKind): error is AppError {
  return error instanceof AppError && (kind === undefined || error.kind === kind);
}

/** Sorts anything thrown into the app's error kinds (an AppError is returned as it is). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // fetch() rejects with a TypeError when no answer came (offline, refused, CORS).
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return new AppError('unreachable', error.message, { code: UNAVAILABLE, cause: error });
  }
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' ? message.trim() : '';
  if (typeof code === 'string' && code !== '') {
    return new AppError('firebase', text || code, { code, cause: error });
  }
  return new AppError('client', text, { cause: error });
}

/** The texts of one action, from the spec where it has them. */
export interface ErrorTexts {
  /** Shown when nothing more precise is known (the spec's "Failed to ..." text). */
  fallback: string;
  /**
   * Shown when no answer came, an SDK failed with a code not in `codes`, or (with `ownMessages:
   * false`) a check in the browser failed: the spec's "Something went wrong ..." texts. Default:
   * `fallback`.
   */
  exception?: string;
  /** Firebase codes (and server status names) in words. */
  codes?: Readonly<Record<string, string>>;
  /** `alone` (default): the reason replaces the fallback; `after`: "fallback: reason". */
  reason?: 'alone' | 'after';
  /** Whether a browser-side error's own message may be shown (default true). */
  ownMessages?: boolean;
}

/**
 * The words for a failed action: a known code in words; else the server's own reason; else, when
 * no answer came or an SDK failed, the exception text; else the error's own message when it was
 * written for people (a check in the browser, a rate limit, a lost session); else the fallback.
 * A server's bare status ("Request failed with status 500") is never shown.
 */
export function errorMessage(error: unknown, texts: ErrorTexts): string {
  const e = toAppError(error);
  // No answer because the browser is offline: said so, rather than the action's generic failure
  // (issue 32: actions that need the network say it).
  if ((e.kind === 'unreachable' || e.code === UNAVAILABLE) && isOffline()) return NEEDS_CONNECTION;
  const ownMessages = texts.ownMessages ?? true;
  let reason: string | null;
  if (e.code !== null && texts.codes?.[e.code]) reason = texts.codes[e.code]!;
  else if (e.kind === 'server') reason = e.serverMessage?.trim() || null;
  else if (e.kind === 'unreachable' || e.kind === 'firebase') reason = texts.exception ?? null;
  else if (e.kind === 'client' && !ownMessages) reason = texts.exception ?? null;
  // signed-out, rate-limited, cancelled and the browser's own checks: written for people.
  else reason = e.message.trim() || null;
  if (reason === null || reason === texts.fallback) return texts.fallback;
  return texts.reason === 'after' ? `${texts.fallback}: ${reason}` : reason;
}

/**
 * A failed facade call: the server's message when it answered with one, the action's "Failed to
 * ..." text when it answered without, and its "Something went wrong ..." text when no answer
 * came at all (network failure, no session).
 */
export function failureMessage(
  error: unknown,
  texts: { failed: string; exception: string },
): string {
  return errorMessage(error, {
    fallback: texts.failed,
    exception: texts.exception,
    ownMessages: false,
  });
}
