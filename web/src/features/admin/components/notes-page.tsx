import { Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LoadingState, TextField } from '../../../shared/ui';
import { deleteNote, fetchNotes, reviewNote } from '../api/admin-api';
import {
  ADMIN_ERRORS,
  ADMIN_LOADING,
  ADMIN_TEXTS,
  bannerText,
  collegeNames,
  searchNotes,
  type AdminNote,
} from '../api/admin-model';
import { useAdminUser } from '../hooks/admin-user';
import { usePaged } from '../hooks/use-paged';
import { useResource } from '../hooks/use-resource';
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
  const admin = useAdminUser();
  const { state, data, update } = useResource(() => fetchNotes(admin), admin.uid);
  const [search, setSearch] = useState('');
  const [college, setCollege] = useState('');
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminNote | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const notes = data ? searchNotes(data, search, college) : [];
  const { visible, hidden, more } = usePaged(notes, `${search}\n${college}`);
  const viewing = data?.find((n) => n.id === viewingId) ?? null;

  const onReview = async (note: AdminNote) => {
    setFailure(null);
    setBusy(note.id);
    try {
      const saved = await reviewNote(admin, note.id, !note.approved);
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
      await deleteNote(admin, note.id);
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
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mb="4" maxW="3xl">
        <TextField
          id="note-search"
          label="Search notes"
          type="search"
          placeholder="Search by title, subject or uploader"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <SelectField
          id="note-college"
          label="College"
          value={college}
          onChange={(e) => setCollege(e.target.value)}
        >
          <option value="">{ADMIN_TEXTS.allColleges}</option>
          {(data ? collegeNames(data) : []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <ErrorBanner message={failure} />
      {state.status === 'loading' && <LoadingState label={ADMIN_LOADING.notes} />}
      {state.status === 'error' && (
        <ErrorBanner message={bannerText(ADMIN_ERRORS.notes, state.error)} />
      )}
      {data &&
        (notes.length === 0 ? (
          <Text py="8" textAlign="center" color="gray.700">
            {ADMIN_TEXTS.noNotes}
          </Text>
        ) : (
          <DataTable
            label="Notes"
            columns={['Title', 'Subject', 'College', 'Uploader', 'Status', 'Downloads', 'Actions']}
          >
            {visible.map((n) => (
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
      <ShowMore hidden={hidden} onMore={more} />
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
