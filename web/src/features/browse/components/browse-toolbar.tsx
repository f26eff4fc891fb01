import { Box, Button, Flex, SimpleGrid } from '@chakra-ui/react';
import { FieldLabel, NativeSelect } from '../../../shared/ui/form-controls';
import type { FilterOptionLists } from '../api/browse-model';
import {
  SORT_LABELS,
  isSearch,
  sortsFor,
  type BrowseCriteria,
  type BrowseFilters,
  type BrowseSort,
} from '../api/browse-query';
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
}

/**
 * Browse's search box, sort, four filters and Reset Filters: the Chakra part of the page, loaded
 * beside the Chakra-free list (browse-page.tsx) and shown as soon as Chakra has loaded.
 */
export default function BrowseToolbar({
  text,
  onTextChange,
  onApplySearch,
  suggestions,
  criteria,
  options,
  onSort,
  onFilter,
  onReset,
}: BrowseToolbarProps) {
  return (
    <Box role="search" aria-label="Notes" className="nn-browse__toolbar">
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} mb="4">
        <SearchBox
          value={text}
          onChange={onTextChange}
          onApply={onApplySearch}
          suggestions={suggestions}
        />
        <Box minW={{ md: '48' }}>
          <FieldLabel htmlFor="browse-sort">Sort by</FieldLabel>
          <NativeSelect
            id="browse-sort"
            value={criteria.sort}
            minHeight="11"
            onChange={(e) => onSort(e.target.value as BrowseSort)}
          >
            {/* Relevance is offered (and the default) only while searching. */}
            {sortsFor(isSearch(criteria)).map((s) => (
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
          onChange={(v) => onFilter('subject', v)}
        />
        <FilterSelect
          label="Course"
          placeholder="Select Course"
          options={options.courses}
          value={criteria.filters.course}
          onChange={(v) => onFilter('course', v)}
        />
        <FilterSelect
          label="Semester"
          placeholder="Select Semester"
          options={options.semesters}
          value={criteria.filters.semester}
          onChange={(v) => onFilter('semester', v)}
        />
        <FilterSelect
          label="College"
          placeholder="Select College"
          options={options.colleges}
          value={criteria.filters.college}
          onChange={(v) => onFilter('college', v)}
        />
      </SimpleGrid>
      <Button variant="outline" colorPalette="gray" size="sm" onClick={onReset}>
        Reset Filters
      </Button>
    </Box>
  );
}
