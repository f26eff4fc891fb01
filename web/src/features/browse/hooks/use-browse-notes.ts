import { startTransition, useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  embeddedFirstPage,
  fetchNotesPage,
  forgetEmbeddedFirstPage,
  type NotesCursor,
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

interface ListData {
  key: string;
  status: BrowseList['status'];
  notes: BrowseNote[];
  next: NotesCursor | null;
  didYouMean: string | null;
  loadingMore: boolean;
  loadMoreFailed: boolean;
}

/**
 * The paged list for the criteria: the first page loads whenever the criteria change (a new
 * search text, filter or sort), "Load more" appends the next page from the cursor. Results of a
 * superseded load are dropped, so a slow answer for an old search never replaces a newer list.
 */
export function useBrowseNotes(criteria: BrowseCriteria): BrowseList {
  const key = criteriaKey(criteria);
  const criteriaRef = useRef(criteria);
  criteriaRef.current = criteria;
  const provided = useContext(FirstPageContext);
  // The first page the server rendered into the document, when it is this list's: shown at once.
  const [data, setData] = useState<ListData>(() => {
    const page = embeddedFirstPage(criteria, provided);
    return {
      key,
      status: page ? 'success' : 'loading',
      notes: page?.notes ?? [],
      next: page?.next ?? null,
      didYouMean: null,
      loadingMore: false,
      loadMoreFailed: false,
    };
  });
  const dataRef = useRef(data);
  dataRef.current = data;
  const showsEmbedded = useRef(data.status === 'success');

  useEffect(() => {
    if (showsEmbedded.current) {
      showsEmbedded.current = false;
      forgetEmbeddedFirstPage();
      return;
    }
    let current = true;
    setData({
      key,
      status: 'loading',
      notes: [],
      next: null,
      didYouMean: null,
      loadingMore: false,
      loadMoreFailed: false,
    });
    fetchNotesPage(criteriaRef.current, null).then(
      (page) =>
        current &&
        // A transition: React renders the page of cards in slices, leaving the main thread free
        // for input (one long task on a slow phone otherwise).
        startTransition(() =>
          setData({
            key,
            status: 'success',
            notes: page.notes,
            next: page.next,
            didYouMean: page.didYouMean,
            loadingMore: false,
            loadMoreFailed: false,
          }),
        ),
      (error: unknown) => {
        console.error('Could not load notes', error);
        if (current) setData((d) => ({ ...d, key, status: 'error' }));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  const loadMore = useCallback(() => {
    const d = dataRef.current;
    if (d.status !== 'success' || !d.next || d.loadingMore) return;
    const forKey = d.key;
    setData({ ...d, loadingMore: true, loadMoreFailed: false });
    fetchNotesPage(criteriaRef.current, d.next).then(
      (page) =>
        setData((cur) => {
          if (cur.key !== forKey) return cur;
          const seen = new Set(cur.notes.map((n) => n.id));
          return {
            ...cur,
            notes: [...cur.notes, ...page.notes.filter((n) => !seen.has(n.id))],
            next: page.next,
            loadingMore: false,
          };
        }),
      (error: unknown) => {
        console.error('Could not load more notes', error);
        setData((cur) =>
          cur.key === forKey ? { ...cur, loadingMore: false, loadMoreFailed: true } : cur,
        );
      },
    );
  }, []);

  const updateNote = useCallback((id: string, update: (note: BrowseNote) => BrowseNote) => {
    setData((cur) => ({
      ...cur,
      notes: cur.notes.map((n) => (n.id === id ? update(n) : n)),
    }));
  }, []);

  // Until the effect for a new key has run, report loading rather than the old list.
  const stale = data.key !== key;
  return {
    status: stale ? 'loading' : data.status,
    notes: stale ? [] : data.notes,
    hasMore: !stale && data.next !== null,
    loadingMore: data.loadingMore,
    loadMoreFailed: data.loadMoreFailed,
    loadMore,
    didYouMean: stale ? null : data.didYouMean,
    updateNote,
  };
}
