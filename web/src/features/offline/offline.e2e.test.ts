/**
 * Issue 32, offline: a student saves a note, marks it "Available offline" in Saved Notes, goes
 * offline (Chromium's offline mode: context.setOffline), reloads, and still opens Saved Notes and
 * reads the file in the note page's preview; the offline banner shows and liking says it needs a
 * connection, and so do the comments; Download saves the kept file. Back online, removing a note
 * from Saved Notes frees its file, and a note that left public view (sent back to review) loses
 * its copy the next time Saved Notes is read, while the other kept notes keep theirs. The service worker is the built one (web/dist/sw.js) served by
 * Hosting on the stack's loopback address (a secure context, as localhost is).
 */
import { OFFLINE_BANNER, OFFLINE_NEEDS_CONNECTION } from '@notenest/shared';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { createStudent, idTokenFor, signedInPage } from '../../../../test/support/stack';
import { ADMIN_ACCOUNT, adminFor, deleteNotesOf, eventually, uniqueEmail } from '../../testing/e2e';

const stack = inject('testStack');
const admin = adminFor(stack);
let browser: Browser;

const PASSWORD = 'secret123';
const uploader = { email: uniqueEmail('offline-up'), password: PASSWORD, username: 'Dev Offline' };
const reader = { email: uniqueEmail('offline-rd'), password: PASSWORD, username: 'Ira Offline' };
let uploaderUid: string;
let uploaderToken: string;
let adminToken: string;

const TXT = `Offline reading, ${Date.now()}.\nThe Krebs cycle, line two.\n`;
const OFFLINE_CACHE = 'notenest-offline-notes';

async function createApprovedNote(
  title: string,
  text: string,
): Promise<{ id: string; fileUrl: string }> {
  const form = new FormData();
  const fields = {
    title,
    description: 'Kept on the device for the bus ride.',
    collegeName: 'Offline Test College',
    courseName: 'B.Sc Biochemistry',
    subjectName: 'Metabolism',
    batch: '2023-2027',
    semester: '2',
    confirmed: 'true',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // Each note its own text: the facade refuses a file that is already shared.
  form.append('file', new Blob([text], { type: 'text/plain' }), 'krebs.txt');
  const res = await fetch(`${stack.url}/api/uploading/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${uploaderToken}` },
    body: form,
  });
  const body = (await res.json()) as { note?: { _id?: string; id?: string }; message?: string };
  expect(res.status, body.message).toBe(201);
  const id = (body.note?._id ?? body.note?.id)!;
  await review(id, true);
  const fileUrl = (await admin.db.doc(`notes/${id}`).get()).get('fileUrl') as string;
  expect(fileUrl).toMatch(/^http/);
  return { id, fileUrl };
}

/** An admin's review of the note: approved, or sent back to pending (out of public view). */
async function review(noteId: string, approved: boolean): Promise<void> {
  const res = await fetch(`${stack.url}/api/admin/notes/${noteId}/review`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ approved }),
  });
  expect(res.status).toBe(200);
}

/** The URLs kept in the offline notes' cache (files and details) for this note. */
const offlineKeys = (page: Page, note: { id: string; fileUrl: string }) =>
  page
    .evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((r) => r.url);
    }, OFFLINE_CACHE)
    .then((urls) => urls.filter((u) => u === note.fileUrl || u.endsWith(`/${note.id}`)));

/** A page of the reader's, signed in, on Saved Notes, controlled by the service worker. */
async function savedNotesPage(): Promise<Page> {
  const page = await signedInPage(browser, stack, reader.email, reader.password, 'allow');
  await page.goto('/profile?tab=archived');
  await page.getByRole('heading', { level: 2, name: 'Saved Notes' }).waitFor({ timeout: 30_000 });
  // The worker registers after the load event and claims the page once active: only then can a
  // reload be answered without network.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page;
}

const card = (page: Page, noteId: string) => page.locator(`article[data-note-id="${noteId}"]`);

