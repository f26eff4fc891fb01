import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { LoadFailure } from '../../../shared/ui/load-failure';
import { LoadingState } from '../../../shared/ui/loading-state';
import {
  DEFAULT_CRITERIA,
  criteriaToParams,
  withSearch,
  type BrowseCriteria,
} from '../api/browse-query';
import { suggestionsFor } from '../api/suggestions';
import { useBrowseCriteria } from '../hooks/use-browse-criteria';
import { useBrowseNotes } from '../hooks/use-browse-notes';
import { useCommentsView } from '../hooks/use-comments-view';
import { useHydrated } from '../../../shared/utils/use-hydrated';
import { useFilterOptions } from '../hooks/use-filter-options';
import { useNoteActions } from '../hooks/use-note-actions';
import './browse-page.css';
import { BrowseToolbar } from './browse-toolbar';
import { NoteCard } from './note-card';
import type { BrowseNote } from '../api/browse-model';

/*
 * The page is plain markup over the Chakra tokens' CSS (browse-page.css, browse-toolbar.css,
 * note-card.css), no Chakra runtime: the heading, the search and filter bar and the cards render
 * as soon as the page's chunk and the first page of notes are here, and are in the prerendered
 * HTML (GET /browse). Measured with Lighthouse mobile (slow 4G, 4x CPU), waiting for Chakra's
 * chunks and first render was most of the list's render delay; the bar, once Chakra's, loaded
 * after the list in a placeholder of its height.
 */
// Plain markup like the page; loaded when a card's comment button is pressed.
const NoteCommentsView = lazy(() =>
  import('./note-comments-view').then((m) => ({ default: m.NoteCommentsView })),
);

// The report dialog (issue 30), loaded when a card's Report is chosen.
const ReportDialog = lazy(() => import('../../reports').then((m) => ({ default: m.ReportDialog })));

/** Note titles kept as suggestion candidates (the most recently listed). */
const MAX_SEEN_TITLES = 500;

/**
 * "Did you mean X?" under a search that found nothing: X searches for it at once. A real link
 * (the same list's address with X as its search), so it also opens in a new tab.
 */
function DidYouMean({
  query,
  criteria,
  onSearch,
}: {
  query: string;
  criteria: BrowseCriteria;
  onSearch: (text: string) => void;
}) {
  const href = `${paths.browse}?${criteriaToParams(withSearch(criteria, query)).toString()}`;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (a modifier key) is the browser's to open.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onSearch(query);
  };
  return (
    <p className="nn-browse__did-you-mean" data-testid="did-you-mean">
      Did you mean{' '}
      <a href={href} onClick={onClick}>
        {query}
      </a>
      ?
    </p>
  );
}

export const EMPTY_TITLE = 'No notes found matching your filters';
export const EMPTY_HINT = 'Try adjusting your search criteria or clear filters';

/**
 * Browse ('Explore Shared Notes', spec section 2): search with suggestions, four searchable
 * filters, a sort, the card grid with "Load more", likes, downloads and the inline comment view.
 * The criteria live in the address (/browse?q=...&subject=...), so Back from a note's Detail page
 * returns to the same list.
 */
