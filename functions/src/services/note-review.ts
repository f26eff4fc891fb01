/** The admin's notes: the paged lists (all, pending, a college's; searched or not) and review. */
import { FieldValue, type Query } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { HttpError } from '../http/errors.js';
import { search } from '../search/index.js';
import { refuseApprovingCopy } from './duplicates.js';
import { NOTE_ERRORS } from './notes.js';
import { notesOfHits } from './note-search.js';
import { pageOf, type Page, type PageRequest } from './pages.js';
import { dismissReports } from './reports.js';
import { withSearchDb } from './search-db.js';
import { noteView, type NoteView } from './views.js';

/**
 * Admin lists, a page at a time: every note, the pending ones, or one college's, newest first
 * from Firestore; or, with a search, the search index's matches (pending notes included, the
 * same approved/college filters, ranked by relevance) read back from Firestore, its cursor the
 * index's. A Firestore cursor is a note id, a search's is the index's: each mode reads its own.
 */
export async function adminNotesPage(
  filter: { approved?: boolean; college?: string; search?: string },
  page: PageRequest,
): Promise<Page<NoteView>> {
  if (filter.search?.trim()) {
    const result = await withSearchDb((client) =>
      search(
        client,
        {
          q: filter.search!,
          includePending: true,
          filters: { approved: filter.approved ?? null, college: filter.college ?? null },
          limit: page.limit,
          cursor: page.cursor,
        },
        { decorate: false },
      ),
    );
    // Firestore has the last word: a note approved or moved since it was indexed.
    const items = await notesOfHits(
      result.hits,
      (d) =>
        (filter.approved === undefined || (d['approved'] === true) === filter.approved) &&
        (filter.college === undefined || d['collegeName'] === filter.college),
    );
    return { items, next: result.nextCursor };
  }
  let query: Query = db().collection('notes');
  if (filter.approved !== undefined) query = query.where('approved', '==', filter.approved);
  if (filter.college !== undefined) query = query.where('collegeName', '==', filter.college);
  return pageOf('notes', query.orderBy('createdAt', 'desc'), page, noteView);
}

export async function reviewNote(id: string, approved: boolean): Promise<NoteView> {
  const ref = db().doc(`notes/${id}`);
  const before = await ref.get();
  if (!before.exists) throw new HttpError(404, NOTE_ERRORS.notFound);
  // A copy of a shared file is never listed (services/duplicates.ts).
  if (approved) await refuseApprovingCopy(before.data()!);
  // Approving a note reports took out of view is the Reports screen's dismiss: the reports are
  // closed with it (else underReview and their count would stay behind; services/reports.ts).
  if (approved && before.get('underReview') === true) await dismissReports(id);
  // The filter options follow from the note trigger (triggers/notes.ts). Every approval stamps
  // approvedAt (the Following feed's order and New marks: a note approved again is news again);
  // going back to pending leaves it, as the rules do for an admin's direct write.
  else if (before.get('approved') !== approved)
    await ref.update(
      approved ? { approved, approvedAt: FieldValue.serverTimestamp() } : { approved },
    );
  return noteView(id, (await ref.get()).data()!);
}
