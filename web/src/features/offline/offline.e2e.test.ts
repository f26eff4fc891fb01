/**
 * Issue 32, offline: a student saves a note, marks it "Available offline" in Saved Notes, goes
 * offline (Chromium's offline mode: context.setOffline), reloads, and still opens Saved Notes and
 * reads the file in the note page's preview; the offline banner shows and liking says it needs a
 * connection. Back online, a note that left public view loses its copy, and removing a note
 * from Saved Notes frees its file. The service worker is the built one (web/dist/sw.js) served by
 * Hosting on the stack's loopback address (a secure context, as localhost is).
 */
import { OFFLINE_BANNER, OFFLINE_NEEDS_CONNECTION } from '@notenest/shared';
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
  const review = await fetch(`${stack.url}/api/admin/notes/${id}/review`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ approved: true }),
  });
  expect(review.status).toBe(200);
  const fileUrl = (await admin.db.doc(`notes/${id}`).get()).get('fileUrl') as string;
  expect(fileUrl).toMatch(/^http/);
  return { id, fileUrl };
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
    const keep = card(saved, note.id).getByRole('button', { name: 'Available offline' });
    await eventually(() => keep.getAttribute('aria-pressed')).toBe('false');
    await keep.click();
    await eventually(() => keep.getAttribute('aria-pressed'), 120_000).toBe('true');
    // Its file and its details.
    expect((await offlineKeys(saved, note)).length).toBe(2);
    expect(await offlineKeys(saved, note)).toContain(note.fileUrl);

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
    await saved.getByRole('alert').filter({ hasText: OFFLINE_NEEDS_CONNECTION }).waitFor();
    // No like was written meanwhile (the click was refused in the browser).
    expect((await admin.db.doc(`notes/${note.id}`).get()).get('likesCount') ?? 0).toBe(0);

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
});
