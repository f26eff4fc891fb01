/**
 * Notes kept "Available offline" (issue 32): each note's file and its details in Cache Storage,
 * one cache for all of them, so the Saved Notes tab and the note page can show them with no
 * network, and the preview reads the file from here (notes/api/preview-api.ts).
 *
 * - The file is stored under its own download URL (the key the preview asks for), so a note
 *   whose file was replaced (a new URL) is never shown the old file.
 * - The details are the note's fields the note page and the Saved Notes card show, as JSON under
 *   a same-origin key per user and note (`/offline-notes/{uid}/{noteId}`, never fetched: a cache
 *   key only), so two people on one device never see each other's copies.
 * - Cache Storage, not IndexedDB: one store for files and details, readable by the service worker
 *   too, and whose entries the browser counts in the origin's quota like the app's own code.
 *
 * The service worker's own caches (`notenest-shell-*`) are separate: a new version of the app
 * drops those, never these.
 */
import { offlineTooBigMessage } from '@notenest/shared';
import { AppError } from '../../../shared/errors/app-error';
import { getDocument } from '../../../shared/firebase/firestore-rest';
import { OFFLINE_MAX_MB, offlineSpaceProblem } from './offline-model';

export const OFFLINE_NOTES_CACHE = 'notenest-offline-notes';
const RECORD_PATH = '/offline-notes/';

/** The note fields an offline copy keeps: what the note page (toNoteDetail) and a card read. */
export const OFFLINE_NOTE_FIELDS = [
  'title',
  'description',
  'subjectName',
  'courseName',
  'collegeName',
  'semester',
  'batch',
  'likesCount',
  'commentsCount',
  'downloadCount',
  'fileUrl',
  'fileName',
  'fileType',
  'fileStatus',
  'thumbnailUrl',
  'createdAt',
  'uploaderId',
  'approved',
  'underReview',
] as const;

export interface OfflineNote {
  id: string;
  uid: string;
  /** The note's fields (OFFLINE_NOTE_FIELDS), dates as epoch milliseconds (JSON). */
  data: Record<string, unknown>;
  fileUrl: string;
  /** The file's size in bytes, counted against OFFLINE_CACHE_MAX_BYTES. */
  size: number;
  storedAt: number;
}

/** Why a note could not be kept offline, in words for the reader. */
export const OFFLINE_FAILURES = {
  tooBig: offlineTooBigMessage(OFFLINE_MAX_MB),
  noFile: 'This note has no file to keep offline.',
  unavailable: 'This note is no longer available, so it cannot be kept offline.',
  failed: 'The note could not be kept offline. Please try again.',
  unsupported: 'This browser cannot keep notes offline.',
} as const;

/** Cache Storage exists only in secure contexts (https, localhost) of browsers that have it. */
function supported(): boolean {
  return typeof caches !== 'undefined';
}

function recordKey(uid: string, noteId: string): string {
  return `${location.origin}${RECORD_PATH}${encodeURIComponent(uid)}/${encodeURIComponent(noteId)}`;
}

async function readRecord(cache: Cache, key: string | Request): Promise<OfflineNote | null> {
  const response = await cache.match(key);
  if (!response) return null;
  try {
    return (await response.json()) as OfflineNote;
  } catch {
    return null;
  }
}

async function allRecords(cache: Cache): Promise<OfflineNote[]> {
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(RECORD_PATH));
  const records = await Promise.all(keys.map((k) => readRecord(cache, k)));
  return records.filter((r): r is OfflineNote => r !== null);
}

/** The user's offline notes, newest first. */
export async function listOfflineNotes(uid: string): Promise<OfflineNote[]> {
  if (!supported()) return [];
  const cache = await caches.open(OFFLINE_NOTES_CACHE);
  return (await allRecords(cache))
    .filter((r) => r.uid === uid)
    .sort((a, b) => b.storedAt - a.storedAt);
}

export async function getOfflineNote(uid: string, noteId: string): Promise<OfflineNote | null> {
  if (!supported()) return null;
  return readRecord(await caches.open(OFFLINE_NOTES_CACHE), recordKey(uid, noteId));
}

/**
 * The kept file at `url`, if any: the preview reads it before the network, so an offline note
 * opens with none (and an online one without downloading it again).
 */
export async function readOfflineFile(url: string): Promise<Response | null> {
  if (!supported()) return null;
  try {
    const cache = await caches.open(OFFLINE_NOTES_CACHE);
    return (await cache.match(url)) ?? null;
  } catch {
    return null;
  }
}

/** Dates (Date, or a Firestore Timestamp) as epoch milliseconds: the copy is stored as JSON. */
function jsonSafe(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value instanceof Date) out[key] = value.getTime();
    else if (value && typeof value === 'object' && 'toMillis' in value)
      out[key] = (value as { toMillis(): number }).toMillis();
    else out[key] = value;
  }
  return out;
}

