/**
 * Cursor paging for the admin lists: a page is `limit` documents of a query plus, when more
 * follow, the id of the last one (`next`), which the caller sends back as `cursor`. A page costs
 * its documents plus one read (the cursor document), whatever the size of the collection.
 */
import type { DocumentData, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';

export const ADMIN_PAGE_MAX = 100;

export interface PageRequest {
  limit: number;
  cursor: string | null;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** `limit` (1..100, default 100) and `cursor` from a request's query string. */
export function pageRequest(query: Record<string, unknown>): PageRequest {
  const raw = query['limit'];
  let limit = ADMIN_PAGE_MAX;
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > ADMIN_PAGE_MAX)
      throw new HttpError(400, `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`);
    limit = n;
  }
  const cursor =
    typeof query['cursor'] === 'string' && query['cursor'] !== '' ? query['cursor'] : null;
  if (cursor !== null && (cursor.length > 1500 || cursor.includes('/') || /^__.*__$/.test(cursor)))
    throw new HttpError(400, 'Invalid cursor');
  return { limit, cursor };
}

/**
 * One page of `query` (already ordered) from the collection `collection`, each document mapped
 * by `view`; `keep` drops documents after the read (a multi-word search's other words), which
 * may make a page shorter but never longer.
 */
export async function pageOf<T>(
  collection: string,
  query: Query,
  { limit, cursor }: PageRequest,
  view: (id: string, d: DocumentData) => T,
  keep: (d: DocumentData) => boolean = () => true,
): Promise<Page<T>> {
  let q = query;
  if (cursor !== null) {
    const at = await db().collection(collection).doc(cursor).get();
    if (!at.exists) throw new HttpError(400, 'Invalid cursor');
    q = q.startAfter(at);
  }
  const snap = await q.limit(limit + 1).get();
  const docs: QueryDocumentSnapshot[] = snap.docs.slice(0, limit);
  return {
    items: docs.filter((d) => keep(d.data())).map((d) => view(d.id, d.data())),
    next: snap.docs.length > limit ? docs[docs.length - 1]!.id : null,
  };
}
