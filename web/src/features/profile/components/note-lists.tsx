import { NoteThumbnail } from '../../../shared/notes/note-thumbnail';
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import type { SessionUser } from '../../auth';
import { RejectedUploads } from '../../notifications';
import { AVAILABLE_OFFLINE, staleOfflineIds, useOfflineNotes } from '../../offline';
import { NEEDS_CONNECTION, useOffline } from '../../../shared/utils/connection';
import { paths } from '../../../shared/routing/paths';
import { ErrorBanner, LoadingState, RouterButton, RouterLink } from '../../../shared/ui';
import { useServerValue } from '../../../shared/server-state';
import { errorMessage } from '../../../shared/errors/app-error';
import { deleteNote } from '../../../shared/data/notes';
import { removeSavedNote, removeSavedNotes } from '../../../shared/data/saved';
import { listMyUploads, listSavedNoteItems } from '../api/profile-api';
import { formatDate, toNoteListItem, type NoteListItem } from '../api/profile-model';

export const DELETE_NOTE_CONFIRM = 'Are you sure you want to delete this note?';
export const UPLOADS_ERROR = 'There was an error loading your uploads.';
export const SAVED_ERROR = 'There was an error loading your saved notes.';
export const UPLOADS_EMPTY = "You haven't uploaded any notes yet";
export const SAVED_EMPTY =
  "You don't have any saved notes yet. When you save notes, they will appear here.";

function NoteCardShell({ note, children }: { note: NoteListItem; children: React.ReactNode }) {
  return (
    <Box
      as="article"
      data-note-id={note.id}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p="5"
      shadow="sm"
      display="flex"
      flexDirection="column"
      gap="2"
    >
      <Flex gap="3" justify="space-between">
        <Box minW="0">
          <Heading as="h3" size="md" lineClamp="2">
            <RouterLink to={paths.note(note.id)} color="teal.fg">
              {note.title}
            </RouterLink>
          </Heading>
          <Text fontSize="sm" color="fg.muted" mt="2">
            {formatDate(note.createdAt)}
            {note.approved ? '' : ' · Pending Approval'}
          </Text>
        </Box>
        <NoteThumbnail url={note.thumbnailUrl} fileName={note.fileName} />
      </Flex>
      <Flex gap="2" mt="auto" pt="2" wrap="wrap">
        {children}
      </Flex>
    </Box>
  );
}

/** A tab's list (`key` names it), and how to drop an item the server has removed. */
function useList(key: string[], load: () => Promise<NoteListItem[]>) {
  const state = useServerValue(key, load);
  const items = state.status === 'success' ? state.data : [];
  const remove = (id: string) => state.update((list) => list.filter((n) => n.id !== id));
  return { state, items, remove };
}

export function MyUploadsTab({ user }: { user: SessionUser }) {
  const { state, items, remove } = useList(['profile', 'uploads', user.uid], () =>
    listMyUploads(user.uid),
  );
  const [failure, setFailure] = useState<string | null>(null);

  const onDelete = async (id: string, title: string) => {
    if (!window.confirm(DELETE_NOTE_CONFIRM)) return;
    setFailure(null);
    try {
      await deleteNote(id);
      remove(id);
    } catch (error) {
      // Spec section 8 only logs delete failures; the user is told too, or the note would
      // simply stay with no word why.
      console.error('note not deleted', error);
      const failed = `"${title}" could not be deleted`;
      setFailure(
        `${errorMessage(error, { fallback: failed, reason: 'after', ownMessages: false })}. Please try again.`,
      );
    }
  };

  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h2" size="lg">
          My Uploads
        </Heading>
        <RouterButton to={paths.uploadNotes} colorPalette="teal" size="sm">
          Add New
        </RouterButton>
      </Flex>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorBanner>{UPLOADS_ERROR}</ErrorBanner>}
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
      {state.status === 'success' && items.length === 0 && (
        <Box textAlign="center" py="10">
          <Text mb="4">{UPLOADS_EMPTY}</Text>
          <RouterButton to={paths.uploadNotes} colorPalette="teal" variant="outline">
            Upload Your First Note
          </RouterButton>
        </Box>
      )}
      {items.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="uploads-grid">
          {items.map((note) => (
            <NoteCardShell key={note.id} note={note}>
              <RouterButton to={paths.updateNote(note.id)} size="sm" variant="outline">
                Edit
              </RouterButton>
              <Button
                size="sm"
                colorPalette="red"
                variant="outline"
                onClick={() => void onDelete(note.id, note.title)}
              >
                Delete
              </Button>
            </NoteCardShell>
          ))}
        </SimpleGrid>
      )}
      {/* Rejected notes are deleted: their records (title, reason) are listed after the rest. */}
      <Suspense fallback={null}>
        <RejectedUploads uid={user.uid} />
      </Suspense>
    </Stack>
  );
}

/**
 * Saved notes that can no longer be read: deleted, or back under review (an admin set the note to
 * pending, or its uploader edited it). The rules refuse both alike, so the message names both.
 */
