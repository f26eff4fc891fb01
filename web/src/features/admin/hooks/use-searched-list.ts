import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useServerList, type ListPage, type ServerList } from '../../../shared/server-state';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../shared/utils/use-debounced-value';

/** What a search box shows and how it changes (bound to a `SearchField`). */
export interface SearchText {
  value: string;
  onChange: (text: string) => void;
}

/**
 * A list the server searches and pages (the admin Users, Notes and Colleges lists, and the Notes
 * page's college finder): the box's text, and the list for it once typing pauses, so each key
 * stroke does not cost a request. `key` names the list and its other filters.
 */
export function useSearchedList<T>(
  key: readonly unknown[],
  load: (query: string, cursor: string | null) => Promise<ListPage<T>>,
): ServerList<T> & { search: SearchText } {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useServerList([...key, query] as QueryKey, (cursor) => load(query, cursor));
  return { ...list, search: { value: text, onChange: setText } };
}
