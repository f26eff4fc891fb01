import { REPORT_MESSAGES, REPORT_TEXT_MAX, charLength, type ReportReason } from '@notenest/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { isAppError } from '../../../shared/errors/app-error';
import { NEEDS_CONNECTION, isOffline } from '../../../shared/utils/connection';
import { fetchMyReport, saveReport } from '../api/reports-api';

export const REPORT_FAILED = 'Could not send your report. Please try again.';
export const REPORT_LOAD_FAILED = 'Could not load your report. Please try again.';
export const REPORT_NO_REASON = 'Choose a reason';
export const REPORT_TEXT_TOO_LONG = `Details must be at most ${REPORT_TEXT_MAX} characters`;

export interface ReportForm {
  /** Loading the reader's earlier report (the form waits for it). */
  loading: boolean;
  /** The reader has reported this note before: the form shows that report, to change it. */
  reported: boolean;
  reason: ReportReason | null;
  text: string;
  setReason: (reason: ReportReason) => void;
  setText: (text: string) => void;
  sending: boolean;
  /** What went wrong (a field, the limit, the network), or null. */
  error: string | null;
  /** The thank-you once sent, or null. */
  sent: string | null;
  submit: (e: FormEvent) => void;
}

/**
 * The report dialog's state: the reader's earlier report read when it opens (reporting again
 * shows and changes it), the checks the rules make (a reason; the text's length), the send.
 */
export function useReportForm(noteId: string, uid: string, open: boolean): ReportForm {
  const [loading, setLoading] = useState(false);
  const [reported, setReported] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setError(null);
    setSent(null);
    fetchMyReport(noteId, uid).then(
      (mine) => {
        if (!live) return;
        setReported(mine !== null);
        setReason(mine?.reason ?? null);
        setText(mine?.text ?? '');
        setLoading(false);
      },
      (e: unknown) => {
        console.error('Could not read the report', e);
        if (!live) return;
        setError(REPORT_LOAD_FAILED);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [noteId, uid, open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending || loading) return;
    setSent(null);
    if (!reason) return setError(REPORT_NO_REASON);
    const trimmed = text.trim();
    if (charLength(trimmed) > REPORT_TEXT_MAX) return setError(REPORT_TEXT_TOO_LONG);
    // Offline the report would only fail later as "Could not send" (issue 32): said at once.
    if (isOffline()) return setError(NEEDS_CONNECTION);
    setError(null);
    setSending(true);
    saveReport(noteId, uid, { reason, text: trimmed })
      .then(
        (result) => {
          setReported(true);
          setSent(result === 'created' ? REPORT_MESSAGES.sent : REPORT_MESSAGES.updated);
        },
        (e: unknown) => {
          console.error('Could not send the report', e);
          const told = isAppError(e, 'rate-limited') || isAppError(e, 'client');
          setError(told ? (e as Error).message : REPORT_FAILED);
        },
      )
      .finally(() => setSending(false));
  };

  return { loading, reported, reason, text, setReason, setText, sending, error, sent, submit };
}