export default function BrowsePage() {
  const [params, setParams] = useSearchParams();
  const { criteria, text, setText, applySearch, setFilter, setSort, resetFilters } =
    useBrowseCriteria(params, setParams);

  // "Load more" prerendered by GET /browse has no handler until the app takes over: a click then
  // did nothing (seen in CI), so it stays disabled until then, like the cards' buttons.
  const live = useHydrated();
  const options = useFilterOptions();
  const list = useBrowseNotes(criteria);
  const listedIds = useMemo(() => list.notes.map((n) => n.id), [list.notes]);
  const actions = useNoteActions(list.updateNote, listedIds);
  // The note being reported and by whom; a visitor is sent to sign in first.
  const [reporting, setReporting] = useState<{ note: BrowseNote; uid: string } | null>(null);
  const { withUser } = actions;
  const report = useCallback(
    (note: BrowseNote) => withUser((user) => setReporting({ note, uid: user.uid })),
    [withUser],
  );

  // Titles of every note listed so far: suggestions stay put while a new search loads.
  const [seenTitles, setSeenTitles] = useState<readonly string[]>([]);
  useEffect(() => {
    if (list.notes.length === 0) return;
    setSeenTitles((seen) => {
      const known = new Set(seen);
      const fresh = list.notes.map((n) => n.title).filter((t) => !known.has(t));
      return fresh.length === 0 ? seen : [...seen, ...fresh].slice(-MAX_SEEN_TITLES);
    });
  }, [list.notes]);
  const suggestions = useMemo(
    () =>
      suggestionsFor(text, [
        ...options.subjects,
        ...options.courses,
        ...options.colleges,
        ...seenTitles,
      ]),
    [text, options, seenTitles],
  );

  const { openNote, openComments, closeComments, onNoteRefreshed } = useCommentsView(
    params,
    setParams,
    list,
  );

  return (
    <div className="nn-container nn-browse">
      <h1 className="nn-heading nn-browse__title">Explore Shared Notes</h1>

      {openNote ? (
        <Suspense fallback={<LoadingState />}>
          <NoteCommentsView
            key={openNote.id}
            note={openNote}
            onBack={closeComments}
            onNote={onNoteRefreshed}
            withUser={actions.withUser}
          />
        </Suspense>
      ) : (
        <>
          {/*
           * Until the app has taken the prerendered page over, the bar shows what the server
           * rendered (no criteria: it knows no address), disabled: a value typed meanwhile would
           * be lost, and the address's criteria would not match the HTML being hydrated.
           */}
          <BrowseToolbar
            live={live}
            text={live ? text : ''}
            onTextChange={setText}
            onApplySearch={applySearch}
            suggestions={suggestions}
            criteria={live ? criteria : DEFAULT_CRITERIA}
            options={options}
            onSort={setSort}
            onFilter={setFilter}
            onReset={resetFilters}
          />

          <div aria-busy={list.status === 'loading'}>
            {list.status === 'loading' && <LoadingState label="Loading notes..." />}
            {/* Also what a search shows when the search index is unavailable (503). */}
            {list.status === 'error' && <LoadFailure heading="h2" />}
            {list.status === 'success' && list.didYouMean && (
              <DidYouMean query={list.didYouMean} criteria={criteria} onSearch={applySearch} />
            )}
            {list.status === 'success' && list.notes.length === 0 && !list.hasMore && (
              <div className="nn-browse__empty" data-testid="browse-empty">
                <p className="nn-browse__empty-title">{EMPTY_TITLE}</p>
                <p className="nn-muted">{EMPTY_HINT}</p>
              </div>
            )}
            {actions.notice && <Alert>{actions.notice}</Alert>}
            {list.status === 'success' && list.notes.length > 0 && (
              // Prerendered cards (GET /browse) show before the app runs: their buttons wait
              // for it, disabled by this one fieldset rather than each by a hook of its own,
              // whose change after hydration re-rendered every card at once (one long task of
              // Browse's start).
              <fieldset disabled={!live} role="presentation" className="nn-browse__cards">
                <div className="nn-browse__grid" data-testid="notes-grid">
                  {list.notes.map((note) => (
                    <NoteCard
                      key={note.id}
                      note={note}
                      liked={actions.liked[note.id]}
                      busy={actions.busy[note.id]}
                      actionsDisabled={actions.authPending}
                      onLike={actions.toggleLike}
                      onComments={openComments}
                      onDownload={actions.download}
                      onReport={report}
                    />
                  ))}
                </div>
              </fieldset>
            )}
            {list.status === 'success' && list.hasMore && (
              <div className="nn-browse__more">
                <button
                  type="button"
                  className="nn-button nn-button--outline"
                  disabled={list.loadingMore || !live}
                  onClick={list.loadMore}
                >
                  {list.loadingMore && <span className="nn-spinner" aria-hidden="true" />}
                  {list.loadingMore ? 'Loading...' : 'Load more'}
                </button>
                {list.loadMoreFailed && (
                  <p className="nn-browse__more-error">
                    More notes could not be loaded. Please try again.
                  </p>
                )}
              </div>
            )}
          </div>
        </>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            key={reporting.note.id}
            noteId={reporting.note.id}
            noteTitle={reporting.note.title}
            uid={reporting.uid}
            open
            onClose={() => setReporting(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
