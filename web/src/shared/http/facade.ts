import { AppError, UNAVAILABLE } from '../errors/app-error';
import { requireIdToken } from '../firebase/auth';
import { NEEDS_CONNECTION, isOffline } from '../utils/connection';

/**
 * Calls to the REST facade (functions/, spec section 7) through Hosting's same-origin `/api`
 * rewrite, authenticated with the user's Firebase ID token. Answers are `{success, message}`;
 * anything else (a non-2xx status, `success: false`, a non-JSON body) rejects with an AppError of
 * kind `server` carrying the server's message when there is one; no answer at all, `unreachable`.
 */
export interface FacadeRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sends the signed-in user's ID token (`Authorization: Bearer`); rejects when signed out. */
  signedIn?: boolean;
  json?: unknown;
}

/**
 * A paged list call: the body (the spec's array) and the `X-Next-Cursor` header, null on the last
 * page (functions/src/routes/admin.ts).
 */
export async function callFacadePage<T>(
  path: string,
  request: FacadeRequest,
): Promise<{ items: T[]; next: string | null }> {
  let next: string | null = null;
  const items = await callFacade<T[]>(path, request, (headers) => {
    next = headers.get('x-next-cursor');
  });
  return { items, next };
}

export async function callFacade<T = { success: boolean; message?: string }>(
  path: string,
  { method, signedIn, json }: FacadeRequest,
  onHeaders?: (headers: Headers) => void,
): Promise<T> {
  // Offline the call cannot be answered: failing at once (errorMessage says "You're offline..."),
  // not after a token refresh and a fetch that each wait for the network.
  if (isOffline()) throw new AppError('unreachable', NEEDS_CONNECTION, { code: UNAVAILABLE });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (signedIn) headers['authorization'] = `Bearer ${await requireIdToken()}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  }).catch((error: unknown) => {
    throw new AppError('unreachable', 'The server could not be reached', {
      code: UNAVAILABLE,
      cause: error,
    });
  });
  onHeaders?.(response.headers);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: reported below with the status
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : null;
  if (!response.ok || (body as { success?: unknown } | null)?.success === false) {
    throw new AppError('server', message ?? `Request failed with status ${response.status}`, {
      status: response.status,
      serverMessage: message,
    });
  }
  return body as T;
}
