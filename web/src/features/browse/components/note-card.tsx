import { Fragment, memo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { orNA, type BrowseNote, type SearchMatch } from '../api/browse-model';
import { CommentIcon, HeartIcon } from '../../../shared/ui/icons';
import './note-card.css';
import { formatCount } from '../../../shared/utils/numbers';
import { NoteThumbnail } from '../../../shared/notes/note-thumbnail';
import { CardMenu } from './card-menu';

/**
 * Where a search found the note: its page ("page N", for a PDF) and the text around the matched
 * words, highlighted. The snippet arrives as segments (api/snippet.ts), never as HTML: React
 * renders every character of it as text.
 */
function MatchSnippet({ match }: { match: SearchMatch }) {
  if (match.snippet.length === 0 && match.page === null) return null;
  return (
    <p className="nn-note-card__snippet" data-field="snippet">
      {match.page !== null && (
        <span className="nn-note-card__page" data-field="page">
          page {match.page}
        </span>
      )}
      {match.snippet.map((segment, i) =>
        segment.mark ? (
          <mark key={i}>{segment.text}</mark>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </p>
  );
}

export interface NoteCardProps {
  note: BrowseNote;
  /** undefined: not known (likes are private and read only when the like button is pressed). */
  liked: boolean | undefined;
  busy: 'like' | 'download' | undefined;
  actionsDisabled: boolean;
  onLike: (note: BrowseNote) => void;
  onComments: (note: BrowseNote) => void;
  onDownload: (note: BrowseNote) => void;
  /** Report the note (issue 30), from the card's "More actions" menu. */
  onReport: (note: BrowseNote) => void;
}

/**
 * One note of the Browse list. Its buttons wait for the app inside the list's disabled fieldset
 * (browse-page.tsx) while a prerendered page (GET /browse) is hydrated. Plain markup and CSS
 * (note-card.css, over the Chakra tokens' variables, matching the Chakra recipes it replaced)
 * rather than Chakra components: a page shows
 * 24 of them, and Chakra computes and injects each component's styles at render time; profiled on
 * a 4x-throttled CPU that was the largest part of /browse's blocking time (Lighthouse mobile,
 * `npm run bench`). Memoized, since Browse re-renders for reasons that leave the cards as they
 * are (filter options, suggestions, the list of seen titles).
 */
export const NoteCard = memo(function NoteCard({
  note,
  liked,
  busy,
  actionsDisabled,
  onLike,
  onComments,
  onDownload,
  onReport,
}: NoteCardProps) {
  const fields: ReadonlyArray<readonly [string, string | number | null]> = [
    ['Subject', note.subjectName],
    ['Course', note.courseName],
    ['College', note.collegeName],
    ['Semester', note.semester],
  ];
  const titleId = `note-${note.id}-title`;
  const likes = `${formatCount(note.likesCount)} ${note.likesCount === 1 ? 'like' : 'likes'}`;
  const comments = `${formatCount(note.commentsCount)} ${
    note.commentsCount === 1 ? 'comment' : 'comments'
  }`;
  return (
    <article aria-labelledby={titleId} data-note-id={note.id} className="nn-note-card">
      <div className="nn-note-card__head">
        <div>
          <h2 id={titleId} className="nn-heading nn-note-card__title">
            {note.title}
          </h2>
          {note.match && <MatchSnippet match={note.match} />}
          <p className="nn-muted nn-note-card__description" data-field="description">
            {note.description}
          </p>
        </div>
        <NoteThumbnail url={note.thumbnailUrl} fileName={note.fileName} />
      </div>
      <dl className="nn-note-card__fields">
        {fields.map(([label, value]) => (
          <div key={label} className="nn-note-card__field" data-field={label}>
            <dt>{label}:</dt>
            <dd>{orNA(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="nn-note-card__actions">
        <button
          type="button"
          className={`nn-button nn-button--sm nn-button--ghost-red${busy === 'like' ? ' nn-button--loading' : ''}`}
          // The visible count comes first, so the name contains the visible text (WCAG 2.5.3).
          aria-label={`${likes}, ${liked ? 'unlike' : 'like'}`}
          aria-pressed={liked}
          aria-busy={busy === 'like' || undefined}
          // Not disabled while the like is saved: a disabled button drops keyboard focus. A second
          // press meanwhile is ignored (useNoteActions).
          aria-disabled={busy === 'like' || undefined}
          disabled={actionsDisabled}
          onClick={() => onLike(note)}
          data-action="like"
        >
          <HeartIcon filled={liked === true} />
          <span data-count="likes">{formatCount(note.likesCount)}</span>
        </button>
        <button
          type="button"
          className="nn-button nn-button--sm nn-button--ghost-teal"
          aria-label={`${comments}, show comments`}
          onClick={() => onComments(note)}
          data-action="comments"
        >
          <CommentIcon />
          <span data-count="comments">{formatCount(note.commentsCount)}</span>
        </button>
        <CardMenu
          label={`More actions for ${note.title}`}
          items={[{ label: 'Report', onSelect: () => onReport(note) }]}
        />
        <span className="nn-note-card__spacer" />
        {/* Download and Detail wrap together: Detail never sits alone on a second row. */}
        <span className="nn-note-card__primary">
          <button
            type="button"
            className={`nn-button nn-button--sm nn-button--solid${busy === 'download' ? ' nn-button--loading' : ''}`}
            aria-busy={busy === 'download' || undefined}
            aria-disabled={busy === 'download' || undefined}
            disabled={actionsDisabled || note.fileUrl === null}
            onClick={() => onDownload(note)}
          >
            Download
          </button>
          <Link to={paths.note(note.id)} className="nn-button nn-button--sm nn-button--outline">
            Detail
          </Link>
        </span>
      </div>
    </article>
  );
});
