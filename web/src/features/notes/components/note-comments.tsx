import { useId, useState, type FormEvent } from 'react';
import { COMMENT_LIMITS } from '@notenest/shared';
import { formatDateTime } from '../../../shared/utils/dates';
import { COMMENTS_SHOWN, isValidCommentText } from '../api/note-detail-api';
import {
  canDeleteComment,
  canEditComment,
  commentAuthor,
  commentInitial,
  DELETE_COMMENT_CONFIRMATION,
  type NoteComment,
  type NoteDetail,
  type Viewer,
} from '../api/note-detail-model';
import { useLiveComments, type LiveComments } from '../hooks/use-live-comments';
import { formatCount } from '../../../shared/utils/numbers';

export const COMMENT_PLACEHOLDER = 'Share your thoughts on these notes...';
export const NO_COMMENTS_TEXT = 'No comments yet. Be the first to comment!';

/** The note page's comments: the live list with its count, adding, editing and deleting. */
export function NoteComments({ note, viewer }: { note: NoteDetail; viewer: Viewer }) {
  const live = useLiveComments(note.id);
  const [text, setText] = useState('');
  const { status, comments } = live;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await live.add(text)) setText('');
  };

  // The list is exact up to COMMENTS_SHOWN; past that the note's commentsCount (kept by a trigger) is.
  const count =
    status === 'loaded' && comments.length < COMMENTS_SHOWN
      ? comments.length
      : Math.max(comments.length, note.commentsCount);

  return (
    <section aria-labelledby="note-comments-heading" className="nn-panel nn-note-comments">
      <h2 id="note-comments-heading" className="nn-heading nn-note-section__title">
        Comments ({formatCount(count)})
      </h2>

      <form onSubmit={(e) => void onSubmit(e)} className="nn-note-comments__form">
        <label htmlFor="note-comment-text" className="nn-label">
          Add a Comment
        </label>
        <textarea
          id="note-comment-text"
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

      <p role="alert" className="nn-alert nn-note-comments__error">
        {live.error}
      </p>

      {status === 'loading' && <p className="nn-muted">Loading comments...</p>}
      {status === 'failed' && (
        <p role="alert" className="nn-alert">
          The comments could not be loaded. Please try again later.
        </p>
      )}
      {status === 'loaded' && comments.length === 0 && (
        <p className="nn-muted">{NO_COMMENTS_TEXT}</p>
      )}
      {comments.length > 0 && (
        <ul className="nn-comment-list" data-testid="comments-list">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} viewer={viewer} live={live} />
          ))}
        </ul>
      )}
    </section>
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
