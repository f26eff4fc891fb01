import { followKey, type FollowKind } from '@notenest/shared';
import type { Follow } from '../api/follows';

/** One follow as the screens show it (api/follows.ts `listFollows`). */
export type FollowItem = Follow;

export interface FollowState {
  uid: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  follows: readonly FollowItem[];
}

// The data calls load with the first button a signed-in reader sees, never with a visitor's page:
// the module (and the Firestore SDK it loads) stays out of Browse's and the note page's chunks.
const api = () => import('../api/follows');

let state: FollowState = { uid: null, status: 'idle', follows: [] };
const listeners = new Set<() => void>();

function set(next: FollowState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The reader's follows, one copy per page for every Follow button, the Following tab and the
 * feed: the subject, course and college buttons of one screen read them once, and a follow made
 * with one of them shows on the others (and in the feed's query) at once.
 */
export const followStore = {
  get: (): FollowState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Reads `uid`'s follows unless they are read or being read (again after an error). */
  load(uid: string): void {
    if (state.uid === uid && state.status !== 'error') return;
    set({ uid, status: 'loading', follows: [] });
    api()
      .then(({ listFollows }) => listFollows(uid))
      .then(
        (follows) => {
          if (state.uid === uid) set({ uid, status: 'ready', follows });
        },
        (error: unknown) => {
          console.error('Could not read follows', error);
          if (state.uid === uid) set({ uid, status: 'error', follows: [] });
        },
      );
  },

  /** Follows `name`; rejects with the api's error (the 31st follow's message) and changes nothing. */
  async follow(uid: string, kind: FollowKind, name: string): Promise<void> {
    const { followTopic } = await api();
    await followTopic(uid, kind, name);
    const key = followKey(kind, name);
    if (state.uid === uid && !state.follows.some((f) => f.key === key))
      // Newest first, as the tab lists them; the server's time arrives with the next read.
      set({ ...state, follows: [{ key, kind, name, createdAt: new Date() }, ...state.follows] });
  },

  async unfollow(uid: string, key: string): Promise<void> {
    const { unfollowTopic } = await api();
    await unfollowTopic(uid, key);
    if (state.uid === uid) set({ ...state, follows: state.follows.filter((f) => f.key !== key) });
  },
};