/** Marks the note "Available offline" on Saved Notes and waits until its copy is kept. */
async function keepOffline(page: Page, note: { id: string; fileUrl: string }): Promise<void> {
  const keep = card(page, note.id).getByRole('button', { name: 'Available offline' });
  await eventually(() => keep.getAttribute('aria-pressed')).toBe('false');
  await keep.click();
  await eventually(() => keep.getAttribute('aria-pressed'), 120_000).toBe('true');
  // Its file and its details.
  expect((await offlineKeys(page, note)).length).toBe(2);
  expect(await offlineKeys(page, note)).toContain(note.fileUrl);
}

/** The note page's panels: the header (named by the note's title) and the comments. */
const header = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });
const comments = (page: Page) => page.getByRole('region', { name: /^Comments \(/ });

beforeAll(async () => {
  browser = await launchChromium();
  ({ uid: uploaderUid, idToken: uploaderToken } = await createStudent(stack, uploader));
  await createStudent(stack, reader);
  adminToken = await idTokenFor(stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
});

afterAll(async () => {
  await deleteNotesOf(stack, uploaderUid).catch(() => {});
  await browser?.close();
  await admin.close();
});

describe('offline', () => {
  it('keeps a saved note offline: Saved Notes, the note page and its preview open with no network', async () => {
    const note = await createApprovedNote('Krebs Cycle Offline', TXT);
    const page = await signedInPage(browser, stack, reader.email, reader.password, 'allow');
    // Save it from its page, as a reader does (Archive: the spec's save).
    await page.goto(`/notes/${note.id}`);
    await page.locator('h1#note-title').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('status').filter({ hasText: 'Note archived successfully' }).waitFor();
    await page.close();

    const saved = await savedNotesPage();
    await keepOffline(saved, note);

    // No network: the reload is the service worker's cached page, not the browser's error page.
    await saved.context().setOffline(true);
    await saved.reload();
    await saved
      .getByRole('status')
      .filter({ hasText: OFFLINE_BANNER })
      .waitFor({ timeout: 30_000 });
    await card(saved, note.id).waitFor({ timeout: 30_000 });
    await card(saved, note.id).getByRole('link', { name: 'View Note' }).click();
    await saved.locator('h1#note-title').filter({ hasText: 'Krebs Cycle Offline' }).waitFor();
    const preview = saved.getByTestId('text-preview');
    await preview.scrollIntoViewIfNeeded();
    await eventually(() => preview.textContent(), 30_000).toBe(TXT);

    // The note page itself reloads offline too (/notes/** is the cached guarded page).
    await saved.reload();
    await saved.locator('h1#note-title').filter({ hasText: 'Krebs Cycle Offline' }).waitFor({
      timeout: 30_000,
    });
    await saved.getByRole('status').filter({ hasText: OFFLINE_BANNER }).waitFor();
    await eventually(() =>
      saved.getByRole('button', { name: 'Available offline' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const like = saved.locator('button[data-action="like"]');
    await eventually(() => like.isEnabled()).toBe(true);
    await like.click();
    const title = 'Krebs Cycle Offline';
    await header(saved, title)
      .getByRole('alert')
      .filter({ hasText: OFFLINE_NEEDS_CONNECTION })
      .waitFor();
    // No like was written meanwhile (the click was refused in the browser).
    expect((await admin.db.doc(`notes/${note.id}`).get()).get('likesCount') ?? 0).toBe(0);

    // The comments say they need a connection (no endless "Loading comments..."), and so does
    // sending one.
    await comments(saved)
      .getByRole('status')
      .filter({ hasText: OFFLINE_NEEDS_CONNECTION })
      .waitFor();
    expect(await comments(saved).getByText('Loading comments...').count()).toBe(0);
    await comments(saved).getByLabel('Add a Comment').fill('Read on the bus.');
    await comments(saved).getByRole('button', { name: 'Submit Comment' }).click();
    await comments(saved)
      .getByRole('alert')
      .filter({ hasText: OFFLINE_NEEDS_CONNECTION })
      .waitFor();

    // Download saves the kept file, under its name, with no network (and counts nothing).
    const [download] = await Promise.all([
      saved.waitForEvent('download'),
      header(saved, title).getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('krebs.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe(TXT);
    expect(await header(saved, title).getByRole('alert').allTextContents()).toEqual([
      OFFLINE_NEEDS_CONNECTION,
    ]);
    // Neither the comment nor a download reached the server.
    expect((await admin.db.collection(`notes/${note.id}/comments`).get()).size).toBe(0);
    expect((await admin.db.doc(`notes/${note.id}`).get()).get('downloadCount') ?? 0).toBe(0);

    // Online again: the banner goes; removing the note from Saved Notes frees its file.
    await saved.context().setOffline(false);
    await saved
      .getByRole('status')
      .filter({ hasText: OFFLINE_BANNER })
      .waitFor({ state: 'detached' });
    await saved.goto('/profile?tab=archived');
    await card(saved, note.id).getByRole('button', { name: 'Remove Note' }).click();
    await card(saved, note.id).waitFor({ state: 'detached' });
    await eventually(() => offlineKeys(saved, note)).toEqual([]);
    await saved.close();
  });

  it('drops the copy of a note that left public view the next time Saved Notes is read online, and keeps the others', async () => {
    const gone = await createApprovedNote('Glycolysis Offline', `Glycolysis, ${Date.now()}.\n`);
    const stays = await createApprovedNote('Urea Cycle Offline', `Urea cycle, ${Date.now()}.\n`);
    const readerToken = await idTokenFor(stack, reader.email, reader.password);
    for (const note of [gone, stays]) {
      const res = await fetch(`${stack.url}/api/notes/archive/${note.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${readerToken}` },
      });
      expect(res.status).toBe(200);
    }
    const saved = await savedNotesPage();
    // One kept from its note page, opened by its address (its toggle once never showed there: the
    // saved check ran before Auth had loaded and was refused), the other from Saved Notes.
    await saved.goto(`/notes/${gone.id}`);
    const keepHere = header(saved, 'Glycolysis Offline').getByRole('button', {
      name: 'Available offline',
    });
    await eventually(() => keepHere.getAttribute('aria-pressed'), 30_000).toBe('false');
    await keepHere.click();
    await eventually(() => keepHere.getAttribute('aria-pressed'), 120_000).toBe('true');
    expect(await offlineKeys(saved, gone)).toHaveLength(2);
    await saved.goto('/profile?tab=archived');
    await keepOffline(saved, stays);
    expect(
      await card(saved, gone.id)
        .getByRole('button', { name: 'Available offline' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // An admin sends one back to review: the reader may no longer read it.
    await review(gone.id, false);
    await saved.reload();
    const notice = saved.getByTestId('saved-unavailable');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.locator('p').textContent()).toBe(
      '1 saved note is no longer available: it was deleted or is waiting for review again.',
    );
    // Its file and details leave the cache; then (the drop is done) the other's are still there.
    await eventually(() => offlineKeys(saved, gone), 30_000).toEqual([]);
    expect(await offlineKeys(saved, stays)).toHaveLength(2);
    expect(
      await card(saved, stays.id)
        .getByRole('button', { name: 'Available offline' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await card(saved, gone.id).count()).toBe(0);

    // A note with no kept copy, whose page was opened online, when the network goes: its
    // comments and Download say they need a connection (no copy to save, nothing counted).
    const stop = card(saved, stays.id).getByRole('button', { name: 'Available offline' });
    await stop.click();
    await eventually(() => offlineKeys(saved, stays), 30_000).toEqual([]);
    await saved.goto(`/notes/${stays.id}`);
    const title = 'Urea Cycle Offline';
    await header(saved, title).waitFor({ timeout: 30_000 });
    await comments(saved).getByText('No comments yet').waitFor({ timeout: 30_000 });
    let downloads = 0;
    saved.on('download', () => downloads++);
    await saved.context().setOffline(true);
    await comments(saved)
      .getByRole('status')
      .filter({ hasText: OFFLINE_NEEDS_CONNECTION })
      .waitFor();
    await header(saved, title).getByRole('button', { name: 'Download', exact: true }).click();
    await header(saved, title)
      .getByRole('alert')
      .filter({ hasText: OFFLINE_NEEDS_CONNECTION })
      .waitFor();
    expect(downloads).toBe(0);
    expect((await admin.db.doc(`notes/${stays.id}`).get()).get('downloadCount') ?? 0).toBe(0);
    await saved.close();
    // Two uploads and five page loads took 32 s here: the default 60 s leaves a loaded CI
    // machine little room.
  }, 120_000);
});
