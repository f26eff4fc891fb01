/**
 * Reports of notes (issue 30) on a whole stack: the report trigger takes a note out of public
 * view at three readers' open reports, the admin's Reports list and its actions (dismiss brings
 * the note back, remove cascades, warn), the reporters told, and the copyright ban on uploads.
 * Reports are written with the Admin SDK here, as the rules let a reader write them (the rules'
 * own tests are in test/rules/reports.test.ts; the browser's path in the web e2e).
 */
import { REPORT_MESSAGES, type ReportReason } from '@notenest/shared';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp } from '../firebase.js';
import {
  createApprovedNote,
  makeCast,
  noteForm,
  searchFinds,
  type Cast,
} from '../testing/api-fixtures.js';
import { createAccount, eventually, type Account } from '../testing/stack.js';

const db = () => getFirestore(adminApp());
let cast: Cast;
let readers: Account[];

beforeAll(async () => {
  cast = await makeCast('rep', { alice: 'Rep Alice', bob: 'Rep Bob', admin: 'Rep Admin' });
  readers = [
    cast.bob,
    await createAccount(cast.stack, 'rep', 'Rep Cara'),
    await createAccount(cast.stack, 'rep', 'Rep Dev'),
  ];
});

afterAll(async () => {
  await cast?.stack.stop();
});

