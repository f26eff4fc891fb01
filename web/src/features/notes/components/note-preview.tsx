import { Box, chakra, Heading, Text } from '@chakra-ui/react';
import { LoadingState } from '../../../shared/ui';
import { useAsync } from '../../../shared/utils/use-async';
import { fetchText } from '../api/note-detail-api';
import { previewKindOf, type NoteDetail } from '../api/note-detail-model';

/**
 * The in-page preview. PDF: the browser's own viewer in an iframe (no PDF library to download;
 * every current browser renders PDFs, and one that cannot still has View Notes and Download).
 * TXT: the text itself. Word files have no preview.
 */
export function NotePreview({ note }: { note: NoteDetail }) {
  const kind = previewKindOf(note);
  return (
    <Box
      as="section"
      aria-labelledby="note-preview-heading"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '5', md: '6' }}
    >
      <Heading id="note-preview-heading" as="h2" size="lg" mb="4">
        Preview
      </Heading>
      {kind === 'pdf' && note.fileUrl && (
        <chakra.iframe
          src={note.fileUrl}
          title={`Preview of ${note.fileName ?? note.title}`}
          width="100%"
          height={{ base: '70vh', md: '80vh' }}
          borderWidth="1px"
          borderColor="gray.200"
          rounded="md"
          data-testid="pdf-preview"
        />
      )}
      {kind === 'text' && note.fileUrl && <TextPreview url={note.fileUrl} />}
      {kind === null && (
        <Text color="fg.muted">
          A preview is available for PDF and TXT files. Use View Notes or Download to open this
          file.
        </Text>
      )}
    </Box>
  );
}

function TextPreview({ url }: { url: string }) {
  const file = useAsync(() => fetchText(url), [url]);
  if (file.status === 'loading') return <LoadingState label="Loading preview..." />;
  if (file.status === 'error') {
    return (
      <Text role="alert" color="red.700">
        The preview could not be loaded. Use View Notes or Download to open the file.
      </Text>
    );
  }
  return (
    <>
      <chakra.pre
        data-testid="text-preview"
        tabIndex={0}
        aria-label="File text"
        maxH="70vh"
        overflow="auto"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        fontFamily="mono"
        fontSize="sm"
        bg="gray.50"
        color="gray.900"
        p="4"
        rounded="md"
        borderWidth="1px"
        borderColor="gray.200"
      >
        {file.data.text}
      </chakra.pre>
      {file.data.cut && (
        <Text mt="2" fontSize="sm" color="fg.muted">
          The preview shows the beginning of the file; Download has all of it.
        </Text>
      )}
    </>
  );
}
