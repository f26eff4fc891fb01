/**
 * The admin Reports screen's rows (GET /api/admin/reports: functions/src/services/reports.ts),
 * mapped from the facade's JSON, and the screen's texts. Pure, so it is unit-tested without an
 * SDK.
 */
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from '@notenest/shared';
import type { AdminListTexts } from './admin-model';

export interface ReportedNote {
  noteId: string;
  noteTitle: string;
  uploaderId: string;
  uploaderName: string;
  open: number;
  /** Open reports per reason, in the dialog's order; reasons nobody gave are left out. */
  reasons: { reason: ReportReason; label: string; count: number }[];
  reporters: string[];
  copyright: boolean;
  underReview: boolean;
  lastReportedAt: string | null;
}

export const REPORTS_LIST = {
  title: 'Reports',
  loading: 'Loading reports...',
  failed: 'Failed to fetch reports',
  empty: 'No open reports',
} as const satisfies AdminListTexts;

export const REPORT_ACTION_ERRORS = {
  dismiss: 'Failed to dismiss the reports',
  remove: 'Failed to remove the note',
  warn: 'Failed to warn the uploader',
  lift: 'Failed to lift the upload ban',
} as const;

export const REPORT_CONFIRM = {
  remove: 'Remove this note? It is deleted with its file, comments and likes.',
  removeCopyright:
    'Remove this note for copyright? It is deleted, and the uploader gets a copyright strike (3 strikes stop their uploads).',
  warn: 'Warn the uploader? The reports are closed and the note goes back to Pending Approvals.',
  lift: 'Let this user upload again? Their copyright strikes start again from zero.',
} as const;

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function toReportedNote(v: Json): ReportedNote {
  const reasons = (v['reasons'] ?? {}) as Json;
  const reporters = Array.isArray(v['reporters']) ? (v['reporters'] as Json[]) : [];
  return {
    noteId: str(v['noteId']),
    noteTitle: str(v['noteTitle']),
    uploaderId: str(v['uploaderId']),
    uploaderName: str(v['uploaderName']) || 'Unknown',
    open: num(v['open']),
    reasons: REPORT_REASONS.filter((r) => num(reasons[r]) > 0).map((reason) => ({
      reason,
      label: REPORT_REASON_LABELS[reason],
      count: num(reasons[reason]),
    })),
    reporters: reporters.map((r) => str(r['username']) || 'Unknown'),
    copyright: v['copyright'] === true,
    underReview: v['underReview'] === true,
    lastReportedAt: typeof v['lastReportedAt'] === 'string' ? v['lastReportedAt'] : null,
  };
}
