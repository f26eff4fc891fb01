import { Box } from '@chakra-ui/react';
import { LoadingState } from '../../../shared/ui';
import { useAsync } from '../../../shared/utils/use-async';
import { docxToHtml, fetchFileBytes } from '../api/preview-api';
import { PreviewFailed } from './preview-failed';

/** A DOCX as HTML (mammoth, then kept to plain tags: preview-api's sanitizeDocxHtml). */
export default function DocxPreview({ url, title }: { url: string; title: string }) {
  const html = useAsync(async () => docxToHtml(await fetchFileBytes(url)), [url]);
  if (html.status === 'loading') return <LoadingState label="Loading preview..." />;
  if (html.status === 'error') return <PreviewFailed />;
  return (
    <Box
      data-testid="docx-preview"
      aria-label={title}
      role="document"
      tabIndex={0}
      maxH="80vh"
      overflow="auto"
      bg="white"
      color="gray.900"
      p={{ base: '4', md: '6' }}
      rounded="md"
      borderWidth="1px"
      borderColor="gray.200"
      overflowWrap="anywhere"
      css={{
        '& h1, & h2, & h3': { fontWeight: 'semibold', mt: '4', mb: '2' },
        '& h1': { fontSize: 'xl' },
        '& h2': { fontSize: 'lg' },
        '& p': { mb: '3' },
        '& ul, & ol': { pl: '6', mb: '3' },
        '& ul': { listStyle: 'disc' },
        '& ol': { listStyle: 'decimal' },
        '& table': { borderCollapse: 'collapse', mb: '3', display: 'block', overflowX: 'auto' },
        '& td, & th': { borderWidth: '1px', borderColor: 'gray.300', p: '1' },
        '& img': { maxW: '100%', h: 'auto' },
        '& a': { color: 'blue.700', textDecoration: 'underline' },
      }}
      dangerouslySetInnerHTML={{ __html: html.data }}
    />
  );
}
