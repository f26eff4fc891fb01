/**
 * Where a note's files live in Storage (docs/data-model.md "Storage"), as pure functions: the
 * note's folder, its file, the file's thumbnail beside it. Used by the functions and, through
 * lib/documents.js, by the seed.
 */

/** A note's own Storage folder: `notes/{uploaderId}/{noteId}/`. */
export function noteFolder(noteId: string, uploaderId: unknown): string {
  return `notes/${String(uploaderId)}/${noteId}/`;
}

/**
 * Whether `path` is a file in the note's own folder: a client writes filePath, and could name
 * someone else's file, which the server must then neither read nor touch.
 */
export function isNoteFile(
  noteId: string,
  note: { uploaderId?: unknown } | undefined,
  path: unknown,
): path is string {
  const folder = noteFolder(noteId, note?.uploaderId);
  // Directly in the folder: not its thumbnails (`.thumbnails/`), which are the server's.
  return (
    typeof path === 'string' && path.startsWith(folder) && !path.slice(folder.length).includes('/')
  );
}

/** `notes/{uid}/{noteId}/{name}` -> its parts; null for anything else (thumbnails included). */
export function parseNoteFilePath(
  path: string,
): { uid: string; noteId: string; name: string } | null {
  const m = /^notes\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
  return m ? { uid: m[1]!, noteId: m[2]!, name: m[3]! } : null;
}

/** Where a note file's thumbnail is stored: beside it, in a folder no client rule reaches. */
export function thumbnailPathOf(path: string): string {
  const p = parseNoteFilePath(path)!;
  return `${noteFolder(p.noteId, p.uid)}.thumbnails/${p.name}.webp`;
}
