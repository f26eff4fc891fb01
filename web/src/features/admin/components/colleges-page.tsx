import { Box, Button, Heading, SimpleGrid, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingState, TextField } from '../../../shared/ui';
import { fetchCollegeNotes, fetchColleges } from '../api/admin-api';
import {
  ADMIN_ERRORS,
  ADMIN_LOADING,
  ADMIN_TEXTS,
  bannerText,
  type CollegeSummary,
} from '../api/admin-model';
import { useServerList } from '../../../shared/server-state';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../shared/utils/use-debounced-value';
import { DataTable, ErrorBanner, PageTitle, ShowMore, StatusBadge, Table } from './admin-ui';
import { formatCount } from '../../../shared/utils/numbers';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <chakra.dt fontSize="sm" color="gray.700">
        {label}
      </chakra.dt>
      <chakra.dd fontSize="xl" fontWeight="bold" color="gray.900">
        {formatCount(value)}
      </chakra.dd>
    </Box>
  );
}

function CollegeCard({ college, onOpen }: { college: CollegeSummary; onOpen: () => void }) {
  return (
    <Box
      as="li"
      data-college={college.name}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      shadow="sm"
      _hover={{ borderColor: 'teal.500' }}
      p="5"
    >
      <Heading as="h3" size="md" mb="3">
        <chakra.button
          type="button"
          onClick={onOpen}
          textAlign="start"
          color="teal.800"
          textDecoration="underline"
          _focusVisible={{ outline: '2px solid', outlineColor: 'teal.700', outlineOffset: '2px' }}
        >
          {college.name}
        </chakra.button>
      </Heading>
      <chakra.dl display="grid" gridTemplateColumns="1fr 1fr" gap="3">
        <Figure label="Total Notes" value={college.totalNotes} />
        <Figure label="Downloads" value={college.downloads} />
        <Figure label="Approved" value={college.approved} />
        <Figure label="Pending" value={college.pending} />
      </chakra.dl>
    </Box>
  );
}

/** "Notes from {college}": that college's notes from the facade's college query. */
function CollegeNotes({ college, onBack }: { college: string; onBack: () => void }) {
  const list = useServerList(['admin', 'college-notes', college], (cursor) =>
    fetchCollegeNotes(college, cursor),
  );
  const data = list.status === 'success' ? list.items : null;
  return (
    <>
      <Button variant="outline" size="sm" mb="4" onClick={onBack}>
        Back to All Colleges
      </Button>
      <PageTitle>Notes from {college}</PageTitle>
      {list.status === 'loading' && <LoadingState label={ADMIN_LOADING.colleges} />}
      {list.error !== null && (
        <ErrorBanner message={bannerText(ADMIN_ERRORS.college, list.error)} />
      )}
      {data &&
        (data.length === 0 ? (
          <Text py="8" textAlign="center" color="gray.700">
            {ADMIN_TEXTS.noCollegeNotes}
          </Text>
        ) : (
          <DataTable
            label={`Notes from ${college}`}
            columns={['Title', 'Subject', 'Uploader', 'Status', 'Downloads']}
          >
            {data.map((n) => (
              <Table.Row key={n.id} data-note-id={n.id}>
                <Table.Cell fontWeight="medium">{n.title}</Table.Cell>
                <Table.Cell>{n.subject}</Table.Cell>
                <Table.Cell>{n.uploaderName}</Table.Cell>
                <Table.Cell>
                  <StatusBadge approved={n.approved} />
                </Table.Cell>
                <Table.Cell>{formatCount(n.downloadCount)}</Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        ))}
      <ShowMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.more} />
    </>
  );
}

/**
 * Colleges: each college's figures (Total Notes, Downloads, Approved, Pending), kept by the note
 * trigger (functions/src/services/colleges.ts), with a search; a card opens that college's notes. The open college is in the address (?college=), so
 * Back and reload keep it.
 */
export function CollegesPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('college');
  const [search, setSearch] = useState('');
  // Figures kept per college by the note trigger, a page at a time; the search matches the start
  // of the name, on the server.
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useServerList(['admin', 'colleges', query], (cursor) =>
    fetchColleges(query, cursor),
  );

  if (open) return <CollegeNotes college={open} onBack={() => setParams({})} />;

  const colleges = list.items;
  return (
    <>
      <PageTitle>Colleges</PageTitle>
      <Box maxW="md" mb="4">
        <TextField
          id="college-search"
          label="Search colleges"
          type="search"
          placeholder="Search by college name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Box>
      {list.status === 'loading' && <LoadingState label={ADMIN_LOADING.colleges} />}
      {list.error !== null && <ErrorBanner message={bannerText(ADMIN_ERRORS.notes, list.error)} />}
      {list.status === 'success' &&
        (colleges.length === 0 ? (
          <Text py="8" textAlign="center" color="gray.700">
            {ADMIN_TEXTS.noColleges}
          </Text>
        ) : (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {colleges.map((c) => (
              <CollegeCard key={c.name} college={c} onOpen={() => setParams({ college: c.name })} />
            ))}
          </SimpleGrid>
        ))}
      <ShowMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.more} />
    </>
  );
}
