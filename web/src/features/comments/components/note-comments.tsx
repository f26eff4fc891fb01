import { useId, useState, type FormEvent } from 'react';
import { COMMENT_LIMITS } from '@notenest/shared';
import { Alert } from '../../../shared/ui/alert';
import { formatDateTime } from '../../../shared/utils/dates';
import { formatCount } from '../../../shared/utils/numbers';
import { NEEDS_CONNECTION, useOffline } from '../../../shared/utils/connection';
import { isValidCommentText } from '../api/comments-api';
import {
  canDeleteComment,
  canEditComment,
  COMMENT_PLACEHOLDER,
  COMMENTS_SHOWN,
  commentAuthor,
  commentInitial,
  DELETE_COMMENT_CONFIRMATION,
  NO_COMMENTS_TEXT,
  pseudoAuthorLabel,
  type NoteComment,
  type Viewer,
} from '../api/comments-model';
import { useLiveComments, type LiveComments } from '../hooks/use-live-comments';
import './comments.css';

export interface NoteCommentsProps {
  noteId: string;
  /** The note's stored commentsCount (kept exact by a trigger), shown until the list is read. */
  commentsCount: number;
  /**
   * `page` (the note page, spec section 2): each comment with its avatar and username, and Edit
   * and Delete for those allowed. `browse` (Browse's inline view, spec section 2): the pseudo
   * label "User_" and the comment id's first 4 characters, the text and the time.
   */
  variant: 'page' | 'browse';
  /** Who is looking, for the page's Edit and Delete buttons; null for a visitor. */
  viewer: Viewer | null;
  /**
   * Sends the comment through this once the reader is known to be signed in (Browse: a visitor
   * is sent to sign in instead, and a send while Auth confirms the session waits for it).
   */
  whenSignedIn?: (send: () => void) => void;
  /** Told after a comment was saved, with the note's comment count right after it. */
  onAdded?: (commentsCount: number | null) => void;
  /** Prefix of the element ids (two lists never share a page, but the ids stay apart). */
  idPrefix: string;
}

/**
 * The comments of a note, wherever they are shown: the live list with its count, and the form
 * to add one (spec sections 2 and 5). Plain markup (comments.css), no Chakra, like the note page.
 */
