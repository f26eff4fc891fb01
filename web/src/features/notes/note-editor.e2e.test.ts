/**
 * Issue 8, first half: the Upload ("Share Your Knowledge") and Update ("Update Your Notes")
 * screens against the whole stack. One student of this file uploads through one signed-in page,
 * in order: validation (nothing sent), a cancelled upload (nothing left), a real upload (pending,
 * file in Storage, text indexed), an edit that replaces the file; then another student is refused
 * the Update screen. What the app left behind is checked with the Admin SDK.
 */
import type { Browser, CDPSession, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_NOTE_FILE_BYTES, NOTE_MESSAGES } from '@notenest/shared';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { makePdf } from '../../../../scripts/lib/pdf.mjs';
import { createStudent, newPage, signInAs } from '../../../../test/support/stack';
import {
  adminFor,
  deleteNotesOf,
  pathOf,
  expectReloadKeepsHeadingInPlace,
  uniqueEmail,
} from '../../testing/e2e';

const stack = inject('testStack');
const admin = adminFor(stack);
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let uid: string;
/** Requests the page sent to the Storage emulator (port 9199). */
const storageRequests: string[] = [];
/** Of those, the ones neither answered nor failed yet. */
const storagePending = new Set<Request>();

// Words that appear only inside the files, to prove their text was indexed.
const stamp = Date.now().toString(36);
const pdfWord = `quasarpdf${stamp}`;
const txtWord = `nebulatxt${stamp}`;

/** The ids Browse's search lists for `q`, as a visitor (GET /api/notes?search=). */
async function searchIds(q: string): Promise<string[]> {
  const response = await fetch(`${stack.url}/api/notes?search=${encodeURIComponent(q)}`);
  const body = (await response.json()) as { notes?: { _id: string }[] };
  return (body.notes ?? []).map((n) => n._id);
}
// Over 2 MB, so the upload's progress shows under the throttle, but ten pages, not 870: with
// 40,000 lines of text, reading and indexing the file took over 120 s on a loaded machine
// (four full runs), a test of PDF.js's speed rather than of this screen. Whole long documents
// are read in functions' real-documents tests.
const bigPdf = makePdf({
  title: 'Lecture notes',
  body: Array.from({ length: 400 }, (_, i) => `${pdfWord} line ${i} of the lecture notes.`).join(
    '\n',
  ),
  padTo: 2_200_000,
});

beforeAll(async () => {
  browser = await launchChromium();
  const email = uniqueEmail('editor');
  ({ uid } = await createStudent(stack, { email, password: 'secret123', username: 'Uma Loader' }));
  page = await newPage(browser, stack);
  page.on('request', (r) => {
    if (new URL(r.url()).port !== '9199') return;
    storageRequests.push(`${r.method()} ${r.url()}`);
    storagePending.add(r);
  });
  page.on('requestfinished', (r) => storagePending.delete(r));
  page.on('requestfailed', (r) => storagePending.delete(r));
  cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await signInAs(page, email, 'secret123');
});

afterAll(async () => {
  await browser?.close();
  // Later e2e files expect Browse to list the seeded notes only.
  if (uid) await deleteNotesOf(stack, uid);
  await admin.close();
});

/** Upload speed in bytes per second; null lifts the limit. */
async function throttle(bytesPerSecond: number | null) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

async function myNotes() {
  return (await admin.db.collection('notes').where('uploaderId', '==', uid).get()).docs;
}
/** The uploader's note files (the server's thumbnails beside them apart: thumbnailsOf). */
async function myFiles() {
  const [files] = await admin.bucket.getFiles({ prefix: `notes/${uid}/` });
  return files.map((f) => f.name).filter((name) => !name.includes('/.thumbnails/'));
}
async function thumbnailsOf(noteId: string) {
  const [files] = await admin.bucket.getFiles({ prefix: `notes/${uid}/${noteId}/.thumbnails/` });
  return files.map((f) => f.name);
}

const byLabel = (label: string) => page.getByLabel(label, { exact: true });
const fileInput = () => page.locator('#note-file');
const banner = () => page.getByRole('alert').filter({ hasText: /^Error: / });

async function fillValidForm(title: string) {
  await byLabel('Title').fill(title);
  await byLabel('Description (optional)').fill('Scheduling, paging and deadlocks.');
  await byLabel('College Name').fill('Editor Test College');
  await byLabel('Subject Name').fill('Operating Systems');
  await byLabel('Course').fill('B.Tech CSE');
  await byLabel('Batch').selectOption('2022-2026');
  await byLabel('Semester').selectOption('3');
  const box = page.getByRole('checkbox', { name: /I confirm this is original content/ });
  if (!(await box.isChecked())) await box.check();
}

