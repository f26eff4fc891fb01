/**
 * Keeping the search index (src/search) in step with Firestore, the source of truth: each
 * function here reads the note as it is now and writes what the index should hold, so a retried,
 * duplicated or late event changes nothing (triggers/notes.ts). Written by the note, note-file
 * and user triggers; caught up by `searchCatchUp` (index.ts) from the backlog; rebuilt by
 * reindexAll() (`npm run reindex`, and the seed through lib/search-tools.js).
 *
 * - The note's fields (upsertNote): title, subject, course, college, description, uploader,
 *   semester, approval, creation time and the like and download counts (the index's sorts), and
 *   its card: the note as a reader's search answers it (views.ts noteView), so that answer needs
 *   no read of Firestore (services/note-search.ts).
 * - Its file's text (upsertNoteText), keyed by the Storage object's generation: written when the
 *   file is read (the note-file record's text), or read again from the file when the index lacks
 *   that generation; cleared when the note no longer has a file of ours.
 * - The backlog (`searchBacklog/{noteId}`, server-only): when the index cannot be written, the
 *   note's id is recorded before the error is rethrown (the platform retries the trigger), and
 *   catchUpSearch() indexes those notes once the index is back.
 */
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import {
  removeNote,
  upsertNote,
  upsertNoteText,
  type IndexedNote,
  type SqlClient,
} from '../search/index.js';
import {
  readNoteFileText,
  storedNoteFileRecord,
  type FreshNoteFileRecord,
  type NoteText,
} from './note-files.js';
import { isNoteFile } from './note-paths.js';
import { isSearchUnavailable, searchDb } from './search-db.js';
import { noteView } from './views.js';

export const SEARCH_BACKLOG = 'searchBacklog';

