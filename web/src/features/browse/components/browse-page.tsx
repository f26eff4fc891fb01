import { Box, Button, Container, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../../shared/ui';
import type { BrowseNote } from '../api/browse-model';
import {
  BROWSE_SORTS,
  SORT_LABELS,
  criteriaFromParams,
  criteriaToParams,
  type BrowseCriteria,
  type BrowseFilters,
  type BrowseSort,
} from '../api/browse-query';
import { suggestionsFor } from '../api/suggestions';
import { useBrowseNotes } from '../hooks/use-browse-notes';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useFilterOptions } from '../hooks/use-filter-options';
import { useNoteActions } from '../hooks/use-note-actions';
import { FilterSelect } from './filter-select';
import { FieldLabel, NativeSelect } from '../../../shared/ui/form-controls';
import { NoteCard } from './note-card';
import { NoteCommentsView } from './note-comments-view';
import { SearchBox } from './search-box';

/** Typing pause before the list reloads for new search text (suggestions update at once). */
const SEARCH_DEBOUNCE_MS = 300;
/** Note titles kept as suggestion candidates (the most recently listed). */
const MAX_SEEN_TITLES = 500;

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
  const criteria = useMemo(() => criteriaFromParams(params), [params]);
  const criteriaRef = useRef(criteria);
  criteriaRef.current = criteria;
  const setCriteria = useCallback(
    (next: BrowseCriteria) => setParams(criteriaToParams(next), { replace: true }),
    [setParams],
  );

  const [text, setText] = useState(criteria.search);
  const debouncedText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedText !== criteriaRef.current.search) {
      setCriteria({ ...criteriaRef.current, search: debouncedText });
    }
  }, [debouncedText, setCriteria]);

  const applySearch = (value: string) => {
    setText(value);
    if (value !== criteria.search) setCriteria({ ...criteria, search: value });
  };
  const setFilter = <K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]) =>
    setCriteria({ ...criteria, filters: { ...criteria.filters, [key]: value } });
  const setSort = (sort: BrowseSort) => setCriteria({ ...criteria, sort });
  const resetFilters = () => {
    setText('');
    setCriteria({
      search: '',
      filters: { subject: null, course: null, semester: null, college: null },
      sort: criteria.sort,
    });
  };

  const options = useFilterOptions();
  const list = useBrowseNotes(criteria);
  const actions = useNoteActions(list.updateNote);

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

  // The inline comment view replaces the list; the list (and its scroll position) is kept.
  const [openNote, setOpenNote] = useState<BrowseNote | null>(null);
  const scrollY = useRef(0);
  const openComments = useCallback((note: BrowseNote) => {
    scrollY.current = window.scrollY;
    setOpenNote(note);
    window.scrollTo(0, 0);
  }, []);
  const closeComments = () => setOpenNote(null);
  useEffect(() => {
    if (openNote === null && scrollY.current > 0) window.scrollTo(0, scrollY.current);
  }, [openNote]);
  const onNoteRefreshed = useCallback(
    (note: BrowseNote) => {
      setOpenNote(note);
      list.updateNote(note.id, () => note);
    },
    [list.updateNote],
  );

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="3xl" mb="8">
        Explore Shared Notes
      </Heading>

      {openNote ? (
        <NoteCommentsView
          key={openNote.id}
          note={openNote}
          onBack={closeComments}
          onNote={onNoteRefreshed}
          requireUser={actions.requireUser}
        />
      ) : (
        <>
          <Box role="search" aria-label="Notes" mb="8">
            <Flex
              gap="3"
              direction={{ base: 'column', md: 'row' }}
              align={{ md: 'flex-end' }}
              mb="4"
            >
              <SearchBox
                value={text}
                onChange={setText}
                onApply={applySearch}
                suggestions={suggestions}
              />
              <Box minW={{ md: '48' }}>
                <FieldLabel htmlFor="browse-sort">Sort by</FieldLabel>
                <NativeSelect
                  id="browse-sort"
                  value={criteria.sort}
                  minHeight="11"
                  onChange={(e) => setSort(e.target.value as BrowseSort)}
                >
                  {BROWSE_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </Box>
            </Flex>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="4">
              <FilterSelect
                label="Subject"
                placeholder="Select Subject"
                options={options.subjects}
                value={criteria.filters.subject}
                onChange={(v) => setFilter('subject', v)}
              />
              <FilterSelect
                label="Course"
                placeholder="Select Course"
                options={options.courses}
                value={criteria.filters.course}
                onChange={(v) => setFilter('course', v)}
              />
              <FilterSelect
                label="Semester"
                placeholder="Select Semester"
                options={options.semesters}
                value={criteria.filters.semester}
                onChange={(v) => setFilter('semester', v)}
              />
              <FilterSelect
                label="College"
                placeholder="Select College"
                options={options.colleges}
                value={criteria.filters.college}
                onChange={(v) => setFilter('college', v)}
              />
            </SimpleGrid>
            <Button variant="outline" colorPalette="gray" size="sm" onClick={resetFilters}>
              Reset Filters
            </Button>
          </Box>

          <Box aria-busy={list.status === 'loading'}>
            {list.status === 'loading' && <LoadingState label="Loading notes..." />}
            {list.status === 'error' && (
              <Text role="alert" color="red.700">
                We couldn't load the notes. Please try again later.
              </Text>
            )}
            {list.status === 'success' && list.notes.length === 0 && !list.hasMore && (
              <Box textAlign="center" py="16" data-testid="browse-empty">
                <Text fontSize="lg" fontWeight="semibold">
                  {EMPTY_TITLE}
                </Text>
                <Text color="fg.muted">{EMPTY_HINT}</Text>
              </Box>
            )}
            {list.status === 'success' && list.notes.length > 0 && (
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6" data-testid="notes-grid">
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
                  />
                ))}
              </SimpleGrid>
            )}
            {list.status === 'success' && list.hasMore && (
              <Flex direction="column" align="center" gap="2" mt="8">
                <Button
                  colorPalette="teal"
                  variant="outline"
                  loading={list.loadingMore}
                  loadingText="Loading..."
                  onClick={list.loadMore}
                >
                  Load more
                </Button>
                {list.loadMoreFailed && (
                  <Text color="red.700" fontSize="sm">
                    More notes could not be loaded. Please try again.
                  </Text>
                )}
              </Flex>
            )}
          </Box>
        </>
      )}
    </Container>
  );
}
