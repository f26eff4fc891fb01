import { useEffect, useState } from 'react';
import { Alert } from '../../../shared/ui/alert';
import './available-offline-button.css';
import { isNoteSaved } from '../api/offline-store';
import { useOfflineNotes } from '../hooks/use-offline-notes';

export const AVAILABLE_OFFLINE = 'Available offline';

/**
 * The note page's "Available offline" toggle (issue 32), beside Archive: shown for a note in the
 * reader's Saved Notes (`saved` once Archive has just saved it), and for one already kept, so
 * its copy can be freed here too. Plain markup (the note page is on the visitor side of the one
 * UI rule: web/README.md).
 */
export function AvailableOfflineButton({
  uid,
  noteId,
  saved: justSaved,
}: {
  uid: string;
  noteId: string;
  saved: boolean;
}) {
  const offline = useOfflineNotes(uid);
  const [saved, setSaved] = useState<boolean | null>(null);
  useEffect(() => {
    let stopped = false;
    // A failed read (offline) leaves it unknown: a kept note still shows its toggle.
    isNoteSaved(uid, noteId).then(
      (is) => !stopped && setSaved(is),
      () => {},
    );
    return () => {
      stopped = true;
    };
  }, [uid, noteId]);
  const kept = offline.notes?.has(noteId) ?? false;
  if (!kept && !saved && !justSaved) return null;
  const busy = offline.busy.has(noteId);
  return (
    <>
      <button
        type="button"
        className={`nn-button ${kept ? 'nn-button--solid' : 'nn-button--outline'}`}
        aria-pressed={kept}
        aria-busy={busy || undefined}
        disabled={offline.notes === null}
        onClick={() => void (busy ? null : kept ? offline.drop(noteId) : offline.keep(noteId))}
        data-action="available-offline"
      >
        {busy && <span className="nn-spinner" aria-hidden="true" />}
        {AVAILABLE_OFFLINE}
      </button>
      {offline.failure && <Alert className="nn-offline-toggle__message">{offline.failure}</Alert>}
    </>
  );
}
