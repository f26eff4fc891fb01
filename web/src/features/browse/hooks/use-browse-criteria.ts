import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../shared/utils/use-debounced-value';
import {
  criteriaFromParams,
  criteriaToParams,
  withSearch,
  type BrowseCriteria,
  type BrowseFilters,
  type BrowseSort,
} from '../api/browse-query';

export interface BrowseCriteriaState {
  criteria: BrowseCriteria;
  /** What the search box shows (the criteria's search follows it, debounced). */
  text: string;
  setText: (text: string) => void;
  /** Searches for `value` now (Enter, a picked suggestion). */
  applySearch: (value: string) => void;
  setFilter: <K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]) => void;
  setSort: (sort: BrowseSort) => void;
  /** Clears the search and every filter; the sort stays. */
  resetFilters: () => void;
}

/**
 * Browse's search, filters and sort, kept in the address (/browse?q=...&subject=...): every
 * change is a history entry, so Back returns to the previous list, and a link or a reload shows
 * the same one. Typing updates the box at once and the criteria after a pause.
 */
export function useBrowseCriteria(
  params: URLSearchParams,
  setParams: SetURLSearchParams,
): BrowseCriteriaState {
  const criteria = useMemo(() => criteriaFromParams(params), [params]);
  const criteriaRef = useRef(criteria);
  criteriaRef.current = criteria;
  const setCriteria = useCallback(
    (next: BrowseCriteria) => setParams(criteriaToParams(next)),
    [setParams],
  );

  const [text, setText] = useState(criteria.search);
  const debouncedText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // Only when the typing pauses: setParams is a new function after every navigation, and
  // re-running on it undid a search applied at once (Enter within the pause): the older
  // debounced text replaced it, then came back when the pause ended (two extra history entries).
  const setCriteriaRef = useRef(setCriteria);
  setCriteriaRef.current = setCriteria;
  useEffect(() => {
    if (debouncedText !== criteriaRef.current.search) {
      setCriteriaRef.current(withSearch(criteriaRef.current, debouncedText));
    }
  }, [debouncedText]);

  return {
    criteria,
    text,
    setText,
    applySearch: (value) => {
      setText(value);
      if (value !== criteria.search) setCriteria(withSearch(criteria, value));
    },
    setFilter: (key, value) =>
      setCriteria({ ...criteria, filters: { ...criteria.filters, [key]: value } }),
    setSort: (sort) => setCriteria({ ...criteria, sort }),
    resetFilters: () => {
      setText('');
      setCriteria({
        ...withSearch(criteria, ''),
        filters: { subject: null, course: null, semester: null, college: null },
      });
    },
  };
}
