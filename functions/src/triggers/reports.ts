/**
 * A report written, changed or deleted (notes/{noteId}/reports/{uid}): the note's open-report
 * count, its move out of public view at REPORT_REVIEW_THRESHOLD readers, and the admin's row,
 * recomputed from the reports as they are now (services/reports.ts), so a retried or late event
 * changes nothing.
 */
import { recountReports } from '../services/reports.js';

export async function onReportChange(noteId: string): Promise<void> {
  await recountReports(noteId);
}
