import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FilterOptionLists } from '../api/browse-model';
import {
  FILTER_KEYS,
  SORT_LABELS,
  isSearch,
  sortsFor,
  type BrowseCriteria,
  type BrowseFilters,
  type BrowseSort,
} from '../api/browse-query';
import { useModalDialog } from '../../../shared/ui/use-modal-dialog';
import { FollowButton } from '../../follows';
import { useMediaQuery } from '../hooks/use-media-query';
import './browse-toolbar.css';
import { FilterSelect } from './filter-select';
import { SearchBox } from './search-box';

export interface BrowseToolbarProps {
  text: string;
  onTextChange: (text: string) => void;
  onApplySearch: (text: string) => void;
  suggestions: string[];
  criteria: BrowseCriteria;
  options: FilterOptionLists;
  onSort: (sort: BrowseSort) => void;
  onFilter: <K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]) => void;
  onReset: () => void;
  /** False until the app has taken the prerendered page over: every control is disabled. */
  live: boolean;
}

/** Below this width (browse-toolbar.css's breakpoint) the filters fold into a sheet. */
const WIDE_SCREEN = '(min-width: 40rem)';

/**
 * Browse's search box, sort, four filters and Reset Filters, in plain markup over the Chakra
 * tokens' CSS (browse-toolbar.css) like the rest of the page. On a phone the filters and Reset
 * fold into a "Filters" button (with the number of filters in use) that opens them in a sheet,
 * so the notes start in the first screen instead of 700 px down.
 */
export function BrowseToolbar(props: BrowseToolbarProps) {
  const { text, onTextChange, onApplySearch, suggestions, criteria, onSort, live } = props;
  const wide = useMediaQuery(WIDE_SCREEN);
  // The prerender (and the hydration render) knows no width: it lays the filters out inline and
  // CSS hides them on a phone; the sheet takes them once the app knows the screen is narrow.
  const narrow = live && !wide;
  const [sheetOpen, setSheetOpen] = useState(false);
  useEffect(() => {
    if (!narrow) setSheetOpen(false);
  }, [narrow]);
  const filterButton = useRef<HTMLButtonElement>(null);
  const active = FILTER_KEYS.filter((key) => criteria.filters[key] !== null).length;

  return (
    <div role="search" aria-label="Notes" className="nn-browse__toolbar">
      <div className="nn-browse__bar">
        <SearchBox
          value={text}
          onChange={onTextChange}
          onApply={onApplySearch}
          suggestions={suggestions}
          disabled={!live}
        />
        <div className="nn-browse__sort">
          <label className="nn-label" htmlFor="browse-sort">
            Sort by
          </label>
          <select
            id="browse-sort"
            className="nn-input nn-browse__select"
            value={criteria.sort}
            disabled={!live}
            onChange={(e) => onSort(e.target.value as BrowseSort)}
          >
            {/* Relevance is offered (and the default) only while searching. */}
            {sortsFor(isSearch(criteria)).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button
          ref={filterButton}
          type="button"
          className="nn-button nn-button--lg nn-button--outline nn-button--gray nn-browse__filters-button"
          aria-haspopup="dialog"
          disabled={!live}
          onClick={() => setSheetOpen(true)}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </button>
      </div>
      {narrow ? (
        <FilterSheet
          open={sheetOpen}
          onClose={() => {
            setSheetOpen(false);
            // Back where the sheet was opened from (Escape, the close button or the backdrop).
            filterButton.current?.focus();
          }}
        >
          <Filters {...props} />
        </FilterSheet>
      ) : (
        <div className="nn-browse__filters">
          <Filters {...props} />
        </div>
      )}
    </div>
  );
}

/** The four filters: each one's label, and where its options are. */
const FILTERS = [
  { key: 'subject', label: 'Subject', options: 'subjects' },
  { key: 'course', label: 'Course', options: 'courses' },
  { key: 'semester', label: 'Semester', options: 'semesters' },
  { key: 'college', label: 'College', options: 'colleges' },
] as const satisfies readonly {
  key: keyof BrowseFilters;
  label: string;
  options: keyof FilterOptionLists;
}[];

/** The four filters and Reset Filters, inline on a wide screen, in the sheet on a phone. */
function Filters({ criteria, options, onFilter, onReset, live }: BrowseToolbarProps) {
  return (
    <>
      <div className="nn-browse__filter-grid">
        {FILTERS.map(({ key, label, options: list }) => {
          const value = criteria.filters[key];
          return (
            <div key={key} className="nn-browse__filter-cell">
              <FilterSelect<string | number>
                label={label}
                placeholder={`Select ${label}`}
                options={options[list]}
                value={value}
                // Each list holds its own filter's values (semesters are numbers, the rest text).
                onChange={(v) => onFilter(key, v as BrowseFilters[typeof key])}
                disabled={!live}
              />
              {/* Follow what the filter chose (issue 32): a subject, a course or a college. */}
              {key !== 'semester' && typeof value === 'string' && (
                <FollowButton kind={key} name={value} />
              )}
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="nn-button nn-button--sm nn-button--outline nn-button--gray"
        disabled={!live}
        onClick={onReset}
      >
        Reset Filters
      </button>
    </>
  );
}

/**
 * A bottom sheet: a modal <dialog>, so the browser keeps focus inside it and the page behind
 * inert, and Escape closes it (a filter's open list takes Escape first: use-combobox.ts stops it
 * there). Focus starts on its close button, not on a filter, whose list would open on focus.
 */
function FilterSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, () => closeButton.current?.focus());
  const titleId = useId();

  return (
    <dialog
      ref={dialog.ref}
      className="nn-browse__sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={dialog.onClick}
    >
      <div className="nn-browse__sheet-body">
        <div className="nn-browse__sheet-header">
          <h2 id={titleId} className="nn-heading nn-browse__sheet-title">
            Filters
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="nn-button nn-button--sm nn-button--ghost"
            onClick={dialog.close}
          >
            Close
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
