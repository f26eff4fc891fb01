import { useEffect, useSyncExternalStore } from 'react';
import { followStore, type FollowState } from './follow-store';

/**
 * The follows of `uid` (null: nobody signed in, nothing read), read once per page and shared by
 * every component that shows them (hooks/follow-store.ts).
 */
export function useFollows(uid: string | null): FollowState {
  const state = useSyncExternalStore(followStore.subscribe, followStore.get, followStore.get);
  useEffect(() => {
    if (uid) followStore.load(uid);
  }, [uid]);
  // Another reader's follows (before this uid's first answer) are never shown.
  return uid && state.uid === uid ? state : { uid, status: uid ? 'loading' : 'idle', follows: [] };
}
