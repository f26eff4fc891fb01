import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/utils/dates';
import type { NoteDetail } from '../api/note-detail-model';
import { formatCount } from '../../../shared/utils/numbers';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p="5"
    >
      <Heading id={id} as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
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
    <Stack as="dl" gap="2" fontSize="sm" data-testid={testId}>
      {rows.map(([label, value]) => (
        <Box key={label} display="flex" justifyContent="space-between" gap="3" data-field={label}>
          <Text as="dt" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight="semibold" textAlign="end">
            {value}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/** The spec's side panels: Statistics, the approval badge, Details. */
export function NoteSidePanels({ note }: { note: NoteDetail }) {
  const na = (v: string | number | null) => (v === null ? 'N/A' : String(v));
  return (
    <Stack gap="5">
      <Panel id="note-statistics-heading" title="Statistics">
        {/* The review status heads the panel (it floated alone between the panels). */}
        <Badge
          size="lg"
          mb="3"
          // Explicit shades: the darkest text on the lightest tint keeps the contrast well above AA.
          bg={note.approved ? 'green.100' : 'orange.100'}
          color={note.approved ? 'green.900' : 'orange.900'}
          data-testid="approval-badge"
        >
          {note.approved ? 'Approved by Admin' : 'Pending Approval'}
        </Badge>
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
      </Panel>
    </Stack>
  );
}
