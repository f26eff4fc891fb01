import { useCallback, useContext, useEffect, useState } from 'react';
import { useServerList, type ListPage } from '../../../shared/server-state/use-server-list';
import {
  embeddedFirstPage,
  fetchNotesPage,
  forgetEmbeddedFirstPage,
  type NotesCursor,
  type NotesPage,
} from '../api/browse-api';
import type { BrowseNote } from '../api/browse-model';
import { criteriaKey, type BrowseCriteria } from '../api/browse-query';
import { FirstPageContext } from './first-page-context';

export interface BrowseList {
  status: 'loading' | 'success' | 'error';
  notes: BrowseNote[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
  /** A search that found nothing: a corrected query that finds notes ("Did you mean ...?"). */
  didYouMean: string | null;
  /** Replace one listed note (after a like, a download or a comment). */
  updateNote: (id: string, update: (note: BrowseNote) => BrowseNote) => void;
}

/** A page of Browse's list as the shared list hook takes it. */
type BrowsePage = ListPage<BrowseNote, NotesCursor> & SearchInfo;
interface SearchInfo {
  didYouMean: string | null;
}

const asListPage = (page: NotesPage): BrowsePage => ({
  items: page.notes,
  next: page.next,
  didYouMean: page.didYouMean,
});

const noteId = (note: BrowseNote) => note.id;

/**
 * Browse's list for the criteria on the app's paged-list hook (`useServerList`, like the admin
 * lists): the first page loads whenever the criteria change (a new search text, filter or sort),
 * "Load more" appends the next page from the cursor, and a slow answer for an old search never
 * replaces a newer list. What is Browse's own: the first page the server rendered into the
 * document, shown at once without loading it again, and the search's "Did you mean".
 */
export function useBrowseNotes(criteria: BrowseCriteria): BrowseList {
  const provided = useContext(FirstPageContext);
  // Read once: the prerendered page belongs to the criteria of the first render only.
  const [embedded] = useState(() => {
    const page = embeddedFirstPage(criteria, provided);
    return page ? asListPage(page) : null;
  });
  useEffect(() => {
    // Shown: a later visit of Browse in this page loads the list afresh rather than show it.
    if (embedded) forgetEmbeddedFirstPage();
  }, [embedded]);

  const list = useServerList<BrowseNote, NotesCursor, SearchInfo>(
    ['browse', criteriaKey(criteria)],
    (cursor) => fetchNotesPage(criteria, cursor).then(asListPage),
    { initial: embedded, itemKey: noteId },
  );

  const { update } = list;
  const updateNote = useCallback(
    (id: string, change: (note: BrowseNote) => BrowseNote) =>
      update((notes) => notes.map((n) => (n.id === id ? change(n) : n))),
    [update],
  );

  return {
    status: list.status,
    notes: list.items,
    hasMore: list.hasMore,
    loadingMore: list.loadingMore,
    loadMoreFailed: list.status === 'success' && list.error !== null,
    loadMore: list.more,
    didYouMean: list.firstPage?.didYouMean ?? null,
    updateNote,
  };
}
