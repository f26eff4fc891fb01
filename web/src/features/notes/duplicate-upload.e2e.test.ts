/**
 * Issue 30 item 3 in the Upload form: a file already shared is refused before a byte is sent,
 * with the link to the note that has it ("This file is already shared as <title>"). The first
 * upload goes straight to Storage and Firestore as the app always does; the note-file trigger
 * claims its hash (fileHashes/{sha256}); the second upload of the same bytes is refused by the
 * form's own lookup (SHA-256 in the browser, one get of the hash document). A copy that skipped
 * the form (written straight with the SDK) is marked by the triggers and shown to the admin on
 * Pending Approvals as "Duplicate of <title>", and cannot be approved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DUPLICATE_MESSAGES } from '@notenest/shared';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { makePdf } from '../../../../scripts/lib/pdf.mjs';
import { createStudent, newPage, signedInPage, signInAs } from '../../../../test/support/stack';
import { ADMIN_ACCOUNT, adminFor, deleteNotesOf, eventually, uniqueEmail } from '../../testing/e2e';

const stack = inject('testStack');
const admin = adminFor(stack);
let browser: Browser;
let page: Page;
let uid: string;
/** Requests the page sent to the Storage emulator (port 9199). */
const storageRequests: string[] = [];

const stamp = Date.now().toString(36);
const pdf = makePdf({
  title: 'Signals and Systems',
  body: Array.from({ length: 40 }, (_, i) => `dupword${stamp} line ${i} on sampling.`).join('\n'),
});
const TITLE = `Signals and Systems Unit 2 ${stamp}`;

beforeAll(async () => {
  browser = await launchChromium();
  const email = uniqueEmail('dups');
  ({ uid } = await createStudent(stack, { email, password: 'secret123', username: 'Dina Dups' }));
  page = await newPage(browser, stack);
  page.on('request', (r) => {
    if (new URL(r.url()).port === '9199') storageRequests.push(`${r.method()} ${r.url()}`);
  });
  await signInAs(page, email, 'secret123');
});

afterAll(async () => {
  await browser?.close();
  // Later e2e files expect Browse to list the seeded notes only.
  if (uid) await deleteNotesOf(stack, uid);
  await admin.close();
});

const byLabel = (label: string) => page.getByLabel(label, { exact: true });
const banner = () => page.getByRole('alert').filter({ hasText: /^Error: / });

async function fillForm(title: string) {
  await page.goto('/uploading-notes');
  // The heading shows first; the form once the upload-ban check has answered.
  await page.getByRole('form', { name: 'Share Your Knowledge' }).waitFor();
  await byLabel('Title').fill(title);
  await byLabel('College Name').fill('Duplicate Test College');
  await byLabel('Subject Name').fill('Signals and Systems');
  await byLabel('Course').fill('B.Tech ECE');
  await byLabel('Batch').selectOption('2022-2026');
  await byLabel('Semester').selectOption('4');
  await page.getByRole('checkbox', { name: /I confirm this is original content/ }).check();
  await page
    .locator('#note-file')
    .setInputFiles({ name: 'signals.pdf', mimeType: 'application/pdf', buffer: pdf });
}

async function myNotes() {
  return (await admin.db.collection('notes').where('uploaderId', '==', uid).get()).docs;
}

let firstId: string;

describe('a duplicate upload in the form', () => {
  it('is refused with the link to the note that already shares the file, sending nothing', async () => {
    await fillForm(TITLE);
    const dialog = page.waitForEvent('dialog', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    const d = await dialog;
    expect(d.message()).toBe('Note created successfully');
    await d.accept();
    await page.waitForURL((u) => u.pathname === '/');
    const [first] = await myNotes();
    const noteId = first!.id;
    firstId = noteId;
    // The note-file trigger claims the file's hash for the note.
    await eventually(
      async () =>
        (await admin.db.collection('fileHashes').where('noteId', '==', noteId).get()).size,
    ).toBe(1);

    await fillForm('Signals again');
    const sentBefore = storageRequests.length;
    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    await banner().waitFor();
    expect(await banner().textContent()).toBe(`Error: ${DUPLICATE_MESSAGES.alreadyShared(TITLE)}`);
    const link = banner().getByRole('link', { name: TITLE });
    expect(await link.getAttribute('href')).toBe(`/notes/${noteId}`);
    // The file field says so too, and nothing was uploaded or written.
    expect(await byLabel('Choose a file').getAttribute('aria-invalid')).toBe('true');
    expect(storageRequests.length).toBe(sentBefore);
    expect((await myNotes()).map((n) => n.id)).toEqual([noteId]);
    expect(await byLabel('Title').inputValue()).toBe('Signals again');
    // The link opens the note.
    await link.click();
    await page.waitForURL((u) => u.pathname === `/notes/${noteId}`);
  });

  it('a copy that skipped the form shows as "Duplicate of" on Pending Approvals and cannot be approved', async () => {
    const ref = admin.db.collection('notes').doc();
    const filePath = `notes/${uid}/${ref.id}/signals-copy.pdf`;
    await admin.bucket.file(filePath).save(pdf, { contentType: 'application/pdf' });
    // The first note's fields, without what the server derives: as a client writes a note.
    const {
      fileStatus: _status,
      thumbnailUrl: _thumbnail,
      ...fields
    } = (await admin.db.doc(`notes/${firstId}`).get()).data()!;
    await ref.set({
      ...fields,
      title: 'Signals copy',
      filePath,
      fileName: 'signals-copy.pdf',
      approved: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await eventually(async () => (await ref.get()).get('duplicateOf')).toBe(firstId);

    const adminPage = await signedInPage(
      browser,
      stack,
      ADMIN_ACCOUNT.email,
      ADMIN_ACCOUNT.password,
    );
    await adminPage.goto('/admin-dashboard/pending');
    const card = adminPage.locator(`li[data-note-id="${ref.id}"]`);
    await card.waitFor();
    const flag = card.getByTestId('duplicate-flag');
    expect(await flag.textContent()).toBe(`Duplicate of ${TITLE}`);
    expect(await flag.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(
      `/notes/${firstId}`,
    );
    await card.getByRole('button', { name: 'Approve Signals copy' }).click();
    const failure = adminPage.getByRole('alert').filter({ hasText: 'Failed to approve note' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain(DUPLICATE_MESSAGES.cannotApprove(TITLE));
    expect((await ref.get()).get('approved')).toBe(false);
    await adminPage.context().close();
  });
});
