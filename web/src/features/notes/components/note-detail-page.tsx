import { REPORT_MESSAGES } from '@notenest/shared';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { LoadFailure } from '../../../shared/ui/load-failure';
import { LoadingState } from '../../../shared/ui/loading-state';
import { HeartIcon } from '../../../shared/ui/icons';
import { formatDate } from '../../../shared/utils/dates';
import { formatCount } from '../../../shared/utils/numbers';
import { useOffline } from '../../../shared/utils/connection';
import { useDocumentTitle } from '../../../shared/utils/use-document-title';
import { useDisplayedUser } from '../../auth';
import { NoteComments, type Viewer } from '../../comments';
import { AvailableOfflineButton, useOfflineNote } from '../../offline';
import { noteDocumentTitle, toNoteDetail, type NoteDetail } from '../api/note-detail-model';
import { useLiveNote } from '../hooks/use-live-note';
import { useNotePageActions } from '../hooks/use-note-page-actions';
import './note-page.css';
import { NotePreview } from './note-preview';
import { NoteSidePanels } from './note-side-panels';

// The report dialog (issue 30), loaded when Report is pressed.
const ReportDialog = lazy(() => import('../../reports').then((m) => ({ default: m.ReportDialog })));

/** A note that was deleted, or that this reader may not see (pending review). */
function Unavailable({ underReview }: { underReview: boolean }) {
  // Readers' reports took it out of public view (issue 30): said, and nothing of the note shown.
  if (underReview)
    return (
      <div className="nn-state">
        <h1 className="nn-heading nn-state__title">{REPORT_MESSAGES.underReview}</h1>
        <p className="nn-muted">
          Readers reported it, and an admin is looking at it. Browse the notes that are shared now.
        </p>
        <Link to={paths.browse} className="nn-button nn-button--solid">
          Browse Notes
        </Link>
      </div>
    );
  return (
    <div className="nn-state">
      <h1 className="nn-heading nn-state__title">This note is not available</h1>
      <p className="nn-muted">
        It may have been deleted, or it is waiting for an admin&apos;s review. Browse the notes that
        are shared now.
      </p>
      <Link to={paths.browse} className="nn-button nn-button--solid">
        Browse Notes
      </Link>
    </div>
  );
}

/** A button's spinner while its action runs (Chakra's Button `loading`). */
function Busy({ when }: { when: boolean }) {
  return when ? <span className="nn-spinner" aria-hidden="true" /> : null;
}

