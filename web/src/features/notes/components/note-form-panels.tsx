/**
 * The parts of the Upload / Update screen around the form's fields (note-form.tsx): the upload's
 * progress with its Cancel button, and the "Why share your notes" panel beside the form.
 */
import { Box, Button, Flex, Heading, Text, chakra } from '@chakra-ui/react';
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

export function UploadProgress({ editor }: { editor: NoteEditor }) {
  const { phase } = editor;
  if (phase.kind === 'idle') return null;
  const percent = phase.kind === 'uploading' ? Math.round(phase.progress * 100) : 100;
  return (
    <Box borderWidth="1px" borderColor="teal.200" bg="teal.50" rounded="md" p="4">
      <chakra.progress
        value={percent}
        max={100}
        aria-label="Upload progress"
        w="full"
        h="3"
        accentColor="teal.600"
      />
      <Flex justify="space-between" align="center" mt="2" gap="3" wrap="wrap">
        <Text role="status" fontSize="sm" color="gray.800">
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
      bg="teal.50"
      borderWidth="1px"
      borderColor="teal.100"
      rounded="lg"
      p="6"
      alignSelf="start"
    >
      <Heading id="why-share-heading" as="h2" size="lg" mb="4" color="teal.900">
        Why share your notes
      </Heading>
      <chakra.ol display="grid" gap="4" ps="5" listStyleType="decimal">
        {WHY_SHARE.map((tip) => (
          <chakra.li key={tip.title}>
            <Text fontWeight="semibold" color="gray.900">
              {tip.title}
            </Text>
            <Text fontSize="sm" color="gray.700">
              {tip.text}
            </Text>
          </chakra.li>
        ))}
      </chakra.ol>
    </Box>
  );
}
