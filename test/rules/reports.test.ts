/**
 * Reports of notes (issue 30): notes/{noteId}/reports/{uid} (one per reader and note, written by
 * the reader under a rate limit, only on a public note that is not theirs, only 'open'), the
 * functions-only reportedNotes/{noteId}, the note's report fields (functions only; a note under
 * review comes back only through the facade), and the copyright ban on uploads (notes create,
 * the Storage upload). Each allow has a deny beside it differing in one condition.
 */
import { afterAll, beforeAll } from 'vitest';
import { REPORT_TEXT_MAX } from '@notenest/shared';
import { startRulesHarness, type RulesHarness } from './harness.js';
import {
  ADMIN,
  OTHER,
  bucketOf,
  bytes,
  dbOf,
  fresh,
  matrix,
  newNote,
  pairs,
  put,
  seed,
  seedLimit,
  seedNote,
  seedProfiles,
  serverTime,
  approval,
  spendNow,
  uidOf,
  type Actor,
  type World,
} from './grid.js';

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness({ storage: true });
  await seedProfiles(h, OTHER, ADMIN);
});
afterAll(() => h?.stop());

interface ReportWorld extends World {
  /** The reported note's id; its uploader is `uploader`. */
  noteId: string;
  uploader: string;
}

/**
 * `owner` is the reader whose report it is (the report's id). The note is a fresh uploader's,
 * approved unless told; `reported`: owner's report exists already.
 */
async function reportWorld({
  approved = true,
  reported = false,
  note = {} as Record<string, unknown>,
} = {}): Promise<ReportWorld> {
  const owner = fresh('reader');
  const uploader = fresh('upl');
  await seedProfiles(h, owner, uploader);
  const noteId = await seedNote(h, uploader, { approved, ...note }, (id) =>
    reported
      ? {
          [`notes/${id}/reports/${owner}`]: {
            uid: owner,
            reason: 'spam',
            status: 'open',
            createdAt: new Date(Date.now() - 3_600_000),
            updatedAt: new Date(Date.now() - 3_600_000),
          },
        }
      : {},
  );
  return { owner, noteId, uploader };
}

function report(owner: string, patch: Record<string, unknown> = {}) {
  return {
    uid: owner,
    reason: 'copyright',
    text: 'Copied from the course textbook',
    status: 'open',
    createdAt: serverTime(),
    updatedAt: serverTime(),
    ...patch,
  };
}

/**
 * `actor` writes the report `reportId` of the note (set: create, or update when it exists),
 * spending a unit of their report limit on `spend` in the same batch (null: no spend). Their
 * limit window is first made an old one (with rules off), so one unit is free now.
 */
async function writeReport(
  actor: Actor,
  w: ReportWorld,
  {
    reportId = w.owner,
    data = report(reportId) as Record<string, unknown>,
    spend = w.noteId as string | null,
    fresh: resetLimit = true,
    update = false,
  } = {},
) {
  const uid = uidOf(actor, w);
  if (uid && resetLimit) await seedLimit(h, uid, 'report', { ageMs: 120_000 });
  const db = dbOf(h, actor, w);
  const b = db.batch();
  if (spend !== null && uid) b.set(db.doc(`users/${uid}/limits/report`), spendNow(spend));
  const ref = db.doc(`notes/${w.noteId}/reports/${reportId}`);
  if (update) b.update(ref, data);
  else b.set(ref, data);
  return b.commit();
}

/** The reporter changes their report (reason, text), keeping createdAt. */
const change = (w: ReportWorld, patch: Record<string, unknown> = {}) =>
  writeReport('owner', w, {
    update: true,
    data: { reason: 'offensive', text: 'Offensive remarks', updatedAt: serverTime(), ...patch },
  });