function NoteHeader({ note, viewer }: { note: NoteDetail; viewer: Viewer }) {
  const actions = useNotePageActions(note, viewer.uid);
  const offline = useOffline();
  const [reporting, setReporting] = useState(false);
  // A reader reports someone else's public note (the rules refuse the rest).
  const reportable = note.approved && note.uploaderId !== viewer.uid;
  const likes = `${formatCount(note.likesCount)} ${note.likesCount === 1 ? 'like' : 'likes'}`;
  const outline = 'nn-button nn-button--outline';
  return (
    <section aria-labelledby="note-title" className="nn-panel nn-note-header">
      {/* Its uploader and admins still see it; nobody else does until an admin acts. */}
      {note.underReview && (
        <p role="status" className="nn-note-header__review" data-field="under-review">
          {REPORT_MESSAGES.underReview}
        </p>
      )}
      <h1 id="note-title" className="nn-heading nn-note-header__title">
        {note.title}
      </h1>
      <div className="nn-note-header__meta">
        <span data-field="subject">{note.subjectName ?? 'N/A'}</span>
        <span aria-hidden="true">•</span>
        <span data-field="course">{note.courseName ?? 'N/A'}</span>
        {note.createdAt && (
          <>
            <span aria-hidden="true">•</span>
            <time dateTime={note.createdAt.toISOString()} data-field="created">
              {formatDate(note.createdAt)}
            </time>
          </>
        )}
      </div>
      {note.description && (
        <p className="nn-note-header__description" data-field="description">
          {note.description}
        </p>
      )}
      <div className="nn-note-header__actions">
        {note.fileUrl && (
          <a
            href={note.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="nn-button nn-button--solid"
          >
            View Notes
          </a>
        )}
        <button
          type="button"
          className={outline}
          onClick={actions.download}
          // Busy, not disabled: a disabled button drops keyboard focus (a second press is ignored).
          aria-busy={actions.downloading || undefined}
          disabled={!note.fileUrl}
        >
          Download
        </button>
        <button
          type="button"
          className={`${outline} nn-button--gray`}
          onClick={actions.share}
          aria-live="polite"
        >
          {actions.copied ? 'Copied!' : 'Share'}
        </button>
        <button
          type="button"
          className={`${outline} nn-button--gray`}
          onClick={actions.archive}
          disabled={actions.archiving}
          aria-busy={actions.archiving || undefined}
        >
          <Busy when={actions.archiving} />
          Archive
        </button>
        {/* A saved note's file and details kept on this device (issue 32). */}
        <AvailableOfflineButton
          uid={viewer.uid}
          noteId={note.id}
          saved={actions.archiveMessage?.kind === 'success'}
        />
        {/* Spec section 6: shown to everyone who sees the note; the Update screen and the facade
            decide who may use them, and say so. */}
        <Link to={paths.updateNote(note.id)} className={`${outline} nn-button--gray`}>
          Edit
        </Link>
        <button
          type="button"
          className={`${outline} nn-button--red`}
          onClick={actions.deleteNote}
          disabled={actions.deleting}
          aria-busy={actions.deleting || undefined}
        >
          <Busy when={actions.deleting} />
          Delete
        </button>
        <button
          type="button"
          className={`${outline} nn-button--red`}
          // The visible count first (axe: label-content-name-mismatch); the state is aria-pressed.
          aria-label={`${likes}, like`}
          aria-pressed={actions.liked ?? undefined}
          onClick={actions.toggleLike}
          aria-busy={actions.liking || undefined}
          // Offline the like is never read: the button stays usable and says it needs a network.
          disabled={actions.liked === null && !offline}
          data-action="like"
        >
          <HeartIcon filled={actions.liked === true} />
          {formatCount(note.likesCount)}
        </button>
        {reportable && (
          <button
            type="button"
            className={`${outline} nn-button--gray`}
            aria-haspopup="dialog"
            onClick={() => setReporting(true)}
          >
            Report
          </button>
        )}
      </div>
      {reportable && reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            noteId={note.id}
            noteTitle={note.title}
            uid={viewer.uid}
            open
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
      {actions.likeMessage && (
        <Alert className="nn-note-header__message">{actions.likeMessage}</Alert>
      )}
      {actions.downloadMessage && (
        <Alert className="nn-note-header__message" data-field="download-message">
          {actions.downloadMessage}
        </Alert>
      )}
      {actions.deleteMessage && (
        <Alert className="nn-note-header__message">{actions.deleteMessage}</Alert>
      )}
      {actions.archiveMessage &&
        (actions.archiveMessage.kind === 'error' ? (
          <Alert className="nn-note-header__message">{actions.archiveMessage.text}</Alert>
        ) : (
          <p role="status" className="nn-note-header__message nn-note-header__message--ok">
            {actions.archiveMessage.text}
          </p>
        ))}
    </section>
  );
}

function NoteScreen({ note, viewer }: { note: NoteDetail; viewer: Viewer }) {
  useDocumentTitle(noteDocumentTitle(note.title));
  return (
    // The header's width (6xl, shared/ui/base.css .nn-container): the page lines up with it.
    <div className="nn-container nn-note-page">
      <div className="nn-note-page__grid">
        <div className="nn-note-page__main">
          <NoteHeader note={note} viewer={viewer} />
          <NotePreview note={note} />
          <NoteComments
            noteId={note.id}
            commentsCount={note.commentsCount}
            variant="page"
            viewer={viewer}
            idPrefix="note"
          />
        </div>
        {/* Not an <aside>: a complementary landmark must not sit inside <main>. */}
        <div className="nn-note-page__side">
          <NoteSidePanels note={note} />
        </div>
      </div>
    </div>
  );
}

/**
 * /notes/:notesId (guarded): the note, its preview, comments and actions, kept live for every
 * viewer (likes, downloads and comments from other readers appear without a reload). Plain
 * markup and CSS (note-page.css), no Chakra: see CHAKRA_FREE_PAGES in app/router.tsx.
 */
export default function NoteDetailPage() {
  const { notesId = '' } = useParams();
  const note = useLiveNote(notesId);
  // The signed-in user, or the remembered one while Auth restores the session (RequireAuth).
  const user = useDisplayedUser();
  const offline = useOffline();
  const uid = user?.uid ?? null;
  // A note kept "Available offline" (issue 32) opens from its copy while there is no network.
  // (A copy that is no longer readable is freed by Saved Notes, whose reads tell a refusal from
  // a network failure; the live listener's "gone" may be its offline cache speaking.)
  const kept = useOfflineNote(uid, notesId);
  if (offline && kept && user) {
    const viewer: Viewer = { uid: user.uid, role: user.role };
    return <NoteScreen key={kept.id} note={toNoteDetail(kept.id, kept.data)} viewer={viewer} />;
  }
  if (note.status === 'failed') return <LoadFailure />;
  if (note.status === 'unavailable') return <Unavailable underReview={note.underReview} />;
  // The guard renders this page only for a user (signed in or remembered).
  if (note.status === 'loading' || !user) return <LoadingState label="Loading Notes..." />;
  const viewer: Viewer = { uid: user.uid, role: user.role };
  return <NoteScreen key={note.note.id} note={note.note} viewer={viewer} />;
}
