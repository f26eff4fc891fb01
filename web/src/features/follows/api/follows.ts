/**
 * A student's follows (issue 32, docs/data-model.md "Follows"): `users/{uid}/follows/{key}`, key =
 * followKey(kind, name), and the profile's `followCount` and `notifyFollows`. The list is read
 * over REST (no SDK: the note page and Browse show follow buttons at once); writes use whichever
 * Firestore SDK the page has (loadAnyFirestore: the note page's full one, else Lite), so no page
 * loads a second SDK for them.
 *
 * A follow and its count change in one transaction: the rules accept a follow's create or delete
 * only together with `followCount` + 1 / - 1 and `lastFollowKey` naming that very follow, so the
 * count always equals the follows and never exceeds MAX_FOLLOWS (firestore.rules, "follows").
 */
import { MAX_FOLLOWS, followKey, parseFollowKey, type FollowKind } from '@notenest/shared';
import { loadAnyFirestore } from '../../../shared/firebase';
import { runQuery } from '../../../shared/firebase/firestore-rest';

/** The 31st follow's message (the rules refuse it too). */
export const FOLLOW_LIMIT_MESSAGE = `You can follow at most ${MAX_FOLLOWS} courses, subjects and colleges.`;

export interface Follow {
  key: string;
  kind: FollowKind;
  name: string;
  createdAt: Date | null;
}

const countOf = (data: Record<string, unknown> | undefined): number =>
  typeof data?.followCount === 'number' ? data.followCount : 0;

/**
 * Follows `name` of `kind`. Following again is fine (nothing changes). Throws
 * FOLLOW_LIMIT_MESSAGE when the student already follows MAX_FOLLOWS.
 */
export async function followTopic(uid: string, kind: FollowKind, name: string): Promise<void> {
  const { db, sdk } = await loadAnyFirestore();
  const key = followKey(kind, name);
  const profileRef = sdk.doc(db, 'users', uid);
  const followRef = sdk.doc(db, 'users', uid, 'follows', key);
  // A transaction, not a blind batch: the count written must be the count read, or the rules
  // refuse it (another tab may have followed something meanwhile; the transaction then retries).
  await sdk.runTransaction(db, async (tx) => {
    const [profile, existing] = await Promise.all([tx.get(profileRef), tx.get(followRef)]);
    if (existing.exists()) return;
    const count = countOf(profile.data());
    if (count >= MAX_FOLLOWS) throw new Error(FOLLOW_LIMIT_MESSAGE);
    tx.set(followRef, { kind, name, createdAt: sdk.serverTimestamp() });
    tx.update(profileRef, { followCount: count + 1, lastFollowKey: key });
  });
}

/** Unfollows the follow `key`; unfollowing what is not followed is fine. */
export async function unfollowTopic(uid: string, key: string): Promise<void> {
  const { db, sdk } = await loadAnyFirestore();
  const profileRef = sdk.doc(db, 'users', uid);
  const followRef = sdk.doc(db, 'users', uid, 'follows', key);
  await sdk.runTransaction(db, async (tx) => {
    const [profile, existing] = await Promise.all([tx.get(profileRef), tx.get(followRef)]);
    if (!existing.exists()) return;
    tx.delete(followRef);
    tx.update(profileRef, {
      followCount: Math.max(0, countOf(profile.data()) - 1),
      lastFollowKey: key,
    });
  });
}

/** The student's follows, newest first. Documents that are not follows are left out. */
export async function listFollows(uid: string): Promise<Follow[]> {
  // The follows are private to their owner: signed in, the read waits for Auth to load.
  const docs = await runQuery(
    {
      from: [{ collectionId: 'follows' }],
      orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
    },
    `users/${uid}`,
    { signedIn: true },
  );
  const follows: Follow[] = [];
  for (const d of docs) {
    const parsed = parseFollowKey(d.id);
    if (!parsed) continue;
    const createdAt = d.data['createdAt'];
    follows.push({
      key: d.id,
      kind: parsed.kind,
      name: parsed.name,
      createdAt: createdAt instanceof Date ? createdAt : null,
    });
  }
  return follows;
}

/** The student's switch for "new note in what you follow" notifications (absent: on). */
export async function setNotifyFollows(uid: string, on: boolean): Promise<void> {
  const { db, sdk } = await loadAnyFirestore();
  await sdk.updateDoc(sdk.doc(db, 'users', uid), { notifyFollows: on });
}
