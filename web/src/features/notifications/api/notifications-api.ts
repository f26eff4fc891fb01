/**
 * Every read and write of the signed-in user's notifications (`users/{uid}/notifications`) and
 * rejection records (`users/{uid}/rejections`), on every screen. Functions write them; the rules
 * let the owner read them and change `read` only (firestore.rules), which is all this module does.
 *
 * The bell's unread count is live (the full SDK's onSnapshot, started when the page is idle:
 * listenLive), so an approval shows without a reload. One-off reads and writes use whichever SDK
 * the page has (loadAnyFirestore): the bell has asked for the full one on every signed-in page.
 */
import { UNREAD_COUNT_CAP } from '@notenest/shared';
import type { FirestoreError } from 'firebase/firestore';
import { listenLive, loadAnyFirestore } from '../../../shared/firebase';
import type { ListPage } from '../../../shared/server-state';
import {
  toNotification,
  toRejectedUpload,
  type NotificationItem,
  type RejectedUpload,
} from './notifications-model';

/** Notifications per page of the list. */
export const NOTIFICATIONS_PAGE = 20;
/** Rejected uploads shown on My Uploads (each expires after 90 days). */
export const REJECTIONS_SHOWN = 50;
/** Writes per batch when marking all read (a Firestore batch holds 500). */
const MARK_ALL_BATCH = 400;

const notificationsOf = (uid: string) => `users/${uid}/notifications`;

/**
 * The number of `uid`'s unread notifications, live, counted up to UNREAD_COUNT_CAP + 1 (the bell
 * shows "99+" beyond): a listener on the unread query, bounded so a flood costs 100 reads at most.
 */
export function watchUnreadCount(
  uid: string,
  onCount: (count: number) => void,
  onError: (error: unknown) => void,
): () => void {
  return listenLive(
    ({ db, sdk }) =>
      sdk.onSnapshot(
        sdk.query(
          sdk.collection(db, notificationsOf(uid)),
          sdk.where('read', '==', false),
          sdk.limit(UNREAD_COUNT_CAP + 1),
        ),
        (snap) => onCount(snap.size),
        (error: FirestoreError) => onError(error),
      ),
    onError,
  );
}

/**
 * A page of `uid`'s notifications, newest first, after the one whose id is `cursor` (the
 * next page's cursor is the last item's id when more may follow).
 */
export async function fetchNotificationsPage(
  uid: string,
  cursor: string | null,
): Promise<ListPage<NotificationItem>> {
  const { db, sdk } = await loadAnyFirestore();
  const list = sdk.collection(db, notificationsOf(uid));
  const after = cursor ? await sdk.getDoc(sdk.doc(list, cursor)) : null;
  const snap = await sdk.getDocs(
    sdk.query(
      list,
      sdk.orderBy('createdAt', 'desc'),
      ...(after?.exists() ? [sdk.startAfter(after)] : []),
      sdk.limit(NOTIFICATIONS_PAGE + 1),
    ),
  );
  const docs = snap.docs.slice(0, NOTIFICATIONS_PAGE);
  return {
    items: docs.map((d) => toNotification(d.id, d.data())),
    next: snap.docs.length > NOTIFICATIONS_PAGE ? (docs.at(-1)?.id ?? null) : null,
  };
}

export async function markNotificationRead(uid: string, id: string): Promise<void> {
  const { db, sdk } = await loadAnyFirestore();
  await sdk.updateDoc(sdk.doc(db, notificationsOf(uid), id), { read: true });
}

/** Marks every unread notification of `uid` read, a batch at a time. */
export async function markAllNotificationsRead(uid: string): Promise<void> {
  const { db, sdk } = await loadAnyFirestore();
  const unread = sdk.query(
    sdk.collection(db, notificationsOf(uid)),
    sdk.where('read', '==', false),
    sdk.limit(MARK_ALL_BATCH),
  );
  for (;;) {
    const snap = await sdk.getDocs(unread);
    if (snap.empty) return;
    const batch = sdk.writeBatch(db);
    for (const d of snap.docs) batch.update(d.ref, { read: true });
    await batch.commit();
    if (snap.size < MARK_ALL_BATCH) return;
  }
}

/** `uid`'s rejected uploads (the notes are gone: these records are what is left), newest first. */
export async function listRejectedUploads(uid: string): Promise<RejectedUpload[]> {
  const { db, sdk } = await loadAnyFirestore();
  const snap = await sdk.getDocs(
    sdk.query(
      sdk.collection(db, `users/${uid}/rejections`),
      sdk.orderBy('rejectedAt', 'desc'),
      sdk.limit(REJECTIONS_SHOWN),
    ),
  );
  return snap.docs.map((d) => toRejectedUpload(d.id, d.data()));
}