/** `reader`'s report of the note, as the rules let the browser write it. */
async function report(noteId: string, reader: Account, reason: ReportReason): Promise<void> {
  await db().doc(`notes/${noteId}/reports/${reader.uid}`).set({
    uid: reader.uid,
    reason,
    status: 'open',
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
}

const noteData = async (id: string) => (await db().doc(`notes/${id}`).get()).data();

function untilNote(id: string, done: (d: Record<string, unknown> | undefined) => boolean) {
  return eventually(() => noteData(id), done, { what: `note ${id}'s report fields` });
}

async function reportsList(): Promise<
  { noteId: string; reasons: Record<string, number>; reporters: { username: string }[] }[]
> {
  const r = await cast.call('GET', '/api/admin/reports', { token: cast.admin.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('reports', () => {
  it('three readers take a note out of view; the admin sees it (copyright first) and dismisses it', async () => {
    const word = `replumb${cast.tag}`;
    const noteId = await createApprovedNote(cast, { title: `Reported ${word}` });
    const copied = await createApprovedNote(cast, { title: 'Copied Handbook' });
    await searchFinds(cast, word, noteId);

    await report(noteId, readers[0]!, 'spam');
    await report(noteId, readers[1]!, 'spam');
    await untilNote(noteId, (d) => d?.['openReports'] === 2);
    // Two readers are not enough.
    expect(await noteData(noteId)).toMatchObject({ approved: true });

    await report(noteId, readers[2]!, 'offensive');
    await untilNote(noteId, (d) => d?.['openReports'] === 3 && d?.['underReview'] === true);
    expect(await noteData(noteId)).toMatchObject({ approved: false, underReview: true });
    await searchFinds(cast, word, noteId, { found: false });
    // A stranger is told why; the uploader still reads it.
    const stranger = await cast.call('GET', `/api/uploading/get/${noteId}`);
    expect(stranger).toMatchObject({
      status: 410,
      body: { success: false, message: REPORT_MESSAGES.underReview },
    });
    const own = await cast.call('GET', `/api/uploading/get/${noteId}`, {
      token: cast.alice.token,
    });
    expect(own.status).toBe(200);

    await report(copied, readers[0]!, 'copyright');
    const list = await eventually(reportsList, (l) => l.some((r) => r.noteId === copied), {
      what: 'the copyright report listed',
    });
    expect(list.map((r) => r.noteId)).toEqual([copied, noteId]);
    expect(list[1]).toMatchObject({
      noteId,
      open: 3,
      reasons: { spam: 2, offensive: 1 },
      copyright: false,
      underReview: true,
      uploaderName: 'Rep Alice',
    });
    expect(list[1]!.reporters.map((r) => r.username)).toEqual(['Rep Bob', 'Rep Cara', 'Rep Dev']);
    const student = await cast.call('GET', '/api/admin/reports', { token: cast.bob.token });
    expect(student.status).toBe(403);

    const dismissed = await cast.call('POST', `/api/admin/reports/${noteId}/dismiss`, {
      token: cast.admin.token,
    });
    expect(dismissed).toMatchObject({ status: 200, body: { success: true } });
    expect(await noteData(noteId)).toMatchObject({
      approved: true,
      underReview: false,
      openReports: 0,
    });
    const statuses = (await db().collection(`notes/${noteId}/reports`).get()).docs.map((d) =>
      d.get('status'),
    );
    expect(statuses).toEqual(['dismissed', 'dismissed', 'dismissed']);
    await searchFinds(cast, word, noteId);
    expect((await reportsList()).map((r) => r.noteId)).toEqual([copied]);
    // Each reporter is told their report was handled.
    for (const reader of readers) {
      const told = await db()
        .collection(`users/${reader.uid}/notifications`)
        .where('noteId', '==', noteId)
        .get();
      expect(told.docs.map((d) => d.get('type'))).toEqual(['reportHandled']);
    }
    // The trigger's recount after the dismissal keeps the note in view.
    await eventually(
      () => noteData(noteId),
      (d) => d?.['openReports'] === 0,
    );
    expect(await noteData(noteId)).toMatchObject({ approved: true });
    // The uploader was told "approved" once, when the note was approved; not again for the
    // dismissal. (The note trigger that would have said so ran with the search update awaited
    // above, in the same run.)
    const uploaderTold = await db()
      .collection(`users/${cast.alice.uid}/notifications`)
      .where('noteId', '==', noteId)
      .get();
    expect(uploaderTold.docs.map((d) => d.get('type'))).toEqual(['noteApproved']);
  });

  it('remove deletes the note with its reports; warn tells the uploader', async () => {
    const gone = await createApprovedNote(cast, { title: 'Removed By Reports' });
    const warned = await createApprovedNote(cast, { title: 'Warned By Reports' });
    await report(gone, readers[1]!, 'poorQuality');
    await report(warned, readers[2]!, 'wrongSubject');
    await eventually(
      reportsList,
      (l) => [gone, warned].every((id) => l.some((r) => r.noteId === id)),
      {
        what: 'both notes listed',
      },
    );

    const removed = await cast.call('POST', `/api/admin/reports/${gone}/remove`, {
      token: cast.admin.token,
      json: { copyright: false },
    });
    expect(removed).toMatchObject({ status: 200, body: { success: true, copyrightStrikes: null } });
    expect((await db().doc(`notes/${gone}`).get()).exists).toBe(false);
    expect((await db().collection(`notes/${gone}/reports`).get()).size).toBe(0);
    expect((await db().doc(`reportedNotes/${gone}`).get()).exists).toBe(false);

    const warn = await cast.call('POST', `/api/admin/reports/${warned}/warn`, {
      token: cast.admin.token,
      json: { message: 'Please fix the subject' },
    });
    expect(warn.status).toBe(200);
    const toUploader = await db()
      .collection(`users/${cast.alice.uid}/notifications`)
      .where('noteId', '==', warned)
      .get();
    // (Its approval was told too: only the warning is looked at.)
    expect(
      toUploader.docs.map((d) => d.data()).filter((n) => n['type'] !== 'noteApproved'),
    ).toEqual([expect.objectContaining({ type: 'noteWarned', reason: 'Please fix the subject' })]);
    expect((await reportsList()).map((r) => r.noteId)).not.toContain(warned);
  });

  it('the third note removed for copyright stops uploads until an admin lifts it', async () => {
    const uploader = await createAccount(cast.stack, 'rep', 'Rep Eve');
    const upload = () =>
      cast.call('POST', '/api/uploading/create', {
        token: uploader.token,
        form: noteForm({ fileUrl: 'https://example.com/c.pdf', fileName: 'c.pdf' }),
      });
    for (let i = 1; i <= 3; i++) {
      const created = await upload();
      expect(created.status).toBe(201);
      const noteId = created.body.note._id as string;
      const approved = await cast.call('PUT', `/api/admin/notes/${noteId}/review`, {
        token: cast.admin.token,
        json: { approved: true },
      });
      expect(approved.status).toBe(200);
      await report(noteId, readers[0]!, 'copyright');
      const r = await cast.call('POST', `/api/admin/reports/${noteId}/remove`, {
        token: cast.admin.token,
        json: { copyright: true },
      });
      expect(r.body).toMatchObject({ success: true, copyrightStrikes: i });
    }
    const refused = await upload();
    expect(refused).toMatchObject({
      status: 403,
      body: { success: false, message: REPORT_MESSAGES.uploadBanned },
    });
    // The Users screen shows the strikes (its search follows the profile trigger).
    const users = await eventually(
      async () =>
        (
          await cast.call('GET', `/api/admin/users?search=${encodeURIComponent('Rep Eve')}`, {
            token: cast.admin.token,
          })
        ).body as { _id: string; copyrightStrikes: number }[],
      (list) => list.some((u) => u._id === uploader.uid && u.copyrightStrikes === 3),
      { what: 'the Users screen showing 3 strikes' },
    );
    expect(users.find((u) => u._id === uploader.uid)).toMatchObject({ copyrightStrikes: 3 });

    const lifted = await cast.call('POST', `/api/admin/users/${uploader.uid}/lift-upload-ban`, {
      token: cast.admin.token,
    });
    expect(lifted).toMatchObject({ status: 200, body: { success: true } });
    expect((await upload()).status).toBe(201);
  });
});
