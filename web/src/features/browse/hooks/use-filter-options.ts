import { useEffect, useState } from 'react';
import { fetchFilterOptions } from '../api/browse-api';
import { NO_FILTER_OPTIONS, type FilterOptionLists } from '../api/browse-model';

/**
 * The four dropdowns' options, from the single `meta/filterOptions` document (1 read). A failure
 * is only logged (spec section 8): the dropdowns stay empty and the list still works.
 */
export function useFilterOptions(): FilterOptionLists {
  const [options, setOptions] = useState<FilterOptionLists>(NO_FILTER_OPTIONS);
  useEffect(() => {
    let current = true;
    fetchFilterOptions().then(
      (loaded) => current && setOptions(loaded),
      (error: unknown) => console.error('Could not load the filter options', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return options;
}
