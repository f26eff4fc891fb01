/**
 * Every read and write of the Browse screen: Firestore Lite (loadFirestore) for one-shot queries,
 * the like batch and the download increment (shared/notes/note-interactions.ts, shared with the
 * note page); the facade for adding a comment. Reads per list page:
 * at most BROWSE_PAGE_SIZE + 1 notes (the extra one only tells whether a next page exists) and
 * one `meta/filterOptions`; nothing per card. Whether the reader liked a note is read only when
 * they press its like button (likes are private: a `get` of their own like document).
 *
 * Every query here has its composite index in firestore.indexes.json (browse-query.test.ts) and
 * satisfies firestore.rules (`approved == true` in every notes query).
 */
import type { DocumentData, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { loadFirestore } from '../../../shared/firebase';
import * as interactions from '../../../shared/notes/note-interactions';
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

export { addComment, isValidCommentText } from '../../../shared/notes/note-interactions';

/** Whether `uid` likes the note (shared/notes, on Browse's Firestore Lite). */
export async function fetchLiked(noteId: string, uid: string): Promise<boolean> {
  return interactions.fetchLiked(await loadFirestore(), noteId, uid);
}

export async function setLiked(noteId: string, uid: string, liked: boolean): Promise<void> {
  await interactions.setLiked(await loadFirestore(), noteId, uid, liked);
}

export async function recordDownload(noteId: string): Promise<void> {
  await interactions.recordDownload(await loadFirestore(), noteId);
}
