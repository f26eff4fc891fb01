import { loadFirestore } from '../../../shared/firebase';
import { toNoteSummary, type NoteSummary } from './note-summary';

export const BROWSE_PAGE_SIZE = 24;

/**
 * Newest approved notes. `approved == true` must be in the query: the rules let anyone read an
 * approved note but are not filters, so a query that does not say so is refused as a whole.
 * Needs the (approved asc, createdAt desc) composite index in firestore.indexes.json.
 */
export async function listApprovedNotes(pageSize = BROWSE_PAGE_SIZE): Promise<NoteSummary[]> {
  const { db, sdk } = await loadFirestore();
  const q = sdk.query(
    sdk.collection(db, 'notes'),
    sdk.where('approved', '==', true),
    sdk.orderBy('createdAt', 'desc'),
    sdk.limit(pageSize),
  );
  const snapshot = await sdk.getDocs(q);
  return snapshot.docs.map((doc) => toNoteSummary(doc.id, doc.data()));
}
