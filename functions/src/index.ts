/**
 * Cloud Functions entry (bundled to lib/index.js by build.mjs):
 * - `api`: the REST facade (spec section 7);
 * - `noteWritten`, `commentWritten`, `reportWritten`, `userWritten`, `noteFileFinalized`: the
 *   triggers that keep derived data (the search index, counters, filter options, college
 *   figures, report counts) from what clients write (triggers/);
 * - `searchCatchUp`: every 5 minutes, indexes the notes whose indexing failed while the search
 *   index was unreachable (services/search-sync.ts).
 * - `notificationsCleanup`: daily, deletes expired notifications and rejection records
 *   (services/notifications.ts; the TTL policy does too, but not in the emulator).
 * - `followFanout`: a task queue; each task notifies one page of a newly approved note's
 *   followers (services/follows.ts, enqueued by the note trigger).
 * The functions that reach the search index are bound to its secret (search/config.ts: the Cloud
 * SQL password; its params need no binding), so a deploy gives them the password.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { createApp } from './app.js';
import { auth, db } from './firebase.js';
import { SEARCH_DB_PASSWORD } from './search/config.js';
import { fanOutPage, toFanoutTask } from './services/follows.js';
import { deleteExpiredNotifications } from './services/notifications.js';
import { catchUpSearch } from './services/search-sync.js';
import { onNoteFileFinalized } from './triggers/files.js';
import { onCommentChange, onNoteChange } from './triggers/notes.js';
import { onReportChange } from './triggers/reports.js';
import { redelivered } from './triggers/redeliver.js';
import { onUserChange } from './triggers/users.js';

const REGION = 'us-central1';
/** The search index's secret, for the functions that read or write the index. */
const SEARCH = { secrets: [SEARCH_DB_PASSWORD] };

const app = createApp({
  async pingFirestore() {
    await db().collection('meta').doc('filterOptions').get();
  },
  verifier: {
    // checkRevoked: after sign-out (revokeRefreshTokens) or account deletion the old ID token
    // stops working at once instead of living out its hour.
    verify: (token) => auth().verifyIdToken(token, true),
    // The profile's role, which a demotion changes first (http/auth.ts).
    confirmAdmin: async (uid) => (await db().doc(`users/${uid}`).get()).get('role') === 'admin',
  },
});

export const api = onRequest({ region: REGION, ...SEARCH }, app);

// Text extraction reads whole files (up to 10 MiB): more memory and time than the default.
// retry: handlers are idempotent (triggers/notes.ts), so a failed run is simply run again (in
// the emulator too, which does not redeliver: triggers/redeliver.ts).
export const noteWritten = onDocumentWritten(
  {
    document: 'notes/{noteId}',
    region: REGION,
    memory: '1GiB',
    timeoutSeconds: 300,
    retry: true,
    ...SEARCH,
  },
  redelivered('noteWritten', (event) =>
    onNoteChange(
      event.params.noteId,
      { before: event.data?.before.data(), after: event.data?.after.data() },
      event.id,
    ),
  ),
);

export const commentWritten = onDocumentWritten(
  { document: 'notes/{noteId}/comments/{commentId}', region: REGION, retry: true },
  redelivered('commentWritten', (event) =>
    onCommentChange(event.params.noteId, {
      before: event.data?.before.data(),
      after: event.data?.after.data(),
    }),
  ),
);

// Reports of notes (issue 30): open-report count, under review at 3 readers, the admin's row.
export const reportWritten = onDocumentWritten(
  { document: 'notes/{noteId}/reports/{uid}', region: REGION, retry: true },
  redelivered('reportWritten', (event) => onReportChange(event.params.noteId)),
);

export const userWritten = onDocumentWritten(
  { document: 'users/{uid}', region: REGION, retry: true, ...SEARCH },
  redelivered('userWritten', (event) =>
    onUserChange(event.params.uid, {
      before: event.data?.before.data(),
      after: event.data?.after.data(),
    }),
  ),
);

export const noteFileFinalized = onObjectFinalized(
  { region: REGION, memory: '1GiB', timeoutSeconds: 300, retry: true, ...SEARCH },
  redelivered('noteFileFinalized', (event) => onNoteFileFinalized(event.data.name)),
);

// Re-reads files whose text the index lacks: the note trigger's memory and time.
export const searchCatchUp = onSchedule(
  { schedule: 'every 5 minutes', region: REGION, memory: '1GiB', timeoutSeconds: 300, ...SEARCH },
  async () => {
    const { indexed, left } = await catchUpSearch();
    if (indexed || left) console.log(`searchCatchUp: ${indexed} notes indexed, ${left} left`);
  },
);

// Follows (issue 32): one page of a note's followers per task (services/follows.ts). Retried
// with backoff (a page is idempotent: deterministic notification ids); at most 6 pages at once,
// so a popular course's fan-out does not crowd out the facade's writes.
export const followFanout = onTaskDispatched(
  {
    region: REGION,
    timeoutSeconds: 120,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 6, maxDispatchesPerSecond: 20 },
  },
  async (request) => {
    const task = toFanoutTask(request.data);
    // A malformed task is dropped (retrying it cannot help), not thrown.
    if (!task) return console.error('followFanout: malformed task', request.data);
    await fanOutPage(task);
  },
);

// The TTL policy on expireAt (firestore.indexes.json) deletes them too, but only in production
// and within about a day: this sweep also runs in the emulator and bounds the delay.
export const notificationsCleanup = onSchedule(
  { schedule: 'every 24 hours', region: REGION },
  async () => {
    const deleted = await deleteExpiredNotifications();
    if (deleted) console.log(`notificationsCleanup: ${deleted} expired documents deleted`);
  },
);
