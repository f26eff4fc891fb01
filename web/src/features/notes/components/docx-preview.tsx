import { LoadingState } from '../../../shared/ui/loading-state';
import { ServerStateScope, useServerValue } from '../../../shared/server-state';
import { docxToHtml, fetchFileBytes } from '../api/preview-api';
import { PreviewFailed } from './preview-failed';

/** A DOCX as HTML (mammoth, then kept to plain tags: preview-api's sanitizeDocxHtml). */
export default function DocxPreview(props: { url: string; title: string }) {
  return (
    <ServerStateScope>
      <DocxHtml {...props} />
    </ServerStateScope>
  );
}

function DocxHtml({ url, title }: { url: string; title: string }) {
  const html = useServerValue(['preview', 'docx', url], async () =>
    docxToHtml(await fetchFileBytes(url)),
  );
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
