import { Container, Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { useDisplayedUser, type SessionUser as User } from '../../auth';
import { paths } from '../../../shared/routing/paths';
import { LoadingState, RouterButton } from '../../../shared/ui';
import { ServerStateScope, useServerValue } from '../../../shared/server-state';
import { loadEditableNote } from '../api/note-editor-api';
import type { EditableNote } from '../api/note-form-model';
import { useNoteEditor } from '../hooks/use-note-editor';
import { NoteForm } from './note-form';

export const NOT_FOUND_TITLE = 'Note not found';
export const NOT_YOURS_TITLE = 'You can only update your own notes';

function UpdateForm({ user, note }: { user: User; note: EditableNote }) {
  const editor = useNoteEditor(user, note);
  return (
    <NoteForm
      title="Update Your Notes"
      subtitle="Change the details or replace the file. The note goes back to review until an admin approves it again."
      editor={editor}
      note={note}
    />
  );
}

function Refusal({ title, text }: { title: string; text: string }) {
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="2xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted" mb="6">
        {text}
      </Text>
      <RouterButton to={paths.profile} colorPalette="teal">
        Go to My Dashboard
      </RouterButton>
    </Container>
  );
}

function UpdateScreen({ user, noteId }: { user: User; noteId: string }) {
  const loaded = useServerValue(['editable-note', user.uid, noteId], () =>
    loadEditableNote(user, noteId),
  );
  if (loaded.status === 'loading') return <LoadingState />;
  if (loaded.status === 'error') {
    return (
      <Refusal
        title="Something went wrong"
        text="We couldn't load the note. Please try again later."
      />
    );
  }
  const result = loaded.data;
  if (result.status === 'not-found') {
    return (
      <Refusal
        title={NOT_FOUND_TITLE}
        text="This note does not exist, or it is not yours to edit."
      />
    );
  }
  if (result.status === 'not-yours') {
    return (
      <Refusal title={NOT_YOURS_TITLE} text="Only the student who uploaded a note can change it." />
    );
  }
  return <UpdateForm user={user} note={result.note} />;
}

function UpdateRoute() {
  const { updateId } = useParams();
  const user = useDisplayedUser();
  if (!user || !updateId) return <LoadingState />;
  return <UpdateScreen key={updateId} user={user} noteId={updateId} />;
}

/** /update-notes/:updateId (guarded): the uploader's Update form ("Update Your Notes"). */
export default function UpdateNotePage() {
  return (
    <ServerStateScope>
      <UpdateRoute />
    </ServerStateScope>
  );
}
