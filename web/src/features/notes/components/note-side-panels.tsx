import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/utils/dates';
import type { NoteDetail } from '../api/note-detail-model';
import { formatCount } from '../../../shared/utils/numbers';
import { FollowButton } from '../../follows';

/**
 * Follow the note's subject, course and college (issue 32), under the details that name them:
 * a <dl> may hold only its terms and values, and a value keeps exactly the name.
 */
function FollowDetails({ note }: { note: NoteDetail }) {
  const kinds = [
    ['subject', note.subjectName],
    ['course', note.courseName],
    ['college', note.collegeName],
  ] as const;
  return (
    <div className="nn-note-follow" data-testid="note-follow">
      {kinds.map(([kind, name]) =>
        name === null ? null : <FollowButton key={kind} kind={kind} name={name} showKind />,
      )}
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="nn-panel">
      <h2 id={id} className="nn-heading nn-note-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({
  rows,
  testId,
}: {
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  testId: string;
}) {
  return (
    <dl className="nn-note-facts" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} data-field={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The spec's side panels: Statistics, the approval badge, Details. */
export function NoteSidePanels({ note }: { note: NoteDetail }) {
  const na = (v: string | number | null) => (v === null ? 'N/A' : String(v));
  return (
    <>
      <Panel id="note-statistics-heading" title="Statistics">
        {/* The review status heads the panel (it floated alone between the panels). */}
        <span
          className={`nn-note-badge${note.approved ? ' nn-note-badge--approved' : ''}`}
          data-testid="approval-badge"
        >
          {note.approved ? 'Approved by Admin' : 'Pending Approval'}
        </span>
        <Facts
          testId="note-statistics"
          rows={[
            ['Likes', formatCount(note.likesCount)],
            ['Downloads', formatCount(note.downloadCount)],
          ]}
        />
      </Panel>
      <Panel id="note-details-heading" title="Details">
        <Facts
          testId="note-details"
          rows={[
            ['Subject', na(note.subjectName)],
            ['Course', na(note.courseName)],
            ['Semester', na(note.semester)],
            ['Batch', na(note.batch)],
            ['College', na(note.collegeName)],
            ['Uploaded', formatDate(note.createdAt) || 'N/A'],
          ]}
        />
        <FollowDetails note={note} />
      </Panel>
    </>
  );
}
