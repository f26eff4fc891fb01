import { Box, chakra, Heading, Text } from '@chakra-ui/react';
import { NOTE_MESSAGES } from '@notenest/shared';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../shared/ui';
import { useAsync } from '../../../shared/utils/use-async';
import { useNearViewport } from '../../../shared/utils/use-near-viewport';
import { previewKindOf, type NoteDetail } from '../api/note-detail-model';
import { fetchText } from '../api/preview-api';
import { PreviewFailed } from './preview-failed';

// The readers (PDF.js, mammoth) load only when the preview comes near the viewport: nothing of
// them is in the note page's first load (bundle budget).
const PdfPreview = lazy(() => import('./pdf-preview'));
const DocxPreview = lazy(() => import('./docx-preview'));

/**
 * The in-page preview, on every device: PDFs drawn page by page with PDF.js (phones show no PDF
 * in an iframe), DOCX as HTML, TXT as text. Word 97 files have none. A file the server refused
 * (its bytes are not its type) is said so, and never fetched.
 */
export function NotePreview({ note }: { note: NoteDetail }) {
  const kind = previewKindOf(note);
  const [box, near] = useNearViewport<HTMLDivElement>();
  const label = `Preview of ${note.fileName ?? note.title}`;
  const url = note.fileUrl;
  return (
    <Box
      as="section"
      aria-labelledby="note-preview-heading"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '4', md: '6' }}
    >
      <Heading id="note-preview-heading" as="h2" size="lg" mb="4">
        Preview
      </Heading>
      <Box ref={box} minH={kind && url && !note.fileRefused ? '40' : undefined}>
        {note.fileRefused ? (
          <Text role="alert" color="red.700" data-testid="file-refused">
            {NOTE_MESSAGES.fileContent}. The file is not shown or served.
          </Text>
        ) : kind && url ? (
          near && (
            <Suspense fallback={<LoadingState label="Loading preview..." />}>
              {kind === 'pdf' && <PdfPreview url={url} title={label} />}
              {kind === 'docx' && <DocxPreview url={url} title={label} />}
              {kind === 'text' && <TextPreview url={url} />}
            </Suspense>
          )
        ) : (
          <Text color="fg.muted">
            A preview is available for PDF, DOCX and TXT files. Use View Notes or Download to open
            this file.
          </Text>
        )}
      </Box>
    </Box>
  );
}

function TextPreview({ url }: { url: string }) {
  const file = useAsync(() => fetchText(url), [url]);
  if (file.status === 'loading') return <LoadingState label="Loading preview..." />;
  if (file.status === 'error') return <PreviewFailed />;
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