matrix("notes/{noteId}/reports/{uid}: `owner` is the reporter; the note is someone else's", {
  setup: (op) => reportWorld({ reported: op !== 'create' }),
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`notes/${w.noteId}/reports/${w.owner}`).get(),
    list: (a, w) => dbOf(h, a, w).collection(`notes/${w.noteId}/reports`).get(),
    // Everyone tries to write the owner's report (its id is the owner's uid).
    create: (a, w) => writeReport(a, w),
    update: (a, w) =>
      writeReport(a, w, {
        update: true,
        data: { reason: 'other', updatedAt: serverTime() },
      }),
    delete: (a, w) => dbOf(h, a, w).doc(`notes/${w.noteId}/reports/${w.owner}`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'allow', 'deny', 'allow'],
    list: ['deny', 'deny', 'deny', 'allow'],
    create: ['deny', 'allow', 'deny', 'deny'],
    update: ['deny', 'allow', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

pairs('reports: who reports what', [
  {
    name: "one's own report vs a report for someone else (a second document)",
    allow: async () => writeReport('other', await reportWorld(), { reportId: OTHER }),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('other', w, { reportId: w.owner, data: report(w.owner) });
    },
  },
  {
    name: 'an approved note vs a pending note',
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => writeReport('owner', await reportWorld({ approved: false })),
  },
  {
    name: "someone else's note vs one's own note",
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', { ...w, owner: w.uploader });
    },
  },
  {
    name: 'reporting again: the same document changed vs its createdAt moved',
    allow: async () => change(await reportWorld({ reported: true })),
    deny: async () => change(await reportWorld({ reported: true }), { createdAt: serverTime() }),
  },
  {
    name: 'reporting again on an approved note vs on one under review (approved false)',
    allow: async () => change(await reportWorld({ reported: true })),
    deny: async () =>
      change(
        await reportWorld({
          reported: true,
          approved: false,
          note: { underReview: true, openReports: 3 },
        }),
      ),
  },
]);

pairs('reports: the fields', [
  {
    name: 'a listed reason vs another',
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, { data: report(w.owner, { reason: 'boring' }) });
    },
  },
  {
    name: `text of ${REPORT_TEXT_MAX} characters vs one more`,
    allow: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, {
        data: report(w.owner, { text: 'x'.repeat(REPORT_TEXT_MAX) }),
      });
    },
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, {
        data: report(w.owner, { text: 'x'.repeat(REPORT_TEXT_MAX + 1) }),
      });
    },
  },
  {
    name: 'no text vs an empty text',
    allow: async () => {
      const w = await reportWorld();
      const data: Record<string, unknown> = report(w.owner);
      delete data['text'];
      return writeReport('owner', w, { data });
    },
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, { data: report(w.owner, { text: '' }) });
    },
  },
  {
    name: "status 'open' vs 'dismissed' (only functions close reports)",
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, { data: report(w.owner, { status: 'dismissed' }) });
    },
  },
  {
    name: 'the exact fields vs one more',
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, { data: report(w.owner, { weight: 10 }) });
    },
  },
  {
    name: 'uid repeating the id vs another uid',
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, { data: report(w.owner, { uid: OTHER }) });
    },
  },
  {
    name: "createdAt the server's time vs a client date",
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => {
      const w = await reportWorld();
      return writeReport('owner', w, { data: report(w.owner, { createdAt: new Date() }) });
    },
  },
]);

pairs('reports: the rate limit (limits/report, 10 a minute)', [
  {
    name: 'a unit spent on this note vs none',
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => writeReport('owner', await reportWorld(), { spend: null }),
  },
  {
    name: 'a unit spent on this note vs on another note',
    allow: async () => writeReport('owner', await reportWorld()),
    deny: async () => writeReport('owner', await reportWorld(), { spend: 'someOtherNote' }),
  },
  {
    name: 'the 10th report of the window vs the 11th',
    allow: async () => {
      const w = await reportWorld();
      await seedLimit(h, w.owner, 'report', { count: 9 });
      return reportInWindow(w);
    },
    deny: async () => {
      const w = await reportWorld();
      await seedLimit(h, w.owner, 'report', { count: 10 });
      return reportInWindow(w);
    },
  },
]);

/** The owner's report spending the next unit of the window their limit document holds. */
async function reportInWindow(w: ReportWorld) {
  const db = dbOf(h, 'owner', w);
  const limit = db.doc(`users/${w.owner}/limits/report`);
  const current = (await limit.get()).data()!;
  const b = db.batch();
  b.set(limit, {
    windowStart: current['windowStart'],
    count: (current['count'] as number) + 1,
    at: serverTime(),
    key: w.noteId,
  });
  b.set(db.doc(`notes/${w.noteId}/reports/${w.owner}`), report(w.owner));
  return b.commit();
}

// ---- the note's report fields and reportedNotes ----------------------------------------------

