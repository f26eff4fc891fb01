/** What the admin's note lists (Notes, Pending Approvals, a college's notes) have in common. */
import type { ReactNode } from 'react';
import { deleteNote, reviewNote } from '../api/admin-api';
import { ADMIN_ERRORS, ADMIN_TEXTS, type AdminNote } from '../api/admin-model';
import { formatCount } from '../../../shared/utils/numbers';
import type { Column, ListAction, ListItems } from './admin-list-page';
import { StatusBadge } from './admin-ui';
import { NoteDetailDialog } from './note-detail-dialog';
import { REJECT_REASON_MAX, REJECT_REASON_TOO_LONG, charLength } from '@notenest/shared';
import type { ReasonField } from './admin-ui';

/** Reject's optional reason, checked as the facade checks it (shared rejectBody). */
const REJECT_REASON: ReasonField = {
  label: 'Reason (optional, shown to the uploader)',
  problem: (text) => (charLength(text.trim()) > REJECT_REASON_MAX ? REJECT_REASON_TOO_LONG : null),
};

export const NOTE_ITEMS: ListItems<AdminNote> = {
  key: (n) => n.id,
  attribute: 'data-note-id',
  name: (n) => n.title,
};

const COLUMNS = {
  title: { header: 'Title', cell: (n) => n.title, strong: true },
  subject: { header: 'Subject', cell: (n) => n.subject },
  college: { header: 'College', cell: (n) => n.collegeName },
  uploader: { header: 'Uploader', cell: (n) => n.uploaderName },
  status: { header: 'Status', cell: (n) => <StatusBadge approved={n.approved} /> },
  downloads: { header: 'Downloads', cell: (n) => formatCount(n.downloadCount) },
} satisfies Record<string, Column<AdminNote>>;

/** A note table's columns, in the order given. */
export function noteColumns(...names: (keyof typeof COLUMNS)[]): Column<AdminNote>[] {
  return names.map((name) => COLUMNS[name]);
}

/**
 * Approve, or set back to pending. On Notes the row then shows the saved note; on Pending
 * Approvals an approved note leaves the list (and fails with that screen's own text).
 */
export function reviewAction(
  note: AdminNote,
  approve: boolean,
  on: 'notes' | 'pending',
): ListAction<AdminNote> {
  const label = approve ? 'Approve' : 'Set to Pending';
  const tone = approve ? 'approve' : 'pending';
  const send = () => reviewNote(note.id, approve);
  return on === 'notes'
    ? { label, tone, send, then: 'replace', failure: ADMIN_ERRORS.review }
    : { label, tone, send, then: 'remove', failure: ADMIN_ERRORS.approve };
}

/**
 * Delete the note and its file, once confirmed ("Reject" on Pending Approvals, where the admin
 * may also write the uploader a reason: it reaches their notification and My Uploads).
 */
export function deleteNoteAction(
  note: AdminNote,
  label: 'Delete' | 'Reject',
): ListAction<AdminNote> {
  return {
    label,
    tone: 'danger',
    confirm: {
      message: ADMIN_TEXTS.deleteNoteConfirm,
      label,
      ...(label === 'Reject' ? { reason: REJECT_REASON } : {}),
    },
    send: (reason) => deleteNote(note.id, reason),
    then: 'remove',
    failure: ADMIN_ERRORS.deleteNote,
  };
}

/** A note list's detail view: the note's details and the screen's actions. */
export function showNoteDetail(note: AdminNote | null, onClose: () => void, actions: ReactNode) {
  return <NoteDetailDialog note={note} onClose={onClose} actions={actions} />;
}
