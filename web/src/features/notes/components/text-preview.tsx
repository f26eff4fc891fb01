import { LoadingState } from '../../../shared/ui/loading-state';
import { ServerStateScope, useServerValue } from '../../../shared/server-state';
import { fetchText } from '../api/preview-api';
import { PreviewFailed } from './preview-failed';

/** A TXT file's beginning as text. */
export default function TextPreview({ url }: { url: string }) {
  return (
    <ServerStateScope>
      <TextFile url={url} />
    </ServerStateScope>
  );
}

function TextFile({ url }: { url: string }) {
  const file = useServerValue(['preview', 'text', url], () => fetchText(url));
  if (file.status === 'loading') return <LoadingState label="Loading preview..." />;
  if (file.status === 'error') return <PreviewFailed />;
  return (
    <>
      <pre
        data-testid="text-preview"
        tabIndex={0}
        aria-label="File text"
        className="nn-note-preview__text"
      >
        {file.data.text}
      </pre>
      {file.data.cut && (
        <p className="nn-muted nn-note-preview__hint">
          The preview shows the beginning of the file; Download has all of it.
        </p>
      )}
    </>
  );
}
