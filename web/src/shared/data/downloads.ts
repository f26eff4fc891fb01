/**
 * Downloads (`notes/{id}/downloads/{uid}` and `downloadCount`, docs/data-model.md "Counters"):
 * Browse's cards and the note page count a download here.
 */
import { loadAnyFirestore } from '../firebase';

/** Whether two instants fall on the same UTC day (the rules' `timestamp.date()`). */
export function sameUtcDay(a: Date, b: Date): boolean {
  return a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}

/**
 * One Download click: downloadCount + 1 with the reader's downloads/{uid} marker stamped now,
 * once per reader per note per day (UTC), as the rules allow. Resolves to whether this download
 * was counted (false: already counted today).
 */
export async function recordDownload(noteId: string, uid: string): Promise<boolean> {
  const { db, sdk } = await loadAnyFirestore();
  const markerRef = sdk.doc(db, 'notes', noteId, 'downloads', uid);
  return sdk.runTransaction(db, async (tx) => {
    const at: unknown = (await tx.get(markerRef)).data()?.['at'];
    if (at instanceof sdk.Timestamp && sameUtcDay(at.toDate(), new Date())) return false;
    tx.set(markerRef, { uid, at: sdk.serverTimestamp() });
    tx.update(sdk.doc(db, 'notes', noteId), { downloadCount: sdk.increment(1) });
    return true;
  });
}
