import { useEffect, useState } from 'react';
import { useServerList, type ServerList } from '../../../shared/server-state';
import { fetchFeedPage } from '../api/feed';
import { feedFilters, readLastVisit, writeLastVisit, type FeedItem } from '../api/feed-model';
import type { FollowItem } from './follow-store';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// The last visit as it was when this page (the app) was opened, per reader: Home and the
// Profile tab mark the same notes New until the next visit, although showing the feed on one of
// them already stored this visit's time.
const visitBaselines = new Map<string, Date | null>();

export interface FollowingFeed {
  list: ServerList<FeedItem>;
  /** The reader's previous visit of the feed (null: none); newer notes are marked New. */
  lastVisit: Date | null;
}

/**
 * The Following feed of `uid` over `follows` (read: hooks/use-follows.ts), paged with "Load
 * more" through the shared list hook. Once a page has been shown, now is stored as this
 * reader's last visit (localStorage, per uid), which the next visit's New marks start from.
 */
export function useFollowingFeed(uid: string, follows: readonly FollowItem[]): FollowingFeed {
  const filters = feedFilters(follows);
  const list = useServerList<FeedItem>(['following-feed', uid, filters], (cursor) =>
    fetchFeedPage(follows, cursor),
  );
  const [lastVisit] = useState(() => {
    if (!visitBaselines.has(uid)) visitBaselines.set(uid, readLastVisit(storage(), uid));
    return visitBaselines.get(uid) ?? null;
  });
  const shown = list.status === 'success';
  useEffect(() => {
    if (shown) writeLastVisit(storage(), uid, new Date());
  }, [shown, uid]);
  return { list, lastVisit };
}
