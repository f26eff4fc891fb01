import { Box, Text, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LoadingState } from '../../../shared/ui';
import { useAsync } from '../../../shared/utils/use-async';
import { useNearViewport } from '../../../shared/utils/use-near-viewport';
import { useWidth } from '../../../shared/utils/use-width';
import {
  PDF_PREVIEW_PAGES,
  fetchFileBytes,
  openPdf,
  type PdfPreviewDocument,
} from '../api/preview-api';
import { PreviewFailed } from './preview-failed';

/**
 * A PDF drawn page by page with PDF.js, as wide as the panel (390 px phones included). Each page
 * keeps its shape from the start (no jumps) and is drawn when it comes near the viewport.
 */
export default function PdfPreview({ url, title }: { url: string; title: string }) {
  const pdf = useAsync(async () => openPdf(await fetchFileBytes(url)), [url]);
  const [box, width] = useWidth<HTMLDivElement>();
  useEffect(
    () => () => {
      if (pdf.status === 'success') void pdf.data.destroy();
    },
    [pdf],
  );
  return (
    <Box ref={box} data-testid="pdf-preview">
      {pdf.status === 'loading' && <LoadingState label="Loading preview..." />}
      {pdf.status === 'error' && <PreviewFailed />}
      {pdf.status === 'success' && (
        <>
          <chakra.ol
            listStyle="none"
            display="flex"
            flexDirection="column"
            gap="3"
            aria-label={title}
          >
            {Array.from({ length: Math.min(pdf.data.numPages, PDF_PREVIEW_PAGES) }, (_, i) => (
              <chakra.li key={i}>
                <PdfPage doc={pdf.data} n={i + 1} width={width} />
              </chakra.li>
            ))}
          </chakra.ol>
          {pdf.data.numPages > PDF_PREVIEW_PAGES && (
            <Text mt="2" fontSize="sm" color="fg.muted">
              The preview shows the first {PDF_PREVIEW_PAGES} of {pdf.data.numPages} pages; Download
              has all of it.
            </Text>
          )}
        </>
      )}
    </Box>
  );
}

function PdfPage({ doc, n, width }: { doc: PdfPreviewDocument; n: number; width: number }) {
  const [canvas, near] = useNearViewport<HTMLCanvasElement>('600px');
  const [shape, setShape] = useState('1 / 1.414');
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    void doc.pageSize(n).then((s) => live && setShape(`${s.width} / ${s.height}`));
    return () => {
      live = false;
    };
  }, [doc, n]);
  useEffect(() => {
    const el = canvas.current;
    if (!near || !el || width === 0) return;
    void doc.render(n, el, width).then(
      () => setDrawn(true),
      (err: unknown) => console.warn(`preview: page ${n} not drawn`, err),
    );
  }, [doc, n, near, width, canvas]);
  return (
    <chakra.canvas
      ref={canvas}
      role="img"
      aria-label={`Page ${n} of ${doc.numPages}`}
      data-drawn={drawn ? 'true' : undefined}
      display="block"
      width="100%"
      style={{ aspectRatio: shape }}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="sm"
    />
  );
}
