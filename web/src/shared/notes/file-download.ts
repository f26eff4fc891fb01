/**
 * Saving a note's file: the spec reads the file URL as a blob and saves it client-side, so the
 * browser stores it under the note's file name instead of opening it. `fileUrl` is a Storage
 * download URL carrying its token (docs/data-model.md), readable without the Storage SDK.
 */

/** A file name for the saved copy: the stored name, else one built from the title. */
export function downloadNameFor(note: { title: string; fileName: string | null }): string {
  if (note.fileName) return note.fileName;
  const base = note.title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return base || 'note';
}

export async function saveFile(url: string, fileName: string): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    // A link the uploader typed may refuse cross-origin reads: let the browser open it instead.
    console.error('Download as blob failed, opening the file instead', error);
    window.open(url, '_blank', 'noopener');
    return;
  }
  saveBlob(blob, fileName);
}

/** Saves bytes already in hand (a copy kept offline, issue 32) under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = objectUrl;
    a.download = fileName;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoking right away can cancel the save in some browsers; give it a moment.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
