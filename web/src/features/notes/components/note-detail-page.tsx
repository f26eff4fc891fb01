import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { LoadingState, RouterButton } from '../../../shared/ui';
import { HeartIcon } from '../../../shared/ui/icons';
import { formatDate } from '../../../shared/utils/dates';
import { useAuth } from '../../auth';
import type { NoteDetail, Viewer } from '../api/note-detail-model';
import { useLiveNote } from '../hooks/use-live-note';
import { useNotePageActions } from '../hooks/use-note-page-actions';
import { NoteComments } from './note-comments';
import { NotePreview } from './note-preview';
import { NoteSidePanels } from './note-side-panels';
import { formatCount } from '../../../shared/utils/numbers';

/** Spec section 2 "Note detail screen", failure state. */
function LoadFailure() {
  return (
    <Container maxW="xl" py="20" textAlign="center">
      <Stack gap="4" align="center" role="alert">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">
          We couldn't load the notes you requested. Please try again later
        </Text>
        <Button colorPalette="teal" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </Stack>
    </Container>
  );
}

/** A note that was deleted, or that this reader may not see (pending review). */
function Unavailable() {
  return (
    <Container maxW="xl" py="20" textAlign="center">
      <Stack gap="4" align="center">
        <Heading as="h1" size="2xl">
          This note is not available
        </Heading>
        <Text color="fg.muted">
          It may have been deleted, or it is waiting for an admin&apos;s review. Browse the notes
          that are shared now.
        </Text>
        <RouterButton to={paths.browse} colorPalette="teal">
          Browse Notes
        </RouterButton>
      </Stack>
    </Container>
  );
}

function NoteHeader({ note, viewer }: { note: NoteDetail; viewer: Viewer }) {
  const actions = useNotePageActions(note, viewer.uid);
  const likes = `${formatCount(note.likesCount)} ${note.likesCount === 1 ? 'like' : 'likes'}`;
  return (
    <Box
      as="section"
      aria-labelledby="note-title"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '5', md: '8' }}
    >
      <Heading id="note-title" as="h1" size="3xl" mb="3">
        {note.title}
      </Heading>
      <HStack gap="2" flexWrap="wrap" color="fg.muted" fontSize="sm" mb="4">
        <Text data-field="subject">{note.subjectName ?? 'N/A'}</Text>
        <Text aria-hidden="true">•</Text>
        <Text data-field="course">{note.courseName ?? 'N/A'}</Text>
        {note.createdAt && (
          <>
            <Text aria-hidden="true">•</Text>
            <time dateTime={note.createdAt.toISOString()} data-field="created">
              {formatDate(note.createdAt)}
            </time>
          </>
        )}
      </HStack>
      {note.description && (
        <Text whiteSpace="pre-line" mb="6" data-field="description">
          {note.description}
        </Text>
      )}
      <HStack gap="3" flexWrap="wrap">
        {note.fileUrl && (
          <Button asChild colorPalette="teal">
            <a href={note.fileUrl} target="_blank" rel="noopener noreferrer">
              View Notes
            </a>
          </Button>
        )}
        <Button
          colorPalette="teal"
          variant="outline"
          onClick={actions.download}
          // Busy, not disabled: a disabled button drops keyboard focus (a second press is ignored).
          aria-busy={actions.downloading || undefined}
          disabled={!note.fileUrl}
        >
          Download
        </Button>
        <Button variant="outline" onClick={actions.share} aria-live="polite">
          {actions.copied ? 'Copied!' : 'Share'}
        </Button>
        <Button variant="outline" onClick={actions.archive} loading={actions.archiving}>
          Archive
        </Button>
        {/* Spec section 6: shown to everyone who sees the note; the Update screen and the facade
            decide who may use them, and say so. */}
        <RouterButton to={paths.updateNote(note.id)} variant="outline">
          Edit
        </RouterButton>
        <Button
          variant="outline"
          colorPalette="red"
          onClick={actions.deleteNote}
          loading={actions.deleting}
        >
          Delete
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          // The visible count first (axe: label-content-name-mismatch); the state is aria-pressed.
          aria-label={`${likes}, like`}
          aria-pressed={actions.liked ?? undefined}
          onClick={actions.toggleLike}
          aria-busy={actions.liking || undefined}
          disabled={actions.liked === null}
          data-action="like"
        >
          <HeartIcon filled={actions.liked === true} />
          {formatCount(note.likesCount)}
        </Button>
      </HStack>
      {actions.likeMessage && (
        <Text mt="4" role="alert" color="red.700" fontWeight="medium">
          {actions.likeMessage}
        </Text>
      )}
      {actions.deleteMessage && (
        <Text mt="4" role="alert" color="red.700" fontWeight="medium">
          {actions.deleteMessage}
        </Text>
      )}
      {actions.archiveMessage && (
        <Text
          mt="4"
          role={actions.archiveMessage.kind === 'error' ? 'alert' : 'status'}
          color={actions.archiveMessage.kind === 'error' ? 'red.700' : 'green.800'}
          fontWeight="medium"
        >
          {actions.archiveMessage.text}
        </Text>
      )}
    </Box>
  );
}

function NoteScreen({ note, viewer }: { note: NoteDetail; viewer: Viewer }) {
  return (
    // The header's width (6xl, shared/ui/base.css .nn-container): the page lines up with it.
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6">
        <Stack gap="6" minW="0">
          <NoteHeader note={note} viewer={viewer} />
          <NotePreview note={note} />
          <NoteComments note={note} viewer={viewer} />
        </Stack>
        {/* Not an <aside>: a complementary landmark must not sit inside <main>. */}
        <Box>
          <NoteSidePanels note={note} />
        </Box>
      </Grid>
    </Container>
  );
}

/**
 * /notes/:notesId (guarded): the note, its preview, comments and actions, kept live for every
 * viewer (likes, downloads and comments from other readers appear without a reload).
 */
export default function NoteDetailPage() {
  const { notesId = '' } = useParams();
  const note = useLiveNote(notesId);
  const { state } = useAuth();
  if (note.status === 'failed') return <LoadFailure />;
  if (note.status === 'unavailable') return <Unavailable />;
  // The guard only renders this page for a signed-in user; until then, keep loading.
  if (note.status === 'loading' || state.status !== 'signed-in') {
    return <LoadingState label="Loading Notes..." />;
  }
  const viewer: Viewer = { uid: state.user.uid, role: state.user.role };
  return <NoteScreen key={note.note.id} note={note.note} viewer={viewer} />;
}
