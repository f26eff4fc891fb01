import { useEffect, useState } from 'react';
import { ServerStateScope, useServerValue } from '../../../shared/server-state';
import { useNearViewport } from '../../../shared/utils/use-near-viewport';
import { useWidth } from '../../../shared/utils/use-width';
import {
  PDF_PREVIEW_PAGES,
  fetchFileBytes,
  openPdf,
  type PdfPreviewDocument,
} from '../api/preview-api';
import { PdfPlaceholder } from './pdf-placeholder';
import { PreviewFailed } from './preview-failed';

/**
 * A PDF drawn page by page with PDF.js, as wide as the panel (390 px phones included). Each page
 * keeps its shape from the start (no jumps) and is drawn when it comes near the viewport.
 */
export default function PdfPreview(props: { url: string; title: string }) {
  return (
    <ServerStateScope>
      <PdfPages {...props} />
    </ServerStateScope>
  );
}

function PdfPages({ url, title }: { url: string; title: string }) {
  const pdf = useServerValue(['preview', 'pdf', url], async () =>
    openPdf(await fetchFileBytes(url)),
  );
  const [box, width] = useWidth<HTMLDivElement>();
  // PDF.js keeps the document in its worker until told: freed when the preview goes.
  const doc = pdf.status === 'success' ? pdf.data : null;
  useEffect(
    () => () => {
      if (doc) void doc.destroy();
    },
    [doc],
  );
  return (
    <div ref={box} data-testid="pdf-preview">
      {pdf.status === 'loading' && <PdfPlaceholder />}
      {pdf.status === 'error' && <PreviewFailed />}
      {pdf.status === 'success' && (
        <>
          <ol className="nn-note-preview__pages" aria-label={title}>
            {Array.from({ length: Math.min(pdf.data.numPages, PDF_PREVIEW_PAGES) }, (_, i) => (
              <li key={i}>
                <PdfPage doc={pdf.data} n={i + 1} width={width} />
              </li>
            ))}
          </ol>
          {pdf.data.numPages > PDF_PREVIEW_PAGES && (
            <p className="nn-muted nn-note-preview__hint">
              The preview shows the first {PDF_PREVIEW_PAGES} of {pdf.data.numPages} pages; Download
              has all of it.
            </p>
          )}
        </>
      )}
    </div>
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
    <canvas
      ref={canvas}
      role="img"
      aria-label={`Page ${n} of ${doc.numPages}`}
      data-drawn={drawn ? 'true' : undefined}
      className="nn-note-preview__page"
      style={{ aspectRatio: shape }}
    />
  );
}
