import { Box, Link, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS, formatDay, type AdminNote } from '../api/admin-model';
import { AdminDialog } from './admin-ui';
import { formatCount } from '../../../shared/utils/numbers';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <chakra.dt fontWeight="semibold" color="fg.muted" fontSize="sm">
        {label}
      </chakra.dt>
      <chakra.dd color="fg" mb="3" whiteSpace="pre-wrap">
        {children}
      </chakra.dd>
    </Box>
  );
}

/** A note's details for review (Notes and Pending Approvals), with the screen's actions. */
export function NoteDetailDialog({
  note,
  onClose,
  actions,
}: {
  note: AdminNote | null;
  onClose: () => void;
  actions: ReactNode;
}) {
  return (
    <AdminDialog open={!!note} onClose={onClose} title={note?.title ?? ''} footer={actions}>
      {note && (
        <>
          <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gapX="6">
            <Field label="Subject">{note.subject || 'N/A'}</Field>
            <Field label="College">{note.collegeName || 'N/A'}</Field>
            <Field label="Uploaded By">{note.uploaderName}</Field>
            <Field label="Download Count">{formatCount(note.downloadCount)}</Field>
            <Field label="Status">{note.approved ? 'Approved' : 'Pending Approval'}</Field>
            <Field label="Uploaded Date">{formatDay(note.createdAt) || 'N/A'}</Field>
          </chakra.dl>
          <chakra.dl>
            <Field label="Description">
              {note.description.trim() || ADMIN_TEXTS.noDescription}
            </Field>
          </chakra.dl>
          {note.fileUrl ? (
            <Link
              href={note.fileUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="teal.fg"
              fontWeight="semibold"
              textDecoration="underline"
            >
              Download Note
            </Link>
          ) : (
            <Text color="fg.muted">No file attached</Text>
          )}
        </>
      )}
    </AdminDialog>
  );
}
