import { Box, Heading, chakra } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { fetchCollegeNotes, fetchColleges } from '../api/admin-api';
import { ADMIN_LISTS, type CollegeSummary } from '../api/admin-model';
import { useServerList } from '../../../shared/server-state';
import { formatCount } from '../../../shared/utils/numbers';
import { useSearchedList } from '../hooks/use-searched-list';
import { AdminListPage, type ListItems } from './admin-list-page';
import { NOTE_ITEMS, noteColumns } from './note-list';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <chakra.dt fontSize="sm" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd fontSize="xl" fontWeight="bold" color="fg">
        {formatCount(value)}
      </chakra.dd>
    </Box>
  );
}

function CollegeCard({ college, onOpen }: { college: CollegeSummary; onOpen: () => void }) {
  return (
    <>
      {/* mb 1 and the card's gap 2: 12px above the figures. */}
      <Heading as="h3" size="md" mb="1">
        <chakra.button
          type="button"
          onClick={onOpen}
          textAlign="start"
          color="teal.fg"
          textDecoration="underline"
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'teal.focusRing',
            outlineOffset: '2px',
          }}
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
    </>
  );
}

const COLLEGE_ITEMS: ListItems<CollegeSummary> = { key: (c) => c.name, attribute: 'data-college' };

/** "Notes from {college}": that college's notes from the facade's college query. */
function CollegeNotes({ college, onBack }: { college: string; onBack: () => void }) {
  const list = useServerList(['admin', 'college-notes', college], (cursor) =>
    fetchCollegeNotes(college, cursor),
  );
  return (
    <AdminListPage
      back={{ label: 'Back to All Colleges', onClick: onBack }}
      title={`Notes from ${college}`}
      list={list}
      texts={ADMIN_LISTS.collegeNotes}
      items={NOTE_ITEMS}
      view={{ columns: noteColumns('title', 'subject', 'uploader', 'status', 'downloads') }}
    />
  );
}

/**
 * Colleges: each college's figures (Total Notes, Downloads, Approved, Pending), kept by the note
 * trigger (functions/src/services/colleges.ts), with a search; a card opens that college's notes.
 * The open college is in the address (?college=), so Back and reload keep it.
 */
export function CollegesPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('college');
  // Figures kept per college by the note trigger, a page at a time; the search matches the start
  // of the name, on the server.
  const list = useSearchedList(['admin', 'colleges'], fetchColleges);

  if (open) return <CollegeNotes college={open} onBack={() => setParams({})} />;

  return (
    <AdminListPage
      list={list}
      texts={ADMIN_LISTS.colleges}
      items={COLLEGE_ITEMS}
      view={{
        card: (c) => <CollegeCard college={c} onOpen={() => setParams({ college: c.name })} />,
        clickable: true,
      }}
    />
  );
}
