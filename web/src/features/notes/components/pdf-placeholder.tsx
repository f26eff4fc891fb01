import { LoadingState } from '../../../shared/ui/loading-state';

/**
 * A PDF's place while its reader loads: one portrait page, the shape of most notes, so the
 * comments below do not jump down when the first page is drawn (Lighthouse CLS).
 */
export function PdfPlaceholder() {
  return (
    <div className="nn-note-preview__placeholder">
      <LoadingState label="Loading preview..." />
    </div>
  );
}
