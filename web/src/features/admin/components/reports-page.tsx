import { Badge, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { useServerList } from '../../../shared/server-state';
import {
  dismissReports,
  fetchReportedNotes,
  removeReportedNote,
  warnUploader,
} from '../api/admin-api';
import { formatDay } from '../api/admin-model';
import {
  REPORTS_LIST,
  REPORT_ACTION_ERRORS,
  REPORT_CONFIRM,
  type ReportedNote,
} from '../api/reports-model';
import { AdminListPage, type ListAction, type ListItems } from './admin-list-page';

const ITEMS: ListItems<ReportedNote> = {
  key: (n) => n.noteId,
  attribute: 'data-note-id',
  name: (n) => n.noteTitle,
};

function ReportCard({ note }: { note: ReportedNote }) {
  return (
    <>
      <Flex gap="2" wrap="wrap">
        {note.copyright && (
          <Badge bg="red.subtle" color="red.fg">
            Copyright
          </Badge>
        )}
        {note.underReview && (
          <Badge bg="orange.subtle" color="orange.fg">
            Under review
          </Badge>
        )}
      </Flex>
      <Heading as="h3" size="md">
        <Link asChild color="teal.fg" textDecoration="underline">
          <RouterLink to={paths.note(note.noteId)}>{note.noteTitle}</RouterLink>
        </Link>
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        By {note.uploaderName}
        {note.lastReportedAt ? ` · last reported ${formatDay(note.lastReportedAt)}` : ''}
      </Text>
      <Text as="ul" fontSize="sm" listStyleType="none" data-testid="report-reasons">
        {note.reasons.map((r) => (
          <li key={r.reason}>
            {r.label}: {r.count}
          </li>
        ))}
      </Text>
      <Text fontSize="sm" data-testid="reporters">
        Reported by {note.reporters.join(', ')}
      </Text>
    </>
  );
}

/**
 * Reports: notes readers reported, copyright first. Dismiss closes the reports (a note they took
 * out of view is back); Remove deletes the note as Delete does (for copyright, a strike: three
 * stop the uploader's uploads); Warn tells the uploader and sends a note under review back to
 * Pending Approvals. Every action tells the reporters their report was handled.
 */
export function ReportsPage() {
  const list = useServerList(['admin', 'reports'], (cursor) => fetchReportedNotes(cursor));
  const actions = (note: ReportedNote): ListAction<ReportedNote>[] => [
    {
      label: 'Dismiss',
      tone: 'approve',
      send: () => dismissReports(note.noteId),
      then: 'remove',
      failure: REPORT_ACTION_ERRORS.dismiss,
    },
    {
      label: 'Warn Uploader',
      tone: 'pending',
      confirm: { message: REPORT_CONFIRM.warn, label: 'Warn' },
      send: () => warnUploader(note.noteId),
      then: 'remove',
      failure: REPORT_ACTION_ERRORS.warn,
    },
    ...(note.copyright
      ? [
          {
            label: 'Remove for Copyright',
            tone: 'danger',
            confirm: { message: REPORT_CONFIRM.removeCopyright, label: 'Remove' },
            send: () => removeReportedNote(note.noteId, true),
            then: 'remove',
            failure: REPORT_ACTION_ERRORS.remove,
          } satisfies ListAction<ReportedNote>,
        ]
      : []),
    {
      label: 'Remove',
      tone: 'danger',
      confirm: { message: REPORT_CONFIRM.remove, label: 'Remove' },
      send: () => removeReportedNote(note.noteId, false),
      then: 'remove',
      failure: REPORT_ACTION_ERRORS.remove,
    },
  ];
  return (
    <AdminListPage
      badge={(shown, more) => `${shown}${more ? '+' : ''} Reported Notes`}
      list={list}
      texts={REPORTS_LIST}
      items={ITEMS}
      view={{ card: (note) => <ReportCard note={note} /> }}
      actions={actions}
    />
  );
}
