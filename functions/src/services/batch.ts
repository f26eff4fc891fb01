/**
 * Many-document writes in chunks: a Firestore batch holds at most 500 writes, and cascades can
 * touch more (a user with hundreds of comments).
 */
import type { DocumentData, DocumentReference, UpdateData } from 'firebase-admin/firestore';
import { db } from '../firebase.js';

const CHUNK = 400;

export async function deleteAll(refs: readonly DocumentReference[]): Promise<void> {
  for (let i = 0; i < refs.length; i += CHUNK) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + CHUNK)) batch.delete(ref);
    await batch.commit();
  }
}

export async function updateAll(
  refs: readonly DocumentReference[],
  data: UpdateData<DocumentData>,
): Promise<void> {
  for (let i = 0; i < refs.length; i += CHUNK) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + CHUNK)) batch.update(ref, data);
    await batch.commit();
  }
}
