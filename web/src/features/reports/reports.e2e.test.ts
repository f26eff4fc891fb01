/**
 * Issue 30, reports, in headless Chromium against the shared seeded stack: a student reports a
 * note from its page, reports again from a Browse card's menu (the dialog shows and changes the
 * one report), and the admin sees it on the Reports screen and dismisses it. The note is this
 * file's own (a fresh uploader, words nobody else searches) and is deleted at the end.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPORT_MESSAGES } from '@notenest/shared';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { createStudent, idTokenFor, signedInPage } from '../../../../test/support/stack';
import { ADMIN_ACCOUNT, adminFor, deleteNotesOf, eventually, uniqueEmail } from '../../testing/e2e';

const stack = inject('testStack');
const admin = adminFor(stack);
const RUN = Date.now().toString(36);
const PASSWORD = 'reports-e2e-1234';
const TITLE = `Vexillology Reported ${RUN}`;

let browser: Browser;
let uploader: { uid: string; email: string };
let reporter: { uid: string; email: string; username: string };
let noteId: string;

beforeAll(async () => {
  browser = await launchChromium();
  const upEmail = uniqueEmail('report-uploader');
  uploader = {
    ...(await createStudent(stack, {
      email: upEmail,
      password: PASSWORD,
      username: `Vex Uploader ${RUN}`,
    })),
    email: upEmail,
  };
  const email = uniqueEmail('reporter');
  const username = `Vex Reporter ${RUN}`;
  reporter = {
    ...(await createStudent(stack, { email, password: PASSWORD, username })),
    email,
    username,
  };
  // A public note of the uploader's, through the facade (as the form does), approved.
  const form = new FormData();
  const fields = {
    title: TITLE,
    description: 'Flags of the world',
    collegeName: 'Vexillology College',
    courseName: 'BA',
    subjectName: 'Vexillology',
    batch: '2023-2027',
    semester: '2',
    confirmed: 'true',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([`vexillology notes ${RUN}`], { type: 'text/plain' }), 'vex.txt');
  const res = await fetch(`${stack.url}/api/uploading/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idTokenFor(stack, upEmail, PASSWORD)}` },
    body: form,
  });
  const body = (await res.json()) as { note?: { _id: string } };
  if (res.status !== 201 || !body.note) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  noteId = body.note._id;
  const token = await idTokenFor(stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  const review = await fetch(`${stack.url}/api/admin/notes/${noteId}/review`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ approved: true }),
  });
  if (!review.ok) throw new Error(`approve failed: ${review.status}`);
});

afterAll(async () => {
  await browser?.close();
  if (uploader) await deleteNotesOf(stack, uploader.uid);
  await admin.close();
});

const reportDoc = async () =>
  (await admin.db.doc(`notes/${noteId}/reports/${reporter.uid}`).get()).data();

async function reporterPage(path: string): Promise<Page> {
  const page = await signedInPage(browser, stack, reporter.email, PASSWORD);
  await page.goto(path);
  return page;
}

describe('reports', () => {
  it('a student reports a note from its page', async () => {
    const page = await reporterPage(`/notes/${noteId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 30_000 });
    const report = page.getByRole('button', { name: 'Report', exact: true });
    await report.click();
    // Named "Report this note", then "Your report" once sent.
    const dialog = page.getByRole('dialog');
    await page.getByRole('dialog', { name: 'Report this note' }).waitFor();
    await dialog.getByRole('radio', { name: 'Copyright' }).check();
    await dialog.getByLabel('Details (optional)').fill('Copied from the course book');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('status').filter({ hasText: REPORT_MESSAGES.sent }).waitFor();
    expect(await reportDoc()).toMatchObject({
      uid: reporter.uid,
      reason: 'copyright',
      text: 'Copied from the course book',
      status: 'open',
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The dialog gives focus back to the button that opened it.
    await expect.poll(() => report.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('from a Browse card, the menu opens the same report, which a change rewrites', async () => {
    const page = await signedInPage(browser, stack, reporter.email, PASSWORD);
    // Auth's answer is held back (the SDK checks a stored user with the Auth server before it
    // says who is signed in), so the session is still being confirmed when Report is chosen:
    // the choice waits for the answer instead of being dropped (it once was).
    let releaseAuth!: () => void;
    const authHeld = new Promise<void>((resolve) => (releaseAuth = resolve));
    let authAsked = false;
    await page.route(
      (url) => url.pathname.endsWith('/accounts:lookup'),
      async (route) => {
        authAsked = true;
        await authHeld;
        await route.continue();
      },
    );
    await page.goto(`/browse?q=${encodeURIComponent(TITLE)}`);
    const card = page.locator(`article[data-note-id="${noteId}"]`);
    // Listed once the search index has the approval (the note trigger).
    await card.waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: `More actions for ${TITLE}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect.poll(() => authAsked, { timeout: 30_000 }).toBe(true);
    releaseAuth();
    const again = page.getByRole('dialog');
    // Its earlier report read, the dialog says it is theirs.
    await page.getByRole('dialog', { name: 'Your report' }).waitFor();
    expect(await again.getByRole('radio', { name: 'Copyright' }).isChecked()).toBe(true);
    expect(await again.getByLabel('Details (optional)').inputValue()).toBe(
      'Copied from the course book',
    );
    await again.getByRole('radio', { name: 'Spam' }).check();
    await again.getByRole('button', { name: 'Update report' }).click();
    await again.getByRole('status').filter({ hasText: REPORT_MESSAGES.updated }).waitFor();
    const reports = await admin.db.collection(`notes/${noteId}/reports`).get();
    expect(reports.docs.map((d) => [d.id, d.get('reason')])).toEqual([[reporter.uid, 'spam']]);
    await page.close();
  }, 150_000);

  it('the admin sees the report on Reports and dismisses it', async () => {
    // The report trigger writes the admin's row (after the change to spam).
    await eventually(async () =>
      (await admin.db.doc(`reportedNotes/${noteId}`).get()).get('reasons'),
    ).toEqual({ spam: 1 });
    const page = await signedInPage(browser, stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
    await page.goto('/admin-dashboard/reports');
    await page.getByRole('heading', { level: 2, name: 'Reports', exact: true }).waitFor();
    const card = page.locator(`[data-note-id="${noteId}"]`);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('report-reasons').textContent()).toBe('Spam: 1');
    expect(await card.getByTestId('reporters').textContent()).toBe(
      `Reported by ${reporter.username}`,
    );
    await card.getByRole('button', { name: `Dismiss ${TITLE}` }).click();
    await card.waitFor({ state: 'detached' });
    expect(await reportDoc()).toMatchObject({ status: 'dismissed' });
    expect((await admin.db.doc(`notes/${noteId}`).get()).data()).toMatchObject({
      approved: true,
      openReports: 0,
    });
    await page.close();
  });
});
