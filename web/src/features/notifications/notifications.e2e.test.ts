/**
 * Issue 30 item 2 in headless Chromium on the shared stack: an uploader watches the header's bell
 * while an admin approves their note (the count changes with no reload), opens the list and
 * reads the notification (the count drops); an admin rejects a note with a reason in Pending
 * Approvals and the uploader reads it in the list and on My Uploads, then marks all read.
 *
 * The notes are this file's own (a college no other test uses), and an approved one is set back
 * to pending at once, so Browse tests running beside us never list it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { createStudent, idTokenFor, signedInPage } from '../../../../test/support/stack';
import {
  ADMIN_ACCOUNT,
  adminFor,
  deleteNotesOf,
  eventually,
  pathOf,
  uniqueEmail,
} from '../../testing/e2e';

const stack = inject('testStack');
const admin = adminFor(stack);
const RUN = Date.now().toString(36);
const COLLEGE = `Quasar Notify College ${RUN}`;
const PASSWORD = 'notify-e2e-1234';

let browser: Browser;
let uploader: { uid: string; email: string; username: string };

beforeAll(async () => {
  browser = await launchChromium();
  const email = uniqueEmail('notify-uploader');
  const username = `Nova Notified ${RUN}`;
  const { uid } = await createStudent(stack, { email, password: PASSWORD, username });
  uploader = { uid, email, username };
});
afterAll(async () => {
  await browser?.close();
  if (uploader) await deleteNotesOf(stack, uploader.uid);
  await admin.close();
});

const adminToken = () => idTokenFor(stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);

/** The uploader's pending note, through the facade as the upload form sends it. */
async function uploadNote(title: string): Promise<string> {
  const form = new FormData();
  const fields = {
    title,
    description: '',
    collegeName: COLLEGE,
    courseName: 'BBA',
    subjectName: 'Quasar Studies',
    batch: '2023-2027',
    semester: '2',
    confirmed: 'true',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  // Bytes of its own: the same file again would be refused as a duplicate (issue 30).
  form.set('file', new Blob([`quasar pulsar notes: ${title}`], { type: 'text/plain' }), 'qp.txt');
  await admin.db.doc(`users/${uploader.uid}/limits/upload`).delete();
  const res = await fetch(`${stack.url}/api/uploading/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idTokenFor(stack, uploader.email, PASSWORD)}` },
    body: form,
  });
  const body = (await res.json()) as { note?: { _id: string } };
  if (res.status !== 201 || !body.note) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.note._id;
}

async function review(noteId: string, approved: boolean): Promise<void> {
  const res = await fetch(`${stack.url}/api/admin/notes/${noteId}/review`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ approved }),
  });
  expect(res.status).toBe(200);
}

/** The bell's accessible name ("Notifications" or "Notifications, n unread"). */
const bellName = (page: Page) =>
  page.getByTestId('notification-bell').getAttribute('aria-label', { timeout: 30_000 });

async function uploaderPage(path: string): Promise<Page> {
  const page = await signedInPage(browser, stack, uploader.email, PASSWORD);
  await page.goto(path);
  return page;
}

/** Every notification of the uploader marked read, so each test starts from a count of 0. */
async function readAll(): Promise<void> {
  const unread = await admin.db
    .collection(`users/${uploader.uid}/notifications`)
    .where('read', '==', false)
    .get();
  await Promise.all(unread.docs.map((d) => d.ref.update({ read: true })));
}

describe('notifications', () => {
  it('the bell counts an approval live; opening it in the list reads it and the count drops', async () => {
    await readAll();
    const title = `Quasar Approved ${RUN}`;
    const noteId = await uploadNote(title);
    const page = await uploaderPage('/about');
    // The listener has answered (0 unread) before the admin acts.
    await eventually(() => bellName(page)).toBe('Notifications');

    await review(noteId, true);
    // Set back to pending at once: only this file's note, never listed in Browse for long.
    await review(noteId, false);
    await eventually(() => bellName(page)).toBe('Notifications, 1 unread');
    expect(await page.getByTestId('notification-count').textContent()).toBe('1');
    expect(pathOf(page)).toBe('/about');

    await page.getByTestId('notification-bell').click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const item = page.locator('li[data-notification-id]').filter({ hasText: title });
    await item.getByText('Your note was approved and is now public.').waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    await item.getByRole('button').click();
    await page.waitForURL(`**/notes/${noteId}`);
    await eventually(() => bellName(page)).toBe('Notifications');
    const stored = await admin.db
      .collection(`users/${uploader.uid}/notifications`)
      .where('noteId', '==', noteId)
      .get();
    expect(stored.docs.map((d) => d.get('read'))).toEqual([true]);
    await page.close();
  });

  it('a rejection with a reason reaches the list and My Uploads; Mark all as read clears the count', async () => {
    await readAll();
    const title = `Quasar Rejected ${RUN}`;
    const reason = 'Wrong subject: this belongs under Astrophysics';
    const noteId = await uploadNote(title);
    const student = await uploaderPage('/notifications');
    await eventually(() => bellName(student)).toBe('Notifications');
    const markAll = student.getByRole('button', { name: 'Mark all as read' });
    expect(await markAll.isDisabled({ timeout: 30_000 })).toBe(true);
    // It also looks disabled (Chakra's `disabled` layer style: half opacity) until enabled below.
    const looks = () => markAll.evaluate((b) => getComputedStyle(b).opacity);
    await eventually(looks).toBe('0.5');

    const adminPage = await signedInPage(
      browser,
      stack,
      ADMIN_ACCOUNT.email,
      ADMIN_ACCOUNT.password,
    );
    await adminPage.goto('/admin-dashboard/pending');
    const card = adminPage.locator(`li[data-note-id="${noteId}"]`);
    await card.getByRole('button', { name: `Reject ${title}` }).click();
    const confirm = adminPage.getByRole('alertdialog');
    await confirm.getByRole('textbox', { name: /Reason/ }).fill(reason);
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await card.waitFor({ state: 'detached' });
    await adminPage.close();

    await eventually(() => bellName(student)).toBe('Notifications, 1 unread');
    // The list shows what was there when it loaded: a reload shows the new one.
    await student.reload();
    const item = student.locator('li[data-notification-id]').filter({ hasText: title });
    await item.getByText(`Your note was rejected: ${reason}`).waitFor();
    await eventually(() => markAll.isEnabled()).toBe(true);
    await eventually(looks).toBe('1');
    await markAll.click();
    await eventually(() => bellName(student)).toBe('Notifications');
    await eventually(() => item.getAttribute('data-read')).toBe('true');

    await student.goto('/profile?tab=uploads');
    const rejected = student.locator(`article[data-rejected-id="${noteId}"]`);
    await rejected.getByText(title).waitFor({ timeout: 30_000 });
    expect(await rejected.textContent()).toContain(`Reason: ${reason}`);
    expect(await rejected.textContent()).toContain('Rejected');
    await student.close();
  });
});
