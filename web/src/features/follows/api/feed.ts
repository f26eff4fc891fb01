/**
 * The Following feed (issue 32, docs/data-model.md "Follows"): the newest approved notes in what
 * the reader follows, one query per page, never a copy per follower:
 * `or(subjectName in [...], courseName in [...], collegeName in [...]) AND approved == true`,
 * most recently approved first (`approvedAt`: a note uploaded last week and approved today is
 * today's news). Firestore allows 30 disjunctions in one query, hence MAX_FOLLOWS.
 *
 * A query ordered by a field leaves out documents without it. Every approved note has
 * `approvedAt`: the review stamps it, the rules require it of an admin's direct approval, and the
 * note trigger writes it at once for any approved note lacking it (older data, admin-SDK writes),
 * so the feed needs no fallback to `createdAt`.
 */
import { loadFirestore } from '../../../shared/firebase';
import type { ListPage } from '../../../shared/server-state';
import {
  FEED_ORDER,
  FEED_PAGE,
  decodeCursor,
  encodeCursor,
  feedFilters,
  toFeedItem,
  type FeedItem,
} from './feed-model';
import type { FollowKind } from '@notenest/shared';

/** A page of the feed after `cursor` (null: the first); no follows, no query. */
export async function fetchFeedPage(
  follows: ReadonlyArray<{ kind: FollowKind; name: string }>,
  cursor: string | null,
): Promise<ListPage<FeedItem>> {
  const filters = feedFilters(follows);
  if (filters.length === 0) return { items: [], next: null };
  const { db, sdk } = await loadFirestore();
  const after = cursor ? decodeCursor(cursor) : null;
  const inFilters = filters.map((f) => sdk.where(f.field, 'in', f.names));
  const snap = await sdk.getDocs(
    sdk.query(
      sdk.collection(db, 'notes'),
      sdk.and(
        // The rules let anyone read an approved note; they are not filters, so the query says it.
        sdk.where('approved', '==', true),
        inFilters.length === 1 ? inFilters[0]! : sdk.or(...inFilters),
      ),
      sdk.orderBy(FEED_ORDER, 'desc'),
      // Spelled out so the cursor can name it: notes of the same instant keep one order.
      sdk.orderBy(sdk.documentId(), 'desc'),
      ...(after
        ? [sdk.startAfter(new sdk.Timestamp(after.seconds, after.nanoseconds), after.id)]
        : []),
      // One more than a page: whether another page exists, without a second query.
      sdk.limit(FEED_PAGE + 1),
    ),
  );
  const docs = snap.docs.slice(0, FEED_PAGE);
  const last = docs[docs.length - 1];
  const lastApproved = last?.get(FEED_ORDER) as { seconds: number; nanoseconds: number } | null;
  const next =
    snap.docs.length > FEED_PAGE && last && lastApproved
      ? encodeCursor(lastApproved.seconds, lastApproved.nanoseconds, last.id)
      : null;
  return { items: docs.map((d) => toFeedItem(d.id, d.data())), next };
}