/** When a Firestore value is a time: its Date; a write's pending server time reads as null. */
function dateOf(v: unknown): Date | null {
  const t = v as { toDate?: () => Date } | null | undefined;
  return t && typeof t.toDate === 'function' ? t.toDate() : null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The index's fields of a note document (Firestore's names mapped to the index's). */
export function indexedNoteOf(id: string, d: DocumentData): IndexedNote {
  return {
    id,
    title: text(d['title']) ?? '',
    subject: text(d['subjectName']),
    course: text(d['courseName']),
    college: text(d['collegeName']),
    description: text(d['description']),
    uploaderId: text(d['uploaderId']),
    uploaderName: text(d['uploaderName']),
    semester: typeof d['semester'] === 'number' ? d['semester'] : null,
    approved: d['approved'] === true,
    // A note always has one once written; the epoch only for a malformed document.
    createdAt: dateOf(d['createdAt']) ?? dateOf(d['updatedAt']) ?? new Date(0),
    likeCount: count(d['likesCount']),
    downloadCount: count(d['downloadCount']),
    card: noteView(id, d),
  };
}

/** The note fields the index holds or is made from (filePath and fileType name the file). */
const SEARCH_FIELDS = [
  'title',
  'description',
  'subjectName',
  'courseName',
  'collegeName',
  'uploaderId',
  'uploaderName',
  'semester',
  'approved',
  'createdAt',
  'likesCount',
  'downloadCount',
  'filePath',
  'fileType',
] as const;

/**
 * Whether a note change concerns the index: created, deleted, a field it holds changed, or
 * anything its card shows (a comment count, a thumbnail, the file's verdict).
 */
export function searchFieldsDiffer(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): boolean {
  if (!before || !after) return before !== after;
  const fieldsDiffer = SEARCH_FIELDS.some((f) => {
    const a = before[f] as unknown;
    const b = after[f] as unknown;
    if (a instanceof Timestamp && b instanceof Timestamp) return !a.isEqual(b);
    return JSON.stringify(a) !== JSON.stringify(b);
  });
  // The same id on both sides: only the document's fields can make the cards differ.
  return (
    fieldsDiffer || JSON.stringify(noteView('', before)) !== JSON.stringify(noteView('', after))
  );
}

/** A generation later than any file's so far: Storage generations are times in microseconds. */
function nowGeneration(): string {
  return String(BigInt(Date.now()) * 1000n);
}

/**
 * Writes the text of the note's file to the index unless it holds that generation already:
 * from `known` (a record the caller has just made, with the text it read) or read again from
 * the file; a refused or unreadable file has no text; no file of ours clears the text. A file
 * not uploaded yet is left to the note-file trigger, which indexes it when it lands.
 */
async function syncNoteText(
  client: SqlClient,
  noteId: string,
  note: DocumentData,
  known: FreshNoteFileRecord | null | undefined,
): Promise<void> {
  const path = note['filePath'];
  const ours = typeof path === 'string' && path !== '' && isNoteFile(noteId, note, path);
  const { rows } = await client.query<{ gen: string | null; has_text: boolean }>(
    `SELECT file_generation::text AS gen,
            EXISTS (SELECT 1 FROM search_pages WHERE note_id = $1) AS has_text
       FROM search_notes WHERE id = $1`,
    [noteId],
  );
  const indexed = rows[0];
  if (!ours) {
    if (indexed?.has_text) await upsertNoteText(client, noteId, nowGeneration(), []);
    return;
  }
  const record = known?.path === path ? known : await storedNoteFileRecord(path);
  if (!record) return;
  if (indexed?.gen && BigInt(indexed.gen) >= BigInt(record.generation)) return;
  if (record.verdict !== 'ok') {
    await upsertNoteText(client, noteId, record.generation, []);
    return;
  }
  let read: { generation: string; text: NoteText } | null =
    known?.path === path && known.text ? { generation: known.generation, text: known.text } : null;
  read ??= await readNoteFileText(path);
  if (!read) return;
  await upsertNoteText(client, noteId, read.generation, read.text.pages, {
    paged: read.text.paged,
  });
}

export interface SyncOptions {
  /** The record of the note's file just made by the caller (the note-file trigger), with its text. */
  known?: FreshNoteFileRecord | null;
  /** False: the note's fields only (its file has not changed: a count, a rename). */
  text?: boolean;
}

/** Indexes the note document `note` (read now by the caller; undefined: deleted). */
async function syncNoteData(
  client: SqlClient,
  noteId: string,
  note: DocumentData | undefined,
  { known, text: withText = true }: SyncOptions = {},
): Promise<void> {
  if (!note) {
    await removeNote(client, noteId);
    return;
  }
  // False when the note was removed for good (a late event of a deleted note): nothing to do.
  if (!(await upsertNote(client, indexedNoteOf(noteId, note)))) return;
  if (withText) await syncNoteText(client, noteId, note, known);
}

/** Indexes note `noteId` as it is now in Firestore (removed from the index when deleted). */
export async function syncNote(noteId: string, options: SyncOptions = {}): Promise<void> {
  const client = await searchDb();
  const note = (await db().doc(`notes/${noteId}`).get()).data();
  await syncNoteData(client, noteId, note, options);
}

/**
 * Runs `work` (index writes for note `noteId`); when it fails, records the note in the backlog
 * first (catchUpSearch indexes it once the index is back), then rethrows so the trigger is
 * retried. Nothing is lost whichever comes first.
 */
export async function orBacklog(noteId: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    await db()
      .doc(`${SEARCH_BACKLOG}/${noteId}`)
      .set({
        noteId,
        at: FieldValue.serverTimestamp(),
        error: String((err as Error)?.message ?? err).slice(0, 500),
      })
      .catch((e: Error) =>
        console.error(`search: note ${noteId}: backlog not written: ${e.message}`),
      );
    throw err;
  }
}