matrix('reportedNotes/{noteId}: functions only', {
  setup: async () => {
    const w = await reportWorld();
    await seed(h, {
      [`reportedNotes/${w.noteId}`]: { noteId: w.noteId, open: 1, copyright: false },
    });
    return w;
  },
  ops: {
    get: (a, w) => dbOf(h, a, w).doc(`reportedNotes/${w.noteId}`).get(),
    list: (a, w) => dbOf(h, a, w).collection('reportedNotes').get(),
    create: (a, w) => dbOf(h, a, w).doc(`reportedNotes/x${w.noteId}`).set({ open: 1 }),
    update: (a, w) => dbOf(h, a, w).doc(`reportedNotes/${w.noteId}`).update({ open: 0 }),
    delete: (a, w) => dbOf(h, a, w).doc(`reportedNotes/${w.noteId}`).delete(),
  },
  expect: {
    //       anon     owner    other   admin
    get: ['deny', 'deny', 'deny', 'deny'],
    list: ['deny', 'deny', 'deny', 'deny'],
    create: ['deny', 'deny', 'deny', 'deny'],
    update: ['deny', 'deny', 'deny', 'deny'],
    delete: ['deny', 'deny', 'deny', 'deny'],
  },
});

pairs("notes: report fields are functions'", [
  {
    name: "the uploader's edit vs the same edit clearing underReview",
    allow: async () => uploaderEdit({}),
    deny: async () => uploaderEdit({ underReview: false }),
  },
  {
    name: "the uploader's edit vs the same edit zeroing openReports",
    allow: async () => uploaderEdit({}),
    deny: async () => uploaderEdit({ openReports: 0 }),
  },
  {
    name: 'an admin approves a pending note vs one under review (the facade dismisses)',
    allow: async () => {
      const w = await reportWorld({ approved: false });
      return dbOf(h, 'admin', w).doc(`notes/${w.noteId}`).update(approval());
    },
    deny: async () => {
      const w = await reportWorld({ approved: false, note: { underReview: true, openReports: 3 } });
      return dbOf(h, 'admin', w).doc(`notes/${w.noteId}`).update(approval());
    },
  },
]);

/** The uploader edits their note under review, with `patch`. */
async function uploaderEdit(patch: Record<string, unknown>) {
  const w = await reportWorld({ approved: false, note: { underReview: true, openReports: 3 } });
  return dbOf(h, 'owner', { owner: w.uploader })
    .doc(`notes/${w.noteId}`)
    .update({ title: 'Operating Systems Unit 3 (fixed)', updatedAt: serverTime(), ...patch });
}

// ---- the copyright ban ---------------------------------------------------------------------

/** A fresh uploader with `strikes` notes removed for copyright. */
async function uploaderWith(strikes: number): Promise<World & { noteId: string }> {
  const owner = fresh('upl');
  await seedProfiles(h, owner);
  if (strikes)
    await seed(h, {
      [`users/${owner}`]: { ...(await profileOf(owner)), copyrightStrikes: strikes },
    });
  return { owner, noteId: fresh('note') };
}

async function profileOf(uid: string) {
  return (await h.admin.doc(`users/${uid}`).get()).data()!;
}

/** The uploader creates a note (a unit of the upload limit spent on its file first). */
async function createNote(w: World & { noteId: string }) {
  const data = newNote(w.owner, w.noteId);
  await seedLimit(h, w.owner, 'upload', { key: data.filePath! });
  return dbOf(h, 'owner', w).doc(`notes/${w.noteId}`).set(data);
}

/** The uploader uploads a file into the note's folder (a unit spent on it first). */
async function uploadFile(w: World & { noteId: string }) {
  const path = `notes/${w.owner}/${w.noteId}/unit-3.pdf`;
  await seedLimit(h, w.owner, 'upload', { key: path });
  return put(bucketOf(h, 'owner', w).ref(path), bytes(100), { contentType: 'application/pdf' });
}

pairs('the copyright ban (3 notes removed for copyright)', [
  {
    name: 'a note by an uploader with 2 strikes vs 3',
    allow: async () => createNote(await uploaderWith(2)),
    deny: async () => createNote(await uploaderWith(3)),
  },
  {
    name: 'a file upload by an uploader with 2 strikes vs 3',
    allow: async () => uploadFile(await uploaderWith(2)),
    deny: async () => uploadFile(await uploaderWith(3)),
  },
  {
    name: 'the owner changes their avatar vs lifts their own ban',
    allow: async () => {
      const w = await uploaderWith(3);
      return dbOf(h, 'owner', w).doc(`users/${w.owner}`).update({ avatar: null });
    },
    deny: async () => {
      const w = await uploaderWith(3);
      return dbOf(h, 'owner', w).doc(`users/${w.owner}`).update({ copyrightStrikes: 0 });
    },
  },
]);
