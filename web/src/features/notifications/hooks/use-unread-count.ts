import { useEffect, useState } from 'react';
import { watchUnreadCount } from '../api/notifications-api';

/**
 * `uid`'s unread notification count, live; null until the first answer (and after an error,
 * which is logged: the bell then shows no number rather than a wrong one).
 */
export function useUnreadCount(uid: string): number | null {
  const [state, setState] = useState<{ uid: string; count: number | null }>({ uid, count: null });
  useEffect(
    () =>
      watchUnreadCount(
        uid,
        (count) => setState({ uid, count }),
        (error) => {
          console.error('unread notifications not available', error);
          setState({ uid, count: null });
        },
      ),
    [uid],
  );
  // A count of another user (before this uid's first answer) is never shown.
  return state.uid === uid ? state.count : null;
}