/** Clicks the submit button and accepts the success alert, returning its text. */
async function submitExpectingAlert(button: string): Promise<string> {
  const dialog = page.waitForEvent('dialog', { timeout: 60_000 });
  await page.getByRole('button', { name: button }).click();
  const d = await dialog;
  const message = d.message();
  await d.accept();
  return message;
}

describe('Upload and Update screens', () => {
  it("a reload paints the form's heading from the document, and the app takes it over in place", async () => {
    await page.goto('/uploading-notes');
    // The form itself once the upload-ban check has answered.
    await expectReloadKeepsHeadingInPlace(page, 'Share Your Knowledge', (p) =>
      p.getByLabel('Title', { exact: true }).waitFor(),
    );
  });

  it("loads the form's checks (zod) on its first use, not with the page", async () => {
    const checks: string[] = [];
    const onRequest = (r: Request) => {
      if (/\/assets\/note-form-validation-[^/]+\.js$/.test(r.url())) checks.push(r.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto('/uploading-notes');
      // What would have loaded them with the page: its load, and the form's render.
      await page.getByRole('form', { name: 'Share Your Knowledge' }).waitFor();
      await page.waitForFunction(() => document.readyState === 'complete');
      expect(checks).toEqual([]);
      const loaded = page.waitForResponse((r) => /\/note-form-validation-/.test(r.url()));
      await byLabel('Title').focus();
      await loaded;
      expect(checks).toHaveLength(1);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('shows every validation error and refuses a too-large or wrong-type file without sending anything', async () => {
    await page.goto('/uploading-notes');
    // The heading shows first; the form once the upload-ban check has answered.
    await page.getByRole('form', { name: 'Share Your Knowledge' }).waitFor();
    for (const name of ['Document Information', 'Academic Details', 'File Upload']) {
      expect(await page.getByRole('heading', { level: 2, name }).count()).toBe(1);
    }
    await page.getByRole('heading', { name: 'Why share your notes' }).waitFor();
    expect(await byLabel('Batch').locator('option').allTextContents()).toEqual([
      'Select batch',
      '2020-2024',
      '2021-2025',
      '2022-2026',
      '2023-2027',
    ]);
    expect(await byLabel('Semester').locator('option').count()).toBe(9);
    expect(await fileInput().getAttribute('accept')).toBe('.pdf,.doc,.docx,.txt');

    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    for (const message of [
      'Title is required',
      'College is required',
      'Course is required',
      'Subject is required',
      'Batch is required',
      'Semester is required',
      'Please select a file or provide a file URL',
      NOTE_MESSAGES.confirm,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await banner().textContent()).toBe('Error: Title is required');
    expect(await byLabel('Title').getAttribute('aria-invalid')).toBe('true');
    // The first field to fix has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('note-title');

    // Course suggestions: case-insensitive containment, picked with the keyboard.
    await byLabel('Course').fill('tech cse');
    const options = page.getByRole('listbox', { name: 'Course suggestions' }).getByRole('option');
    expect(await options.allTextContents()).toEqual(['B.Tech CSE', 'M.Tech CSE']);
    await byLabel('Course').press('ArrowDown');
    await byLabel('Course').press('Enter');
    expect(await byLabel('Course').inputValue()).toBe('B.Tech CSE');
    await byLabel('Course').fill('MBA');
    expect((await options.allTextContents()).every((c) => c.toLowerCase().includes('mba'))).toBe(
      true,
    );
    expect(await options.count()).toBeGreaterThan(1);

    await fillValidForm('Too big to share');
    await fileInput().setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(MAX_NOTE_FILE_BYTES + 1, 0x20),
    });
    await page.getByText(NOTE_MESSAGES.fileTooLarge, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    expect(await banner().textContent()).toBe(`Error: ${NOTE_MESSAGES.fileTooLarge}`);

    await fileInput().setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a document'),
    });
    await page.getByText(NOTE_MESSAGES.fileType, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    expect(await banner().textContent()).toBe(`Error: ${NOTE_MESSAGES.fileType}`);

    // Nothing was uploaded or written, and what was typed is still there.
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(storageRequests).toEqual([]);
    expect(await myNotes()).toHaveLength(0);
    expect(await myFiles()).toEqual([]);
    expect(await byLabel('Title').inputValue()).toBe('Too big to share');
  });

  it('cancels an upload in progress: no note, no file, the form keeps its input', async () => {
    await fileInput().setInputFiles({
      name: 'lecture.pdf',
      mimeType: 'application/pdf',
      buffer: bigPdf,
    });
    expect(bigPdf.length).toBeGreaterThan(2_000_000);
    await throttle(256 * 1024);
    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    expect(await page.getByRole('button', { name: 'Uploading...' }).isDisabled()).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: /Uploading file\.\.\. \d+%/ })
      .waitFor();
    // Cancel once bytes are on their way (the bar shows 0% before the first request leaves).
    await expect.poll(() => storageRequests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel Upload' }).click();
    await page.getByText('Upload cancelled. Nothing was saved; your entries are kept.').waitFor();
    const sentBeforeCancel = storageRequests.length;
    await throttle(null);

    expect(await bar.count()).toBe(0);
    expect(await byLabel('Title').inputValue()).toBe('Too big to share');
    expect(await page.getByTestId('picked-file').textContent()).toContain('lecture.pdf');
    expect(sentBeforeCancel).toBeGreaterThan(0);
    // Only a request still on its way could store the file: each one sent has been answered or
    // failed (the cancelled one aborted) before looking; and none was sent after the cancel.
    await expect.poll(() => storagePending.size).toBe(0);
    expect(await myNotes()).toHaveLength(0);
    expect(await myFiles()).toEqual([]);
    expect(storageRequests.length).toBe(sentBeforeCancel);
  });

  let noteId: string;

  it('uploads a PDF with visible progress: the note is pending, its file stored and its text indexed', async () => {
    await byLabel('Title').fill('Process scheduling');
    await throttle(1024 * 1024);
    const seen: number[] = [];
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    const watch = (async () => {
      await bar.waitFor({ timeout: 30_000 });
      seen.push(Number(await bar.getAttribute('value')));
    })();
    const message = await submitExpectingAlert('Share Your Notes');
    await watch;
    await throttle(null);
    expect(message).toBe('Note created successfully');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThanOrEqual(0);
    expect(seen[0]).toBeLessThan(100);
    await page.waitForURL((u) => u.pathname === '/');

    const notes = await myNotes();
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    noteId = note.id;
    expect(note.data()).toMatchObject({
      title: 'Process scheduling',
      description: 'Scheduling, paging and deadlocks.',
      collegeName: 'Editor Test College',
      courseName: 'B.Tech CSE',
      subjectName: 'Operating Systems',
      batch: '2022-2026',
      semester: 3,
      fileName: 'lecture.pdf',
      fileType: 'application/pdf',
      fileSize: bigPdf.length,
      uploaderId: uid,
      uploaderName: 'Uma Loader',
      approved: false,
      likesCount: 0,
      downloadCount: 0,
      commentsCount: 0,
    });
    const filePath = note.get('filePath') as string;
    expect(filePath).toMatch(new RegExp(`^notes/${uid}/${noteId}/[^/]+-lecture\\.pdf$`));
    expect(await myFiles()).toEqual([filePath]);
    const [meta] = await admin.bucket.file(filePath).getMetadata();
    expect(Number(meta.size)).toBe(bigPdf.length);
    expect(meta.contentType).toBe('application/pdf');
    expect(note.get('fileUrl')).toContain(encodeURIComponent(filePath));
    // The uploader's notesCount, kept by the note trigger (the page called nothing after its
    // writes).
    const poll = { timeout: 30_000 };
    await expect
      .poll(async () => (await admin.db.doc(`users/${uid}`).get()).get('notesCount'), poll)
      .toBe(1);
    // Indexed by the triggers: once approved, Browse's search (the search engine, through the
    // facade) finds it by a word that is only inside its file, and with a word of its title.
    await admin.db.doc(`notes/${noteId}`).update({ approved: true });
    // The triggers read and index the file after the approval: seconds, more when both test
    // lanes are busy.
    await expect.poll(() => searchIds(pdfWord), { timeout: 120_000 }).toEqual([noteId]);
    expect(await searchIds(`${pdfWord} scheduling`)).toEqual([noteId]);
  }, 240_000);

  it('lets the uploader edit the note and replace its file: old file gone, note pending again', async () => {
    // Approved meanwhile, so the edit has to put it back to pending.
    await admin.db.doc(`notes/${noteId}`).update({ approved: true });
    const before = (await admin.db.doc(`notes/${noteId}`).get()).data()!;

    await page.goto(`/update-notes/${noteId}`);
    await page.getByRole('heading', { level: 1, name: 'Update Your Notes' }).waitFor();
    await expect.poll(() => byLabel('Title').inputValue()).toBe('Process scheduling');
    expect(await byLabel('Batch').inputValue()).toBe('2022-2026');
    expect(await byLabel('Semester').inputValue()).toBe('3');
    expect(await byLabel('Course').inputValue()).toBe('B.Tech CSE');
    const current = page.getByRole('link', { name: 'Current uploaded file' });
    expect(await current.getAttribute('href')).toBe(before['fileUrl']);
    expect(await current.getAttribute('target')).toBe('_blank');

    await byLabel('Title').fill('Process scheduling, revised');
    await byLabel('Semester').selectOption('4');
    const text = `Revised notes.\n${txtWord} appears only in the replacement file.\n`;
    await fileInput().setInputFiles({
      name: 'replacement.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    // A new file is chosen: the old one's link is no longer offered.
    expect(await current.count()).toBe(0);
    expect(await submitExpectingAlert('Update Notes')).toBe('Note updated successfully');
    await page.waitForURL((u) => u.pathname === `/notes/${noteId}`);

    const after = (await admin.db.doc(`notes/${noteId}`).get()).data()!;
    expect(after).toMatchObject({
      title: 'Process scheduling, revised',
      semester: 4,
      fileName: 'replacement.txt',
      fileType: 'text/plain',
      fileSize: Buffer.byteLength(text),
      approved: false,
      uploaderId: uid,
      createdAt: before['createdAt'],
    });
    expect(after['filePath']).not.toBe(before['filePath']);
    expect(after['filePath']).toMatch(
      new RegExp(`^notes/${uid}/${noteId}/[^/]+-replacement\\.txt$`),
    );
    expect(await myFiles()).toEqual([after['filePath']]);
    // The old file's thumbnail goes with it (the note trigger); the new file gets its own.
    const newPath = after['filePath'] as string;
    const slash = newPath.lastIndexOf('/');
    await expect
      .poll(() => thumbnailsOf(noteId), { timeout: 30_000 })
      .toEqual([`${newPath.slice(0, slash)}/.thumbnails/${newPath.slice(slash + 1)}.webp`]);
    // The index follows the new file: its word finds the note, the old file's no longer does
    // (approved for a moment: a reader's search lists approved notes only).
    await admin.db.doc(`notes/${noteId}`).update({ approved: true });
    await expect.poll(() => searchIds(txtWord), { timeout: 30_000 }).toEqual([noteId]);
    expect(await searchIds(pdfWord)).toEqual([]);
    await admin.db.doc(`notes/${noteId}`).update({ approved: false });
    // Back in review, the file gets a new link (the note trigger withdraws the one that was
    // public); the Update screen then shows the note's link as it is now.
    const fileUrlNow = async () => (await admin.db.doc(`notes/${noteId}`).get()).get('fileUrl');
    await expect.poll(fileUrlNow, { timeout: 30_000 }).not.toBe(after['fileUrl']);
    const linkNow = await fileUrlNow();
    expect(linkNow).toContain(encodeURIComponent(after['filePath'] as string));

    await page.goto(`/update-notes/${noteId}`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Current uploaded file' }).getAttribute('href'))
      .toBe(linkNow);
    expect(await byLabel('Title').inputValue()).toBe('Process scheduling, revised');
  });

  it('refuses the Update screen to another student, pending or approved', async () => {
    const email = uniqueEmail('editor-other');
    await createStudent(stack, { email, password: 'secret123', username: 'Otto Other' });
    const other = await newPage(browser, stack);
    await signInAs(other, email, 'secret123');

    await other.goto(`/update-notes/${noteId}`);
    await other.getByRole('heading', { level: 1, name: 'Note not found' }).waitFor();
    expect(await other.getByRole('button', { name: 'Update Notes' }).count()).toBe(0);

    await admin.db.doc(`notes/${noteId}`).update({ approved: true });
    await other.reload();
    await other
      .getByRole('heading', { level: 1, name: 'You can only update your own notes' })
      .waitFor();
    expect(await other.getByRole('button', { name: 'Update Notes' }).count()).toBe(0);
    expect(pathOf(other)).toBe(`/update-notes/${noteId}`);
    await other.close();

    const note = (await admin.db.doc(`notes/${noteId}`).get()).data()!;
    expect(note['title']).toBe('Process scheduling, revised');
    await admin.db.doc(`notes/${noteId}`).update({ approved: false });
  });

  it('refuses a sixth upload within a minute with a clear message, sending nothing', async () => {
    const limit = admin.db.doc(`users/${uid}/limits/upload`);
    await limit.set({ windowStart: new Date(), count: 5, at: new Date(), key: 'earlier' });
    const [notesBefore, filesBefore] = [(await myNotes()).length, await myFiles()];
    await page.goto('/uploading-notes');
    await fillValidForm('One upload too many');
    await fileInput().setInputFiles({
      name: 'extra.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Extra notes'),
    });
    await page.getByRole('button', { name: 'Share Your Notes' }).click();
    await banner()
      .filter({ hasText: "You're uploading too fast. Please wait a minute and try again." })
      .waitFor();
    expect(await byLabel('Title').inputValue()).toBe('One upload too many');
    expect(await myNotes()).toHaveLength(notesBefore);
    expect(await myFiles()).toEqual(filesBefore);
    await limit.delete();
  });
});
