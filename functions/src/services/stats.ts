/**
 * Admin statistics from aggregation queries (count(), sum()), never stored counters: they cannot
 * drift, and the server does the counting without reading every document.
 */
import { AggregateField } from 'firebase-admin/firestore';
import { db } from '../firebase.js';
import { openReportsCount } from './reports.js';
import { noteView } from './views.js';

export const MOST_DOWNLOADED = 5;

export async function adminStats() {
  const notes = db().collection('notes');
  const [users, noteAgg, pending, top, reports] = await Promise.all([
    db().collection('users').count().get(),
    notes
      .aggregate({ total: AggregateField.count(), downloads: AggregateField.sum('downloadCount') })
      .get(),
    notes.where('approved', '==', false).count().get(),
    notes.orderBy('downloadCount', 'desc').limit(MOST_DOWNLOADED).get(),
    // The Reports screen's figures (issue 30): notes with open reports, and those reports.
    openReportsCount(),
  ]);
  return {
    totalUsers: users.data().count,
    totalNotes: noteAgg.data().total,
    pendingApprovals: pending.data().count,
    totalDownloads: noteAgg.data().downloads ?? 0,
    mostDownloadedNotes: top.docs.map((d) => noteView(d.id, d.data())),
    reportedNotes: reports.reportedNotes,
    openReports: reports.openReports,
  };
}
