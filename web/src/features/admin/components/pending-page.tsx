import { Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
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
      <Text fontSize="sm" color="fg.muted">
        {note.subject} · {note.collegeName}
      </Text>
      <Text lineClamp="3">{note.description.trim() || ADMIN_TEXTS.noDescription}</Text>
      <Text fontSize="sm" color="fg.muted">
        By {note.uploaderName}
        {note.createdAt ? ` · ${formatDay(note.createdAt)}` : ''}
      </Text>
      <DuplicateFlags note={note} />
    </>
  );
}

/**
 * What the server found of duplicates: a copy of another note's file (it cannot be approved:
 * Reject deletes it), or a text at least 90% like another note's (for the admin to judge).
 */
function DuplicateFlags({ note }: { note: AdminNote }) {
  const flag = note.duplicateOf
    ? { label: 'Duplicate of', ...note.duplicateOf, extra: '' }
    : note.similarTo
      ? {
          label: 'Similar to',
          ...note.similarTo,
          extra: ` (${Math.round(note.similarTo.score * 100)}% alike)`,
        }
      : null;
  if (!flag) return null;
  return (
    <Text fontSize="sm" color="orange.fg" fontWeight="medium" data-testid="duplicate-flag">
      {flag.label}{' '}
      <Link asChild color="orange.fg" textDecoration="underline">
        <RouterLink to={paths.note(flag.noteId)}>{flag.title}</RouterLink>
      </Link>
      {flag.extra}
    </Text>
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
