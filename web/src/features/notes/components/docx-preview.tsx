import { LoadingState } from '../../../shared/ui/loading-state';
import { useAsync } from '../../../shared/utils/use-async';
import { docxToHtml, fetchFileBytes } from '../api/preview-api';
import { PreviewFailed } from './preview-failed';

/** A DOCX as HTML (mammoth, then kept to plain tags: preview-api's sanitizeDocxHtml). */
export default function DocxPreview({ url, title }: { url: string; title: string }) {
  const html = useAsync(async () => docxToHtml(await fetchFileBytes(url)), [url]);
  if (html.status === 'loading') return <LoadingState label="Loading preview..." />;
  if (html.status === 'error') return <PreviewFailed />;
  return (
    <div
      data-testid="docx-preview"
      aria-label={title}
      role="document"
      tabIndex={0}
      className="nn-note-preview__docx"
      dangerouslySetInnerHTML={{ __html: html.data }}
    />
  );
}
