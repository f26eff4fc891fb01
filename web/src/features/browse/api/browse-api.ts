/**
 * Every read and write of the Browse screen: Firestore Lite (loadFirestore) for one-shot queries,
 * the like batch and the download increment; the facade for adding a comment. Reads per list page:
 * at most BROWSE_PAGE_SIZE + 1 notes (the extra one only tells whether a next page exists) and
 * one `meta/filterOptions`; nothing per card. Whether the reader liked a note is read only when
 * they press its like button (likes are private: a `get` of their own like document).
 *
 * Every query here has its composite index in firestore.indexes.json (browse-query.test.ts) and
 * satisfies firestore.rules (`approved == true` in every notes query).
 */
import type { DocumentData, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { COMMENT_LIMITS } from '@notenest/shared';
import { loadAuth, loadFirestore } from '../../../shared/firebase';
import {
  toBrowseComment,
  toBrowseNote,
  toFilterOptions,
  type BrowseComment,
  type BrowseNote,
  type FilterOptionLists,
} from './browse-model';
import { matchesClientTokens, planQuery, type BrowseCriteria } from './browse-query';

export const BROWSE_PAGE_SIZE = 24;

/**
 * A multi-word search checks the words after the first on the client, so a page read from the
 * server may hold fewer matches than a page; up to this many pages are read per load to fill it
 * (only multi-word searches ever read more than one).
 */
const MAX_PAGES_PER_LOAD = 3;

/** Comments shown in the inline view (newest first). */
export const COMMENTS_SHOWN = 100;

/** Where the next page starts: the last note of the previous one. Opaque to callers. */
export interface NotesCursor {
  readonly last: QueryDocumentSnapshot<DocumentData>;
}

export interface NotesPage {
  notes: BrowseNote[];
  /** null when there is nothing after this page. */
  next: NotesCursor | null;
}

export async function fetchNotesPage(
  criteria: BrowseCriteria,
  after: NotesCursor | null,
  pageSize: number = BROWSE_PAGE_SIZE,
): Promise<NotesPage> {
  const { db, sdk } = await loadFirestore();
  const plan = planQuery(criteria);
  const base = [
    ...plan.where.map((c) => sdk.where(c.field, c.op, c.value)),
    sdk.orderBy(plan.orderBy, 'desc'),
  ];
  const notes: BrowseNote[] = [];
  let cursor = after;
  for (let pages = 0; pages < MAX_PAGES_PER_LOAD; pages++) {
    const q = sdk.query(
      sdk.collection(db, 'notes'),
      ...base,
      ...(cursor ? [sdk.startAfter(cursor.last)] : []),
      sdk.limit(pageSize + 1),
    );
    const { docs } = await sdk.getDocs(q);
    const page = docs.slice(0, pageSize);
    for (const doc of page) {
      const data = doc.data();
      if (matchesClientTokens(plan, data['searchTerms'])) notes.push(toBrowseNote(doc.id, data));
    }
    const last = page.at(-1);
    cursor = docs.length > pageSize && last ? { last } : null;
    if (notes.length >= pageSize || !cursor) break;
  }
  return { notes, next: cursor };
}

/** The dropdown options (one document, maintained by the facade). Empty lists when missing. */
export async function fetchFilterOptions(): Promise<FilterOptionLists> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDoc(sdk.doc(db, 'meta', 'filterOptions'));
  return toFilterOptions(snap.data());
}

/** One note, re-read after a comment (the spec's "the note is re-fetched"); null if gone. */
export async function fetchNote(noteId: string): Promise<BrowseNote | null> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDoc(sdk.doc(db, 'notes', noteId));
  const data = snap.data();
  return data && data['approved'] === true ? toBrowseNote(snap.id, data) : null;
}

export async function fetchComments(noteId: string): Promise<BrowseComment[]> {
  const { db, sdk } = await loadFirestore();
  const q = sdk.query(
    sdk.collection(db, 'notes', noteId, 'comments'),
    sdk.orderBy('commentedAt', 'desc'),
    sdk.limit(COMMENTS_SHOWN),
  );
  const { docs } = await sdk.getDocs(q);
  return docs.map((d) => toBrowseComment(d.id, d.data()));
}

export function isValidCommentText(text: string): boolean {
  const size = [...text.trim()].length;
  return size >= COMMENT_LIMITS.text.min && size <= COMMENT_LIMITS.text.max;
}

/**
 * Adds a comment as the signed-in user through the facade (`POST /api/notes/{id}/comment`, the
 * spec's call): it writes the comment with the author's profile username and recounts
 * commentsCount exactly, which a browser cannot do (docs/data-model.md "Counters"; the facade
 * has no separate recount route, so a direct Firestore write would leave the count stale).
 */
export async function addComment(noteId: string, text: string): Promise<void> {
  if (!isValidCommentText(text)) throw new Error('A comment needs 1 to 1000 characters');
  const { auth } = await loadAuth();
  const token = await auth.currentUser?.getIdToken();
  if (!token) throw new Error('Please sign in to continue');
  const response = await fetch(`/api/notes/${encodeURIComponent(noteId)}/comment`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : null;
    throw new Error(message ?? `Request failed with status ${response.status}`);
  }
}

/** Whether `uid` likes the note: a get of their own like document (1 read). */
export async function fetchLiked(noteId: string, uid: string): Promise<boolean> {
  const { db, sdk } = await loadFirestore();
  const snap = await sdk.getDoc(sdk.doc(db, 'notes', noteId, 'likes', uid));
  return snap.exists();
}

/**
 * Like or unlike in one batch, as the rules demand: the like document (its id is the uid) is
 * created or deleted together with likesCount moving by exactly 1 (an increment, so no read of
 * the current count is needed).
 */
export async function setLiked(noteId: string, uid: string, liked: boolean): Promise<void> {
  const { db, sdk } = await loadFirestore();
  const noteRef = sdk.doc(db, 'notes', noteId);
  const likeRef = sdk.doc(db, 'notes', noteId, 'likes', uid);
  const batch = sdk.writeBatch(db);
  if (liked) batch.set(likeRef, { createdAt: sdk.serverTimestamp() });
  else batch.delete(likeRef);
  batch.update(noteRef, { likesCount: sdk.increment(liked ? 1 : -1) });
  await batch.commit();
}

/** One Download click: downloadCount + 1, the only change the rules allow a reader here. */
export async function recordDownload(noteId: string): Promise<void> {
  const { db, sdk } = await loadFirestore();
  await sdk.updateDoc(sdk.doc(db, 'notes', noteId), { downloadCount: sdk.increment(1) });
}
