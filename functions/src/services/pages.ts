/**
 * Cursor paging for the admin lists: a page is `limit` documents of a query plus, when more
 * follow, the id of the last one (`next`), which the caller sends back as `cursor`. A page costs
 * its documents plus one read (the cursor document), whatever the size of the collection.
 */
import type { DocumentData, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';

export interface PageRequest {
  limit: number;
  cursor: string | null;
}

export interface Page<T> {
  items: T[];
  next: string | null;
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