/**
 * Indexes the notes of the backlog as they are now and removes their entries (an entry written
 * again meanwhile, by a newer failure, is kept for the next run). Stops at the first sign that the
 * index is still unreachable; another failure is logged and its entry kept. The scheduled
 * `searchCatchUp` runs it every few minutes.
 */
export async function catchUpSearch({ max = 500 } = {}): Promise<{
  indexed: number;
  left: number;
}> {
  const snap = await db().collection(SEARCH_BACKLOG).orderBy('at').limit(max).get();
  let indexed = 0;
  for (const entry of snap.docs) {
    try {
      await syncNote(entry.id);
    } catch (err) {
      if (isSearchUnavailable(err)) throw err;
      console.error(`search: catch-up of note ${entry.id} failed: ${(err as Error).message}`);
      continue;
    }
    try {
      await entry.ref.delete({ lastUpdateTime: entry.updateTime });
    } catch (err) {
      // 9 FAILED_PRECONDITION: written again since it was read: kept for the next run.
      if ((err as { code?: unknown }).code !== 9) throw err;
    }
    indexed++;
  }
  return { indexed, left: snap.size - indexed };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Rebuilds the index from Firestore: every note, a page at a time (their files read again only
 * where the index lacks their generation), then the index's notes that Firestore no longer has
 * are removed and the backlog from before the rebuild is cleared. Resolves to the notes indexed.
 * `text: false` writes the notes' fields only, their texts left as indexed (the search bench's
 * kept notes, whose texts no file holds).
 */
export async function reindexAll({
  pageSize = 100,
  concurrency = 4,
  text = true,
  log = (_line: string) => {},
} = {}): Promise<{ notes: number; removed: number }> {
  const started = Timestamp.now();
  const client = await searchDb();
  const seen = new Set<string>();
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = db().collection('notes').orderBy(FieldPath.documentId()).limit(pageSize);
    if (last) query = query.startAfter(last);
    const snap = await query.get();
    await eachLimit(snap.docs, concurrency, (d) => syncNoteData(client, d.id, d.data(), { text }));
    for (const d of snap.docs) seen.add(d.id);
    if (snap.size > 0) log(`reindex: ${seen.size} notes`);
    if (snap.size < pageSize) break;
    last = snap.docs[snap.docs.length - 1];
  }
  const { rows } = await client.query<{ id: string }>('SELECT id FROM search_notes');
  const gone = rows.map((r) => r.id).filter((id) => !seen.has(id));
  for (const id of gone) await removeNote(client, id);
  const backlog = await db().collection(SEARCH_BACKLOG).where('at', '<', started).get();
  await Promise.all(
    backlog.docs.map((d) =>
      d.ref.delete({ lastUpdateTime: d.updateTime }).catch((err: { code?: unknown }) => {
        // 9 FAILED_PRECONDITION: a newer failure recorded meanwhile, kept for the catch-up.
        if (err.code !== 9) throw err;
      }),
    ),
  );
  return { notes: seen.size, removed: gone.length };
}

/** Whether the index holds no note yet (a new or removed database: the seed fills it then). */
export async function searchIndexEmpty(): Promise<boolean> {
  const { rows } = await (await searchDb()).query('SELECT 1 FROM search_notes LIMIT 1');
  return rows.length === 0;
}

/** Writes a file's text read by the caller (the seed, which reads its demo files itself). */
export async function indexNoteText(
  noteId: string,
  generation: string,
  noteText: NoteText,
): Promise<boolean> {
  return upsertNoteText(await searchDb(), noteId, generation, noteText.pages, {
    paged: noteText.paged,
  });
}

/** Re-indexes the fields of a user's notes (their uploader name), as they are now. */
export async function syncNotesOf(uid: string): Promise<void> {
  const snap = await db().collection('notes').where('uploaderId', '==', uid).get();
  await eachLimit(snap.docs, 4, (d) =>
    orBacklog(d.id, async () => syncNoteData(await searchDb(), d.id, d.data(), { text: false })),
  );
}