/**
 * Keeps the note available offline for `uid`: reads its details (the rules decide, as for the
 * note page), downloads its file and stores both, refusing a file that would take the offline
 * notes past OFFLINE_CACHE_MAX_BYTES. Then asks the service worker to keep every file of the app
 * (the note page, the preview's readers), so the note opens offline even if its page was never
 * opened online. Rejects with an AppError whose message is for the reader (OFFLINE_FAILURES).
 */
export async function keepNoteOffline(uid: string, noteId: string): Promise<OfflineNote> {
  if (!supported()) throw new AppError('client', OFFLINE_FAILURES.unsupported);
  // Signed in (isNoteSaved): the saved note may be one only its reader can still see.
  const doc = await getDocument(`notes/${noteId}`, OFFLINE_NOTE_FIELDS, { signedIn: true });
  if (!doc) throw new AppError('client', OFFLINE_FAILURES.unavailable);
  const fileUrl = typeof doc.data['fileUrl'] === 'string' ? doc.data['fileUrl'] : null;
  if (!fileUrl || doc.data['fileStatus'] === 'refused')
    throw new AppError('client', OFFLINE_FAILURES.noFile);

  const cache = await caches.open(OFFLINE_NOTES_CACHE);
  const others = (await allRecords(cache)).filter((r) => !(r.uid === uid && r.id === noteId));
  const used = others.reduce((sum, r) => sum + r.size, 0);
  // The size the server states is checked before downloading: a file that cannot fit is not
  // fetched at all; the bytes received are checked again below.
  const response = await fetch(fileUrl);
  if (!response.ok) throw new AppError('client', OFFLINE_FAILURES.failed);
  const stated = Number(response.headers.get('content-length') ?? 0);
  const statedProblem = offlineSpaceProblem(used, stated);
  if (statedProblem) {
    await response.body?.cancel();
    throw new AppError('client', statedProblem);
  }
  const blob = await response.blob();
  const problem = offlineSpaceProblem(used, blob.size);
  if (problem) throw new AppError('client', problem);

  const record: OfflineNote = {
    id: noteId,
    uid,
    data: jsonSafe(doc.data),
    fileUrl,
    size: blob.size,
    storedAt: Date.now(),
  };
  const previous = await readRecord(cache, recordKey(uid, noteId));
  const type = response.headers.get('content-type') ?? blob.type ?? 'application/octet-stream';
  await cache.put(
    fileUrl,
    new Response(blob, { headers: { 'content-type': type, 'content-length': String(blob.size) } }),
  );
  await cache.put(
    recordKey(uid, noteId),
    new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } }),
  );
  if (previous && previous.fileUrl !== fileUrl) await dropFileUnlessShared(cache, previous.fileUrl);
  await keepAppOffline();
  return record;
}

/** Deletes a file unless another user's copy on this device still uses it. */
async function dropFileUnlessShared(cache: Cache, fileUrl: string): Promise<void> {
  const inUse = (await allRecords(cache)).some((r) => r.fileUrl === fileUrl);
  if (!inUse) await cache.delete(fileUrl);
}

/** Frees the note's offline copy (its details and its file); nothing happens when there is none. */
export async function dropOfflineNote(uid: string, noteId: string): Promise<void> {
  if (!supported()) return;
  const cache = await caches.open(OFFLINE_NOTES_CACHE);
  const record = await readRecord(cache, recordKey(uid, noteId));
  await cache.delete(recordKey(uid, noteId));
  if (record) await dropFileUnlessShared(cache, record.fileUrl);
}

/** Frees the copies of these notes (no longer readable, or no longer saved). */
export async function dropOfflineNotes(uid: string, noteIds: readonly string[]): Promise<void> {
  for (const id of noteIds) await dropOfflineNote(uid, id);
}

/** Bytes the offline notes of every user on this device take. */
export async function offlineBytes(): Promise<number> {
  if (!supported()) return 0;
  const records = await allRecords(await caches.open(OFFLINE_NOTES_CACHE));
  return records.reduce((sum, r) => sum + r.size, 0);
}

/**
 * Asks the service worker (features/offline/service-worker.ts) to cache every file of the app,
 * and waits until it has. Without a service worker (the dev server, a browser without one) there
 * is nothing to wait for: the note's own copy is still kept.
 */
export async function keepAppOffline(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'cache-app' }, [channel.port2]);
  });
}

/**
 * Whether the note is in the user's Saved Notes (`users/{uid}/saved/{noteId}`, readable by its
 * owner): the note page offers "Available offline" for saved notes only, as Saved Notes lists them.
 */
export async function isNoteSaved(uid: string, noteId: string): Promise<boolean> {
  // Signed in: on a note page opened by its address this read ran before Auth had loaded,
  // unauthenticated, the rules refused it (403), and a note saved earlier never showed its
  // "Available offline" toggle.
  return (
    (await getDocument(`users/${uid}/saved/${noteId}`, ['savedAt'], { signedIn: true })) !== null
  );
}
