import { REPORT_REASONS, REPORT_REASON_LABELS, REPORT_TEXT_MAX } from '@notenest/shared';
import { useId } from 'react';
import { Alert } from '../../../shared/ui/alert';
import { useModalDialog } from '../../../shared/ui/use-modal-dialog';
import { useReportForm } from '../hooks/use-report-form';
import './report-dialog.css';

export interface ReportDialogProps {
  noteId: string;
  noteTitle: string;
  /** The signed-in reader (whose report it is). */
  uid: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Report a note: the reasons (a radio group) and optional details, in a modal <dialog> (the
 * browser keeps focus inside and the page behind inert; Escape closes it). Opened again, it shows
 * the reader's report, which sending changes (one report per reader and note). Plain markup and
 * CSS: it opens from the note page and Browse, both visitor-side pages.
 */
export function ReportDialog({ noteId, noteTitle, uid, open, onClose }: ReportDialogProps) {
  const dialog = useModalDialog(open);
  const form = useReportForm(noteId, uid, open);
  const titleId = useId();
  const textId = useId();
  const hintId = useId();

  return (
    <dialog
      ref={dialog.ref}
      className="nn-report"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={dialog.onClick}
    >
      {open && (
        <form className="nn-report__body" onSubmit={form.submit} noValidate>
          <h2 id={titleId} className="nn-heading nn-report__title">
            {form.reported ? 'Your report' : 'Report this note'}
          </h2>
          <p className="nn-muted nn-report__note">{noteTitle}</p>
          <fieldset className="nn-report__reasons" disabled={form.loading || form.sending}>
            <legend className="nn-label">Why are you reporting this note?</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="nn-report__reason">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  checked={form.reason === reason}
                  onChange={() => form.setReason(reason)}
                />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={textId} className="nn-label">
            Details (optional)
          </label>
          <textarea
            id={textId}
            className="nn-textarea"
            value={form.text}
            maxLength={REPORT_TEXT_MAX}
            aria-describedby={hintId}
            disabled={form.loading || form.sending}
            onChange={(e) => form.setText(e.target.value)}
          />
          <p id={hintId} className="nn-muted nn-report__hint">
            Up to {REPORT_TEXT_MAX} characters.
          </p>
          {form.error && <Alert>{form.error}</Alert>}
          {form.sent && (
            <p role="status" className="nn-report__sent">
              {form.sent}
            </p>
          )}
          <div className="nn-report__actions">
            <button
              type="button"
              className="nn-button nn-button--outline nn-button--gray"
              onClick={dialog.close}
            >
              {form.sent ? 'Close' : 'Cancel'}
            </button>
            <button
              type="submit"
              className="nn-button nn-button--solid"
              disabled={form.loading}
              aria-busy={form.sending || undefined}
            >
              {form.sending && <span className="nn-spinner" aria-hidden="true" />}
              {form.reported ? 'Update report' : 'Send report'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
