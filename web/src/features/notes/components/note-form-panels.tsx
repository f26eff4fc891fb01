/**
 * The parts of the Upload / Update screen around the form's fields (note-form.tsx): the upload's
 * progress with its Cancel button, the error banner's words (a link to the note that already
 * shares the picked file), and the "Why share your notes" panel beside the form.
 */
import { Box, Button, Flex, Heading, Link, Text, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DUPLICATE_MESSAGES } from '@notenest/shared';
import { paths } from '../../../shared/routing/paths';
import type { NoteEditor } from '../hooks/use-note-editor';

const WHY_SHARE = [
  {
    title: 'Help fellow students',
    text: 'Classmates who missed a lecture, or study the same subject at another college, learn from your notes.',
  },
  {
    title: 'Reviewed before they go live',
    text: 'An admin checks every note before it is listed, so what students find stays useful.',
  },
  {
    title: 'Learn by explaining',
    text: 'Tidying notes for others sharpens your own understanding, and likes and comments tell you what helped.',
  },
] as const;

/** The banner's message; "This file is already shared as <title>" links the title to the note. */
export function SharedCopyMessage({ editor }: { editor: NoteEditor }) {
  const { banner, sharedCopy } = editor;
  if (!sharedCopy?.noteId || banner !== sharedCopy.message) return <>{banner}</>;
  const prefix = DUPLICATE_MESSAGES.alreadyShared('');
  return (
    <>
      {prefix}
      <Link asChild color="red.fg" textDecoration="underline" fontWeight="semibold">
        <RouterLink to={paths.note(sharedCopy.noteId)}>{sharedCopy.title}</RouterLink>
      </Link>
    </>
  );
}

export function UploadProgress({ editor }: { editor: NoteEditor }) {
  const { phase } = editor;
  if (phase.kind === 'idle') return null;
  const percent = phase.kind === 'uploading' ? Math.round(phase.progress * 100) : 100;
  return (
    <Box borderWidth="1px" borderColor="teal.muted" bg="teal.subtle" rounded="md" p="4">
      <chakra.progress
        value={percent}
        max={100}
        aria-label="Upload progress"
        w="full"
        h="3"
        accentColor="teal.600"
      />
      <Flex justify="space-between" align="center" mt="2" gap="3" wrap="wrap">
        <Text role="status" fontSize="sm" color="fg">
          {phase.kind === 'uploading' ? `Uploading file... ${percent}%` : 'Saving your note...'}
        </Text>
        {phase.kind === 'uploading' && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={editor.cancel}>
            Cancel Upload
          </Button>
        )}
      </Flex>
    </Box>
  );
}

export function WhyShare() {
  return (
    <Box
      as="aside"
      aria-labelledby="why-share-heading"
      bg="teal.subtle"
      borderWidth="1px"
      borderColor="teal.muted"
      rounded="lg"
      p="6"
      alignSelf="start"
    >
      <Heading id="why-share-heading" as="h2" size="lg" mb="4" color="teal.fg">
        Why share your notes
      </Heading>
      <chakra.ol display="grid" gap="4" ps="5" listStyleType="decimal">
        {WHY_SHARE.map((tip) => (
          <chakra.li key={tip.title}>
            <Text fontWeight="semibold" color="fg">
              {tip.title}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {tip.text}
            </Text>
          </chakra.li>
        ))}
      </chakra.ol>
    </Box>
  );
}
