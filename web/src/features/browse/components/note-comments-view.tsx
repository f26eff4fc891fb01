import { useCallback, useEffect, useRef } from 'react';
import { NoteComments } from '../../comments';
import { fetchNote } from '../api/browse-api';
import { orNA, type BrowseNote } from '../api/browse-model';
import type { NoteActions } from '../hooks/use-note-actions';

export interface NoteCommentsViewProps {
  note: BrowseNote;
  onBack: () => void;
  /** The re-read note after a comment (it replaces the open note and its card). */
  onNote: (note: BrowseNote) => void;
  withUser: NoteActions['withUser'];
}

/**
 * The spec's inline detail view opened by a card's comment button: Back to Notes, the note's
 * fields, and its comments (features/comments, the same component as the note page's, in its
 * Browse form: pseudo labels, no edit or delete). Plain markup, no Chakra.
 */
export function NoteCommentsView({ note, onBack, onNote, withUser }: NoteCommentsViewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  // Spec: "on submit the note is re-fetched and replaces the open note". The stored count follows
  // from a trigger a moment later; the facade's answer is already exact, so the card never shows
  // fewer comments than there are.
  const noteId = note.id;
  const onAdded = useCallback(
    (counted: number | null) => {
      fetchNote(noteId).then(
        (fresh) => {
          if (fresh)
            onNote({ ...fresh, commentsCount: Math.max(fresh.commentsCount, counted ?? 0) });
        },
        (error: unknown) => console.error('Could not re-read the note', error),
      );
    },
    [noteId, onNote],
  );

  const details: ReadonlyArray<readonly [string, string | number | null]> = [
    ['Subject', note.subjectName],
    ['Course', note.courseName],
    ['College', note.collegeName],
    ['Semester', note.semester],
    ['Likes', note.likesCount],
    ['Downloads', note.downloadCount],
  ];

  return (
    <div className="nn-comments-view" data-testid="note-comments-view" data-note-id={note.id}>
      <div>
        <button
          type="button"
          className="nn-button nn-button--outline nn-button--sm"
          onClick={onBack}
        >
          ← Back to Notes
        </button>
      </div>
      <section className="nn-panel nn-comments-view__note" aria-labelledby="browse-note-title">
        <h2
          id="browse-note-title"
          ref={headingRef}
          tabIndex={-1}
          className="nn-heading nn-comments-view__title"
        >
          {note.title}
        </h2>
        {note.description && (
          <p className="nn-muted nn-comments-view__description">{note.description}</p>
        )}
        <dl className="nn-comments-view__fields">
          {details.map(([label, value]) => (
            <div key={label} data-field={label}>
              <dt>{label}:</dt>
              <dd>{orNA(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <NoteComments
        noteId={note.id}
        commentsCount={note.commentsCount}
        variant="browse"
        viewer={null}
        whenSignedIn={(send) => withUser(send)}
        onAdded={onAdded}
        idPrefix="browse"
      />
    </div>
  );
}
