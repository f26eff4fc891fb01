import { Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LoadingState, TextField } from '../../../shared/ui';
import { deleteNote, fetchColleges, fetchNotes, reviewNote } from '../api/admin-api';
import {
  ADMIN_ERRORS,
  ADMIN_LOADING,
  ADMIN_TEXTS,
  bannerText,
  type AdminNote,
} from '../api/admin-model';
import { useServerList } from '../../../shared/server-state';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../shared/utils/use-debounced-value';
import {
  ActionButton,
  ConfirmDialog,
  DataTable,
  ErrorBanner,
  PageTitle,
  SelectField,
  ShowMore,
  StatusBadge,
  Table,
} from './admin-ui';
import { NoteDetailDialog } from './note-detail-dialog';
import { formatCount } from '../../../shared/utils/numbers';

/**
 * Notes: every note, searchable by title, subject or uploader and filtered by college; approve,
 * set back to pending (hidden from students again), delete (with its file), and a detail view.
 */
export function NotesPage() {
  const [search, setSearch] = useState('');
  const [college, setCollege] = useState('');
  // Searched and filtered on the server, a page at a time.
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useServerList(['admin', 'notes', query, college], (cursor) =>
    fetchNotes({ search: query, college }, cursor),
  );
  const { update } = list;
  // The college filter's options: the colleges' names (their figures are kept per college), a
  // page of them at a time; with more colleges than a page, typing part of a name in "Find a
  // college" asks the server for the matching ones, so every college can be picked.
  const [collegeSearch, setCollegeSearch] = useState('');
  const collegeQuery = useDebouncedValue(collegeSearch.trim(), SEARCH_DEBOUNCE_MS);
  const colleges = useServerList(['admin', 'colleges', collegeQuery], (cursor) =>
    fetchColleges(collegeQuery, cursor),
  );
  const offerFinder = colleges.hasMore || collegeSearch !== '';
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminNote | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const notes = list.items;
  const viewing = notes.find((n) => n.id === viewingId) ?? null;

  const onReview = async (note: AdminNote) => {
    setFailure(null);
    setBusy(note.id);
    try {
      const saved = await reviewNote(note.id, !note.approved);
      update((list) => list.map((n) => (n.id === saved.id ? saved : n)));
    } catch (error) {
      setFailure(bannerText(ADMIN_ERRORS.review, error));
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async (note: AdminNote) => {
    setFailure(null);
    try {
      await deleteNote(note.id);
      update((list) => list.filter((n) => n.id !== note.id));
      setViewingId(null);
    } catch (error) {
      setFailure(bannerText(ADMIN_ERRORS.deleteNote, error));
    }
  };

  const reviewLabel = (n: AdminNote) => (n.approved ? 'Set to Pending' : 'Approve');

  return (
    <>
      <PageTitle>Notes</PageTitle>
      <SimpleGrid columns={{ base: 1, md: offerFinder ? 3 : 2 }} gap="4" mb="4" maxW="5xl">
        <TextField
          id="note-search"
          label="Search notes"
          type="search"
          placeholder="Search by title, subject or uploader"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {offerFinder && (
          <TextField
            id="note-college-search"
            label="Find a college"
            type="search"
            placeholder="Part of its name"
            value={collegeSearch}
            onChange={(e) => setCollegeSearch(e.target.value)}
          />
        )}
        <SelectField
          id="note-college"
          label="College"
          value={college}
          onChange={(e) => setCollege(e.target.value)}
        >
          <option value="">{ADMIN_TEXTS.allColleges}</option>
          {/* The chosen college stays listed while another name is being looked for. */}
          {college !== '' && !colleges.items.some((c) => c.name === college) && (
            <option value={college}>{college}</option>
          )}
          {colleges.items.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <ErrorBanner message={failure} />
      {list.status === 'loading' && <LoadingState label={ADMIN_LOADING.notes} />}
      {list.error !== null && <ErrorBanner message={bannerText(ADMIN_ERRORS.notes, list.error)} />}
      {list.status === 'success' &&
        (notes.length === 0 ? (
          <Text py="8" textAlign="center" color="gray.700">
            {ADMIN_TEXTS.noNotes}
          </Text>
        ) : (
          <DataTable
            label="Notes"
            columns={['Title', 'Subject', 'College', 'Uploader', 'Status', 'Downloads', 'Actions']}
          >
            {notes.map((n) => (
              <Table.Row key={n.id} data-note-id={n.id}>
                <Table.Cell fontWeight="medium">{n.title}</Table.Cell>
                <Table.Cell>{n.subject}</Table.Cell>
                <Table.Cell>{n.collegeName}</Table.Cell>
                <Table.Cell>{n.uploaderName}</Table.Cell>
                <Table.Cell>
                  <StatusBadge approved={n.approved} />
                </Table.Cell>
                <Table.Cell>{formatCount(n.downloadCount)}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`View ${n.title}`}
                      onClick={() => setViewingId(n.id)}
                    >
                      View
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette={n.approved ? 'orange' : 'green'}
                      aria-label={`${reviewLabel(n)} ${n.title}`}
                      loading={busy === n.id}
                      onClick={() => void onReview(n)}
                    >
                      {reviewLabel(n)}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Delete ${n.title}`}
                      onClick={() => setDeleting(n)}
                    >
                      Delete
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        ))}
      <ShowMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.more} />
      <NoteDetailDialog
        note={viewing}
        onClose={() => setViewingId(null)}
        actions={
          viewing && (
            <>
              <ActionButton
                tone={viewing.approved ? 'pending' : 'approve'}
                loading={busy === viewing.id}
                onClick={() => void onReview(viewing)}
              >
                {reviewLabel(viewing)}
              </ActionButton>
              <ActionButton tone="danger" onClick={() => setDeleting(viewing)}>
                Delete
              </ActionButton>
            </>
          )
        }
      />
      <ConfirmDialog
        open={!!deleting}
        message={ADMIN_TEXTS.deleteNoteConfirm}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? onDelete(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
