import { useSessionUser, type SessionUser as User } from '../../auth';
import { LoadingState } from '../../../shared/ui';
import { useNoteEditor } from '../hooks/use-note-editor';
import { NoteForm } from './note-form';

function UploadForm({ user }: { user: User }) {
  const editor = useNoteEditor(user, null);
  return (
    <NoteForm
      title="Share Your Knowledge"
      subtitle="Upload your notes for other students. An admin reviews every note before it is listed."
      editor={editor}
    />
  );
}

function UploadScreen() {
  const user = useSessionUser();
  return user ? <UploadForm user={user} /> : <LoadingState />;
}

/** /uploading-notes (guarded): the Upload form ("Share Your Knowledge", spec section 2). */
export default function UploadNotePage() {
  return <UploadScreen />;
}