export function NoteComments({
  noteId,
  commentsCount,
  variant,
  viewer,
  whenSignedIn,
  onAdded,
  idPrefix,
}: NoteCommentsProps) {
  const live = useLiveComments(noteId, onAdded);
  const offline = useOffline();
  const [text, setText] = useState('');
  const { status, comments } = live;
  const headingId = `${idPrefix}-comments-heading`;
  const textId = `${idPrefix}-comment-text`;
  const Heading = variant === 'page' ? 'h2' : 'h3';

  const send = async () => {
    if (await live.add(text)) setText('');
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (whenSignedIn) whenSignedIn(() => void send());
    else void send();
  };

  // The list is exact up to COMMENTS_SHOWN; past that the note's commentsCount (kept by a trigger) is.
  // Offline the list may be the SDK's empty cache: the stored count is the better guess.
  const count =
    status === 'loaded' && !offline && comments.length < COMMENTS_SHOWN
      ? comments.length
      : Math.max(comments.length, commentsCount);

  return (
    <section aria-labelledby={headingId} className="nn-panel nn-comments">
      <Heading id={headingId} className="nn-heading nn-comments__title">
        Comments ({formatCount(count)})
      </Heading>

      <form onSubmit={(e) => void onSubmit(e)} className="nn-comments__form">
        <label htmlFor={textId} className="nn-label">
          Add a Comment
        </label>
        <textarea
          id={textId}
          className="nn-textarea"
          placeholder={COMMENT_PLACEHOLDER}
          value={text}
          maxLength={COMMENT_LIMITS.text.max}
          onChange={(e) => setText(e.target.value)}
          disabled={live.adding}
        />
        <button
          type="submit"
          className="nn-button nn-button--solid"
          aria-busy={live.adding || undefined}
          disabled={live.adding || !isValidCommentText(text)}
        >
          {live.adding && <span className="nn-spinner" aria-hidden="true" />}
          Submit Comment
        </button>
      </form>

      <Alert className="nn-comments__error">{live.error}</Alert>

      {/* Offline (issue 32) comments are neither read nor sent: said here, in place of a
          "Loading" that would never end, a failure, or an empty list that is only the SDK's empty
          cache speaking. Comments read before the connection went stay listed below it. Sending
          one offline is refused at once with the same words (the facade's offline check). */}
      {offline && (
        <p role="status" className="nn-muted" data-field="comments-offline">
          {NEEDS_CONNECTION}
        </p>
      )}
      {!offline && status === 'loading' && <p className="nn-muted">Loading comments...</p>}
      {!offline && status === 'failed' && (
        <Alert>The comments could not be loaded. Please try again later.</Alert>
      )}
      {!offline && status === 'loaded' && comments.length === 0 && (
        <p className="nn-muted">{NO_COMMENTS_TEXT}</p>
      )}
      {comments.length > 0 && (
        <ul className="nn-comment-list" data-testid="comments-list">
          {comments.map((c) =>
            variant === 'page' && viewer ? (
              <CommentItem key={c.id} comment={c} viewer={viewer} live={live} />
            ) : (
              <PseudonymousItem key={c.id} comment={c} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** Browse's comment: the pseudo label, the text, the time. */
function PseudonymousItem({ comment }: { comment: NoteComment }) {
  return (
    <li className="nn-comment" data-comment-id={comment.id}>
      <div className="nn-comment__body">
        <div className="nn-comment__head">
          <span className="nn-comment__author">{pseudoAuthorLabel(comment.id)}</span>
          {comment.commentedAt && (
            <time dateTime={comment.commentedAt.toISOString()} className="nn-comment__time">
              {formatDateTime(comment.commentedAt)}
            </time>
          )}
        </div>
        <p className="nn-comment__text" data-field="text">
          {comment.text}
        </p>
      </div>
    </li>
  );
}

interface CommentItemProps {
  comment: NoteComment;
  viewer: Viewer;
  live: Pick<LiveComments, 'update' | 'remove'>;
}

/** One comment: view mode, or edit mode (Save returns to view, Cancel discards). */
function CommentItem({ comment, viewer, live }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const editId = useId();
  const author = commentAuthor(comment);

  const startEdit = () => {
    setDraft(comment.text);
    setEditing(true);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    // Spec section 5: empty or whitespace-only text is not sent.
    if (!isValidCommentText(draft)) return;
    setBusy('save');
    const saved = await live.update(comment.id, draft);
    setBusy(null);
    if (saved) setEditing(false);
  };

  const remove = async () => {
    if (!window.confirm(DELETE_COMMENT_CONFIRMATION)) return;
    setBusy('delete');
    await live.remove(comment.id);
    setBusy(null);
  };

  const canEdit = canEditComment(comment, viewer);
  const canDelete = canDeleteComment(comment, viewer);
  return (
    <li className="nn-comment" data-comment-id={comment.id}>
      <span className="nn-comment__avatar" aria-hidden="true">
        {commentInitial(comment)}
      </span>
      <div className="nn-comment__body">
        <div className="nn-comment__head">
          <span className="nn-comment__author" data-field="author">
            {author}
          </span>
          {comment.commentedAt && (
            <time dateTime={comment.commentedAt.toISOString()} className="nn-comment__time">
              {formatDateTime(comment.commentedAt)}
              {comment.editedAt && ' (edited)'}
            </time>
          )}
        </div>
        {editing ? (
          <form onSubmit={(e) => void save(e)} className="nn-comment__edit">
            <label htmlFor={editId} className="nn-label">
              Edit your comment
            </label>
            <textarea
              id={editId}
              className="nn-textarea"
              value={draft}
              maxLength={COMMENT_LIMITS.text.max}
              onChange={(e) => setDraft(e.target.value)}
              disabled={busy === 'save'}
              autoFocus
            />
            <div className="nn-comment__actions">
              <button
                type="submit"
                className="nn-button nn-button--solid nn-button--sm"
                aria-busy={busy === 'save' || undefined}
                disabled={busy === 'save' || !isValidCommentText(draft)}
              >
                {busy === 'save' && <span className="nn-spinner" aria-hidden="true" />}
                Save
              </button>
              <button
                type="button"
                className="nn-button nn-button--outline nn-button--gray nn-button--sm"
                onClick={() => setEditing(false)}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <p className="nn-comment__text" data-field="text">
            {comment.text}
          </p>
        )}
        {!editing && (canEdit || canDelete) && (
          <div className="nn-comment__actions">
            {canEdit && (
              <button
                type="button"
                className="nn-button nn-button--outline nn-button--gray nn-button--xs"
                onClick={startEdit}
                aria-label="Edit comment"
              >
                Edit
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="nn-button nn-button--outline nn-button--red nn-button--xs"
                onClick={() => void remove()}
                aria-busy={busy === 'delete' || undefined}
                disabled={busy === 'delete'}
                aria-label="Delete comment"
              >
                {busy === 'delete' && <span className="nn-spinner" aria-hidden="true" />}
                Delete
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