export function savedUnavailableMessage(count: number): string {
  return count === 1
    ? '1 saved note is no longer available: it was deleted or is waiting for review again.'
    : `${count} saved notes are no longer available: they were deleted or are waiting for review again.`;
}
export const REMOVE_UNAVAILABLE = 'Remove them from Saved Notes';
/** Offline, Saved Notes lists the notes kept "Available offline" (issue 32), or says there are none. */
export const SAVED_OFFLINE_EMPTY = 'None of your saved notes are available offline.';

export function SavedNotesTab({ user }: { user: SessionUser }) {
  const state = useServerValue(['profile', 'saved', user.uid], () => listSavedNoteItems(user.uid));
  const offline = useOffline();
  const kept = useOfflineNotes(user.uid);
  // Offline, the notes kept "Available offline" are the list (their copies open with no network).
  const keptItems = kept.notes
    ? [...kept.notes.values()].map((n) => toNoteListItem(n.id, n.data))
    : [];
  const listed = state.status === 'success' ? state.data.items : [];
  const items = offline ? keptItems : listed;
  const unavailable = !offline && state.status === 'success' ? state.data.unavailable : [];
  // Online, a copy of a note no longer readable (deleted, back under review) or no longer saved
  // is freed once the list has been read.
  const { notes: keptNotes, dropMany } = kept;
  const stale =
    state.status === 'success' && keptNotes
      ? staleOfflineIds(
          keptNotes.keys(),
          listed.map((n) => n.id),
        )
      : [];
  // By value: a drop that failed leaves the same ids, and is not retried on every render.
  const staleKey = stale.join(' ');
  useEffect(() => {
    if (staleKey) void dropMany(staleKey.split(' '));
  }, [staleKey, dropMany]);
  const remove = (ids: readonly string[]) =>
    state.update((list) => ({
      items: list.items.filter((n) => !ids.includes(n.id)),
      unavailable: list.unavailable.filter((id) => !ids.includes(id)),
    }));

  const [failure, setFailure] = useState<string | null>(null);
  const onRemove = async (id: string, title: string) => {
    setFailure(null);
    if (offline) {
      setFailure(NEEDS_CONNECTION);
      return;
    }
    try {
      await removeSavedNote(user.uid, id);
      remove([id]);
      // Removing a note from Saved Notes frees its offline copy (issue 32).
      await kept.drop(id);
    } catch (error) {
      console.error('saved note not removed', error);
      setFailure(`"${title}" could not be removed. Please try again.`);
    }
  };
  // Unavailable notes are not listed, but their saved entries stay until the user removes them:
  // a note back under review would come back once approved, and only the user knows whether
  // they still want it.
  const onRemoveUnavailable = async (ids: readonly string[]) => {
    setFailure(null);
    try {
      await removeSavedNotes(user.uid, ids);
      remove(ids);
      await kept.dropMany(ids);
    } catch (error) {
      console.error('unavailable saved notes not removed', error);
      setFailure('The unavailable saved notes could not be removed. Please try again.');
    }
  };

  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        Saved Notes
      </Heading>
      {!offline && state.status === 'loading' && <LoadingState />}
      {!offline && state.status === 'error' && <ErrorBanner>{SAVED_ERROR}</ErrorBanner>}
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
      {kept.failure && <ErrorBanner>{kept.failure}</ErrorBanner>}
      {unavailable.length > 0 && (
        <Flex
          role="status"
          data-testid="saved-unavailable"
          gap="3"
          align="center"
          justify="space-between"
          wrap="wrap"
          bg="orange.subtle"
          borderWidth="1px"
          borderColor="orange.muted"
          rounded="md"
          px="4"
          py="3"
        >
          <Text color="orange.fg">{savedUnavailableMessage(unavailable.length)}</Text>
          <Button size="sm" variant="outline" onClick={() => void onRemoveUnavailable(unavailable)}>
            {REMOVE_UNAVAILABLE}
          </Button>
        </Flex>
      )}
      {!offline && state.status === 'success' && items.length === 0 && unavailable.length === 0 && (
        <Text textAlign="center" py="10">
          {SAVED_EMPTY}
        </Text>
      )}
      {offline && kept.notes && items.length === 0 && (
        <Text textAlign="center" py="10">
          {SAVED_OFFLINE_EMPTY}
        </Text>
      )}
      {items.length > 0 && (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="saved-grid">
          {items.map((note) => (
            <NoteCardShell key={note.id} note={note}>
              <RouterButton to={paths.note(note.id)} size="sm" colorPalette="teal">
                View Note
              </RouterButton>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void onRemove(note.id, note.title)}
              >
                Remove Note
              </Button>
              {/* A toggle: pressed while the note's file and details are kept on this device. */}
              <Button
                size="sm"
                variant={kept.notes?.has(note.id) ? 'subtle' : 'outline'}
                colorPalette="teal"
                aria-pressed={kept.notes?.has(note.id) ?? false}
                loading={kept.busy.has(note.id)}
                disabled={kept.notes === null}
                onClick={() =>
                  void (kept.notes?.has(note.id) ? kept.drop(note.id) : kept.keep(note.id))
                }
              >
                {AVAILABLE_OFFLINE}
              </Button>
            </NoteCardShell>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
