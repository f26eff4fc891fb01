import { Heading, Text } from '@chakra-ui/react';
import { fetchPendingNotes } from '../api/admin-api';
import { ADMIN_LISTS, ADMIN_TEXTS, formatDay, type AdminNote } from '../api/admin-model';
import { useServerList } from '../../../shared/server-state';
import { AdminListPage } from './admin-list-page';
import { NOTE_ITEMS, deleteNoteAction, reviewAction, showNoteDetail } from './note-list';

function PendingCard({ note }: { note: AdminNote }) {
  return (
    <>
      <Heading as="h3" size="md">
        {note.title}
      </Heading>
      <Text fontSize="sm" color="gray.700">
        {note.subject} · {note.collegeName}
      </Text>
      <Text lineClamp="3">{note.description.trim() || ADMIN_TEXTS.noDescription}</Text>
      <Text fontSize="sm" color="gray.700">
        By {note.uploaderName}
        {note.createdAt ? ` · ${formatDay(note.createdAt)}` : ''}
      </Text>
    </>
  );
}

/**
 * Pending Approvals: approving takes a note off this list (students now see it); rejecting
 * deletes it with its file.
 */
export function PendingPage() {
  const list = useServerList(['admin', 'pending'], (cursor) => fetchPendingNotes(cursor));
  return (
    <AdminListPage
      badge={(shown, more) => `${shown}${more ? '+' : ''} Notes Pending`}
      list={list}
      texts={ADMIN_LISTS.pending}
      items={NOTE_ITEMS}
      view={{ card: (note) => <PendingCard note={note} /> }}
      actions={(note) => [reviewAction(note, true, 'pending'), deleteNoteAction(note, 'Reject')]}
      detail={showNoteDetail}
    />
  );
}
