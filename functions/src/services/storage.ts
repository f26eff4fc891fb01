/**
 * Files in Cloud Storage: uploads carry a download token (`firebaseStorageDownloadTokens`) so the
 * stored URL works for any reader without a rules check, exactly like the web SDK's
 * getDownloadURL() (and the seed). In the emulators the URL points at the Storage emulator.
 */
import { randomUUID } from 'node:crypto';
import { bucket, bucketName } from '../firebase.js';

export function downloadUrl(path: string, token: string): string {
  const emulator = process.env['FIREBASE_STORAGE_EMULATOR_HOST'];
  const origin = emulator
    ? `http://${emulator.replace(/^https?:\/\//, '')}`
    : 'https://firebasestorage.googleapis.com';
  return `${origin}/v0/b/${bucketName()}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
}

export async function saveWithToken(
  path: string,
  data: Buffer,
  contentType: string,
): Promise<string> {
  const token = randomUUID();
  await bucket()
    .file(path)
    .save(data, {
      resumable: false,
      contentType,
      // Shown in the browser (View Notes opens the link in a tab): an object stored without a
      // disposition is served as an attachment, i.e. downloaded.
      metadata: {
        contentType,
        contentDisposition: 'inline',
        metadata: { firebaseStorageDownloadTokens: token },
      },
    });
  return downloadUrl(path, token);
}

/**
 * Saves an object derived from another (a file's thumbnail, made from `source`: the file's path
 * and generation) and returns its download URL. Two readers of one file at once (the note
 * trigger and the file trigger both may read it) agree on one URL: the object is only created
 * where none is, a reader that finds one made from the same source keeps its token, and one made
 * from an older source is replaced only if nobody changed it since it was looked at. Without
 * this, each reader saved its own token and the note could keep the one the other overwrote: a
 * thumbnail link that answers 403.
 */
export async function saveDerivedWithToken(
  path: string,
  data: Buffer,
  contentType: string,
  source: string,
): Promise<string> {
  const file = bucket().file(path);
  for (let attempt = 0; attempt < 5; attempt++) {
    let generation = 0;
    try {
      const [meta] = await file.getMetadata();
      const custom = (meta.metadata ?? {}) as Record<string, unknown>;
      const token = String(custom['firebaseStorageDownloadTokens'] ?? '').split(',')[0];
      if (custom['derivedFrom'] === source && token) return downloadUrl(path, token);
      generation = Number(meta.generation);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 404) throw err;
    }
    const token = randomUUID();
    try {
      await file.save(data, {
        resumable: false,
        contentType,
        preconditionOpts: { ifGenerationMatch: generation },
        metadata: {
          contentType,
          metadata: { firebaseStorageDownloadTokens: token, derivedFrom: source },
        },
      });
      return downloadUrl(path, token);
    } catch (err) {
      // Someone else wrote it in between: look again.
      if ((err as { code?: unknown }).code !== 412) throw err;
    }
  }
  throw new Error(`${path}: changed by others on every attempt to save it`);
}

export async function readFile(path: string): Promise<Buffer> {
  const [data] = await bucket().file(path).download();
  return data;
}

/** Deletes every object under `prefix` (a folder such as `notes/{uid}/{noteId}/`). */
export async function deletePrefix(prefix: string): Promise<number> {
  const [files] = await bucket().getFiles({ prefix });
  await Promise.all(files.map((f) => f.delete({ ignoreNotFound: true })));
  return files.length;
}

export async function deleteFile(path: string): Promise<void> {
  await bucket().file(path).delete({ ignoreNotFound: true });
}

/** A file name safe as one path segment: no slashes, control characters or dot-only names. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\x00-\x1f\x7f/\\#?[\]*]/g, '_').trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

/**
 * Replaces a file's download token with a new one: every URL made with the old token stops
 * working at once (Firebase serves `?alt=media&token=` only for a token the object lists).
 * Returns the new download URL, or null when the file is gone.
 */
export async function rotateDownloadToken(path: string): Promise<string | null> {
  const token = randomUUID();
  try {
    await bucket()
      .file(path)
      .setMetadata({ metadata: { firebaseStorageDownloadTokens: token } });
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return null;
    throw err;
  }
  return downloadUrl(path, token);
}
