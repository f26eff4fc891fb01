import { Box } from '@chakra-ui/react';
import { REPORT_MESSAGES } from '@notenest/shared';
import { startTransition, useEffect, useState } from 'react';
import { useDisplayedUser, type SessionUser as User } from '../../auth';
import { ErrorBanner, LoadingState } from '../../../shared/ui';
import { isUploadBanned } from '../api/upload-ban-api';
import { useNoteEditor } from '../hooks/use-note-editor';
import { NoteForm, NoteFormIntro } from './note-form';

const TITLE = 'Share Your Knowledge';
const SUBTITLE =
  'Upload your notes for other students. An admin reviews every note before it is listed.';

function UploadForm({ user }: { user: User }) {
  const editor = useNoteEditor(user, null);
  return <NoteForm title={TITLE} subtitle={SUBTITLE} editor={editor} />;
}

/**
 * Whether `user` may not upload (3 notes removed for copyright; issue 30): null while it is read.
 * A failed read lets the form show: the rules and the facade refuse a banned upload anyway.
 */
function useUploadBan(user: User | null): boolean | null {
  const [banned, setBanned] = useState<{ uid: string; banned: boolean } | null>(null);
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (!uid) return;
    let live = true;
    // The answer shows the whole form: rendered as a transition, in slices that yield to input,
    // not in one task (~260 ms of a slow phone's main thread; Lighthouse TBT).
    const settle = (b: boolean) => live && startTransition(() => setBanned({ uid, banned: b }));
    isUploadBanned(uid).then(settle, (error: unknown) => {
      console.error('Could not read the upload ban', error);
      settle(false);
    });
    return () => {
      live = false;
    };
  }, [uid]);
  return banned && banned.uid === uid ? banned.banned : null;
}

function UploadScreen() {
  const user = useDisplayedUser();
  const banned = useUploadBan(user);
  if (!user) return <LoadingState />;
  if (banned === null) {
    return (
      <NoteFormIntro title={TITLE} subtitle={SUBTITLE}>
        <LoadingState />
      </NoteFormIntro>
    );
  }
  if (banned)
    return (
      <Box maxW="3xl" mx="auto" px="4" py="8">
        <ErrorBanner data-testid="upload-banned">{REPORT_MESSAGES.uploadBanned}</ErrorBanner>
      </Box>
    );
  return <UploadForm user={user} />;
}

/** /uploading-notes (guarded): the Upload form ("Share Your Knowledge", spec section 2). */
export default function UploadNotePage() {
  return <UploadScreen />;
}
