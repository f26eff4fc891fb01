/**
 * Issue 8, the note page against the whole seeded stack. An uploader created here shares a PDF, a
 * TXT and a pending note through the facade (POST /api/uploading/create, as the upload screen's
 * spec call does); the admin approves the first two through the facade; then another student
 * opens, previews, downloads, likes, comments on, shares and saves them while the uploader
 * watches the same note in a second browser context (live updates). Nothing seeded is changed.
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { createStudent, idTokenFor, newPage, signInAs } from '../../../../test/support/stack';
import {
  ADMIN_ACCOUNT,
  adminFor,
  appTookOver,
  deleteNotesOf,
  uniqueEmail,
  eventually,
} from '../../testing/e2e';
import { formatDate } from '../../shared/utils/dates';

const stack = inject('testStack');
const admin = adminFor(stack);
let browser: Browser;

const PASSWORD = 'secret123';
const uploader = {
  email: uniqueEmail('note-uploader'),
  password: PASSWORD,
  username: 'Ishaan Rao',
};
const reader = { email: uniqueEmail('note-reader'), password: PASSWORD, username: 'Zoya Khan' };
let uploaderUid: string;
let readerUid: string;
let uploaderToken: string;

/** A small well-formed one-page PDF (the facade checks the %PDF- signature). */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
  'trailer<</Root 1 0 R>>\n%%EOF\n';
const TXT = 'Photosynthesis in two lines.\nLight reactions, then the Calvin cycle.\n';

const FIELDS = {
  description: 'Chapter summaries with diagrams and worked examples.',
  collegeName: 'Note Page Test College',
  courseName: 'B.Sc Botany',
  subjectName: 'Plant Physiology',
  batch: '2023-2027',
  semester: '3',
  confirmed: 'true',
};

interface CreatedNote {
  id: string;
  fileUrl: string;
  fileName: string;
}

async function createNote(title: string, file: { name: string; type: string; data: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, title })) form.append(k, v);
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${stack.url}/api/uploading/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${uploaderToken}` },
    body: form,
  });
  const body = (await res.json()) as { note?: { _id?: string; id?: string }; message?: string };
  expect(res.status, body.message).toBe(201);
  const id = body.note?._id ?? body.note?.id;
  expect(id).toBeTruthy();
  const data = (await admin.db.doc(`notes/${id}`).get()).data()!;
  return { id: id!, fileUrl: data['fileUrl'] as string, fileName: data['fileName'] as string };
}

async function approve(noteId: string, adminToken: string) {
  const res = await fetch(`${stack.url}/api/admin/notes/${noteId}/review`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ approved: true }),
  });
  expect(res.status).toBe(200);
}

let pdfNote: CreatedNote;
let txtNote: CreatedNote;
let pendingNote: CreatedNote;
let readerPage: Page;
let uploaderPage: Page;

const noteField = async (id: string, field: string) =>
  (await admin.db.doc(`notes/${id}`).get()).get(field) as unknown;
const stat = (page: Page, label: 'Likes' | 'Downloads') =>
  page.getByTestId('note-statistics').locator(`[data-field="${label}"] dd`).textContent();

/** Opens a note's page and waits for the app's own (the served copy is inert until then). */
async function openNote(page: Page, id: string) {
  await page.goto(`/notes/${id}`);
  await appTookOver(page);
  await page.locator('h1#note-title').waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  browser = await launchChromium();
  ({ uid: uploaderUid, idToken: uploaderToken } = await createStudent(stack, uploader));
  ({ uid: readerUid } = await createStudent(stack, reader));
  [pdfNote, txtNote, pendingNote] = [
    await createNote('Cell Biology Essentials', {
      name: 'cell-biology.pdf',
      type: 'application/pdf',
      data: PDF,
    }),
    await createNote('Photosynthesis Quick Notes', {
      name: 'photosynthesis.txt',
      type: 'text/plain',
      data: TXT,
    }),
    await createNote('Unreviewed Draft Notes', {
      name: 'draft.txt',
      type: 'text/plain',
      data: 'draft',
    }),
  ];
  const adminToken = await idTokenFor(stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  await approve(pdfNote.id, adminToken);
  await approve(txtNote.id, adminToken);

  readerPage = await newPage(browser, stack);
  await readerPage.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: stack.url,
  });
  await signInAs(readerPage, reader.email, reader.password);
  uploaderPage = await newPage(browser, stack);
  await signInAs(uploaderPage, uploader.email, uploader.password);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  // Later e2e files expect Browse to list the seeded notes only.
  if (uploaderUid) await deleteNotesOf(stack, uploaderUid);
  await admin.close();
});

describe('note page', () => {
  it('shows an approved PDF note with its preview, downloads it once under its name, shares it', async () => {
    const page = readerPage;
    const scripts: string[] = [];
    const onRequest = (r: { url(): string; resourceType(): string }) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    };
    page.on('request', onRequest);
    await openNote(page, pdfNote.id);
    // The page listens live with the full SDK (loaded once the first REST read has answered), and
    // loads no Firestore Lite besides.
    await expect
      .poll(() => scripts.some((u) => /\/firebase-firestore-(?!lite-)[\w-]+\.js$/.test(u)), {
        timeout: 20_000,
      })
      .toBe(true);
    page.off('request', onRequest);
    expect(scripts.filter((u) => u.includes('firebase-firestore-lite-'))).toEqual([]);

    const stored = (await admin.db.doc(`notes/${pdfNote.id}`).get()).data()!;
    expect(stored['uploaderId']).toBe(uploaderUid);
    const created = stored['createdAt'].toDate() as Date;
    expect(await page.locator('h1').textContent()).toBe('Cell Biology Essentials');
    expect(await page.locator('[data-field="subject"]').textContent()).toBe(FIELDS.subjectName);
    expect(await page.locator('[data-field="course"]').textContent()).toBe(FIELDS.courseName);
    expect(await page.locator('[data-field="created"]').textContent()).toBe(formatDate(created));
    expect(await page.locator('[data-field="description"]').textContent()).toBe(FIELDS.description);
    expect(await page.getByTestId('approval-badge').textContent()).toBe('Approved by Admin');
    const details = page.getByTestId('note-details');
    const detail = (label: string) => details.locator(`[data-field="${label}"] dd`).textContent();
    expect(await detail('Subject')).toBe(FIELDS.subjectName);
    expect(await detail('Course')).toBe(FIELDS.courseName);
    expect(await detail('Semester')).toBe(FIELDS.semester);
    expect(await detail('Batch')).toBe(FIELDS.batch);
    expect(await detail('College')).toBe(FIELDS.collegeName);
    expect(await detail('Uploaded')).toBe(formatDate(created));
    // The comments arrive on their own listener, after the note.
    await page.getByText('No comments yet. Be the first to comment!').waitFor();

    // View Notes opens the file in a new tab; the preview draws its pages with PDF.js.
    const view = page.getByRole('link', { name: 'View Notes' });
    expect(await view.getAttribute('href')).toBe(pdfNote.fileUrl);
    expect(await view.getAttribute('target')).toBe('_blank');
    const preview = page.getByTestId('pdf-preview');
    await preview.locator('canvas[data-drawn="true"]').first().waitFor();
    expect(await preview.getByRole('list').getAttribute('aria-label')).toBe(
      'Preview of cell-biology.pdf',
    );
    expect(await preview.getByRole('img').first().getAttribute('aria-label')).toMatch(
      /^Page 1 of \d+$/,
    );
    // What View Notes opens is served inline as a PDF (an attachment would download instead).
    const served = await fetch(pdfNote.fileUrl);
    expect(served.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(served.headers.get('content-disposition') ?? '').not.toMatch(/attachment/);

    // Download: counted exactly once, saved under the file's name.
    const before = (await noteField(pdfNote.id, 'downloadCount')) as number;
    expect(await stat(page, 'Downloads')).toBe(String(before));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cell-biology.pdf');
    await eventually(() => noteField(pdfNote.id, 'downloadCount')).toBe(before + 1);
    await eventually(() => stat(page, 'Downloads')).toBe(String(before + 1));
    // Once the click's work is over, still exactly one more.
    await eventually(() =>
      page.getByRole('button', { name: 'Download', exact: true }).getAttribute('aria-busy'),
    ).toBeNull();
    expect(await noteField(pdfNote.id, 'downloadCount')).toBe(before + 1);

    // Share copies the page address and says so for 2 seconds.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.getByRole('button', { name: 'Share' }).waitFor({ timeout: 5_000 });
  });

  it("a returning reader's phone gets the note with the page, and restores the session without Google's sign-in iframe", async () => {
    // A phone's browser: there, Auth's default start (getAuth) loads Google's sign-in iframe
    // before restoring the session (auth-instance.ts).
    const context = await browser.newContext({
      baseURL: stack.url,
      serviceWorkers: 'block',
      isMobile: true,
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    try {
      await signInAs(page, reader.email, reader.password);
      const requests: { url: string; auth: boolean }[] = [];
      page.on('request', (r) =>
        requests.push({ url: r.url(), auth: r.headers()['authorization'] !== undefined }),
      );
      // Auth restoring the session asks the server about the stored user.
      const restored = page.waitForResponse((r) => r.url().includes('accounts:lookup'));
      await openNote(page, txtNote.id);
      expect(await page.locator('h1#note-title').textContent()).toBe('Photosynthesis Quick Notes');
      await restored;
      // The session was restored with no gapi or sign-in iframe requested (they come first) ...
      expect(
        requests.filter((r) => /\/js\/api\.js|__\/auth\/iframe|apis\.google/.test(r.url)),
      ).toEqual([]);
      // ... and the note was not read at all: an approved note comes in the page itself
      // (functions' GET /notes/:id), so it never waits for that restore.
      const noteReads = requests.filter((r) =>
        r.url.includes(`/documents/notes/${encodeURIComponent(txtNote.id)}`),
      );
      expect(noteReads).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a remembered reader the note while Auth restores the session; a session gone sends them to sign-in', async () => {
    // Auth's look-up of the stored user is held: the page must not wait for it.
    const page = await readerPage.context().newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let lookups = 0;
    await page.route('**/accounts:lookup**', async (route) => {
      lookups++;
      await held;
      await route.continue();
    });
    try {
      await openNote(page, txtNote.id);
      // Asked and not answered (on a busy machine the page may even come first), the note shows.
      await expect.poll(() => lookups, { timeout: 15_000 }).toBe(1);
      expect(await page.locator('h1#note-title').textContent()).toBe('Photosynthesis Quick Notes');
      // What is the reader's own (their like) waits for their token, so for the restore.
      const like = page.locator('button[data-action="like"]');
      expect(await like.isDisabled()).toBe(true);
      release();
      await expect.poll(() => like.isEnabled(), { timeout: 15_000 }).toBe(true);
    } finally {
      release();
      await page.close();
    }

    // A remembered session that Auth no longer has: the session hint (localStorage) without
    // Auth's stored user (IndexedDB, which a context's storage state leaves out).
    const signer = await newPage(browser, stack);
    await signInAs(signer, reader.email, reader.password);
    const remembered = await signer.context().storageState();
    await signer.close();
    expect(
      remembered.origins.some((o) => o.localStorage.some((e) => e.name === 'notenest.session')),
    ).toBe(true);
    const context = await browser.newContext({
      baseURL: stack.url,
      serviceWorkers: 'block',
      storageState: remembered,
    });
    try {
      const gone = await context.newPage();
      await gone.goto(`/notes/${txtNote.id}`);
      await gone.waitForURL((u) => u.pathname === '/sign-in', { timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('previews a TXT note; a like is one per reader, toggled, exact and live for another viewer', async () => {
    await openNote(readerPage, txtNote.id);
    await openNote(uploaderPage, txtNote.id);
    expect(await readerPage.getByTestId('text-preview').textContent()).toBe(TXT);

    const like = readerPage.locator('button[data-action="like"]');
    await eventually(() => like.isEnabled()).toBe(true);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await stat(readerPage, 'Likes')).toBe('0');

    await like.click();
    await eventually(() => like.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => stat(uploaderPage, 'Likes')).toBe('1');
    expect(await stat(readerPage, 'Likes')).toBe('1');
    expect(await noteField(txtNote.id, 'likesCount')).toBe(1);
    expect((await admin.db.doc(`notes/${txtNote.id}/likes/${readerUid}`).get()).exists).toBe(true);

    await like.click();
    await eventually(() => like.getAttribute('aria-pressed')).toBe('false');
    await eventually(() => stat(uploaderPage, 'Likes')).toBe('0');
    expect(await noteField(txtNote.id, 'likesCount')).toBe(0);
    expect((await admin.db.doc(`notes/${txtNote.id}/likes/${readerUid}`).get()).exists).toBe(false);
  });

  it('a comment appears live for another viewer; only its author edits it, and deletes it', async () => {
    await openNote(readerPage, txtNote.id);
    await openNote(uploaderPage, txtNote.id);
    const heading = (page: Page) => page.locator('#note-comments-heading').textContent();
    expect(await heading(uploaderPage)).toBe('Comments (0)');

    await readerPage.getByLabel('Add a Comment').fill('Clear and short, thanks!');
    await readerPage.getByRole('button', { name: 'Submit Comment' }).click();
    const onUploader = uploaderPage.locator('[data-testid="comments-list"] li');
    await eventually(() => onUploader.count()).toBe(1);
    expect(await onUploader.locator('[data-field="text"]').textContent()).toBe(
      'Clear and short, thanks!',
    );
    expect(await onUploader.locator('[data-field="author"]').textContent()).toBe(reader.username);
    expect(await onUploader.locator('[aria-hidden="true"]').first().textContent()).toBe('Z');
    expect(await onUploader.locator('time').count()).toBe(1);
    expect(await heading(uploaderPage)).toBe('Comments (1)');
    // Neither author nor admin: no edit or delete buttons for the uploader.
    expect(await onUploader.getByRole('button').count()).toBe(0);
    // Cleared once the facade answers, which can be after the listener showed the comment.
    await eventually(() => readerPage.getByLabel('Add a Comment').inputValue()).toBe('');
    await eventually(() => noteField(txtNote.id, 'commentsCount')).toBe(1);

    // Edit: blank text is not sent; Cancel discards; Save returns to the view mode.
    const mine = readerPage.locator('[data-testid="comments-list"] li');
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    const box = mine.getByLabel('Edit your comment');
    await box.fill('   ');
    expect(await mine.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await mine.getByRole('button', { name: 'Cancel' }).click();
    expect(await mine.locator('[data-field="text"]').textContent()).toBe(
      'Clear and short, thanks!',
    );
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    await mine.getByLabel('Edit your comment').fill('Clear and short. The diagrams help most.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await eventually(() => onUploader.locator('[data-field="text"]').textContent()).toBe(
      'Clear and short. The diagrams help most.',
    );
    await eventually(() => mine.getByLabel('Edit your comment').count()).toBe(0);
    expect(await mine.locator('[data-field="text"]').textContent()).toBe(
      'Clear and short. The diagrams help most.',
    );
    const [stored] = (await admin.db.collection(`notes/${txtNote.id}/comments`).get()).docs;
    expect(stored!.get('text')).toBe('Clear and short. The diagrams help most.');
    expect(stored!.get('authorId')).toBe(readerUid);

    // Delete asks with the spec's text first.
    const dialogs: string[] = [];
    readerPage.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await mine.getByRole('button', { name: 'Delete comment' }).click();
    await eventually(() => onUploader.count()).toBe(0);
    expect(dialogs).toEqual(['Are you sure you want to delete this comment?']);
    await uploaderPage.getByText('No comments yet. Be the first to comment!').waitFor();
    await eventually(() => noteField(txtNote.id, 'commentsCount')).toBe(0);
    expect((await admin.db.collection(`notes/${txtNote.id}/comments`).get()).size).toBe(0);
  });

  it('Archive saves the note, which then shows in Profile > Saved Notes', async () => {
    const consoleErrors: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    };
    readerPage.on('console', onConsole);
    // The page asks whether the note is in the reader's Saved Notes (its "Available offline"
    // toggle). Not yet: a missing document is an answer, not a failed request (a 404 the
    // browser would log as an error in the console).
    const savedAsked = readerPage.waitForResponse(
      (r) =>
        r.url().endsWith('/documents:batchGet') &&
        (r.request().postData() ?? '').includes(`/saved/${pdfNote.id}`),
    );
    await openNote(readerPage, pdfNote.id);
    expect((await savedAsked).status()).toBe(200);
    expect(await readerPage.getByRole('button', { name: 'Available offline' }).count()).toBe(0);
    await readerPage.getByRole('button', { name: 'Archive' }).click();
    await readerPage
      .getByRole('status')
      .filter({ hasText: 'Note archived successfully' })
      .waitFor();
    expect((await admin.db.doc(`users/${readerUid}/saved/${pdfNote.id}`).get()).exists).toBe(true);

    await readerPage.goto('/profile');
    await readerPage.getByRole('tab', { name: 'Saved Notes' }).click();
    const saved = readerPage
      .getByTestId('saved-grid')
      .locator(`article[data-note-id="${pdfNote.id}"]`);
    await saved.waitFor();
    expect(await saved.getByRole('link', { name: 'View Note' }).getAttribute('href')).toBe(
      `/notes/${pdfNote.id}`,
    );
    readerPage.off('console', onConsole);
    expect(consoleErrors).toEqual([]);
  });

  it('a pending note is not available to another student; its uploader and an admin open it', async () => {
    // A comment by the uploader, for the admin's moderation buttons below.
    const res = await fetch(`${stack.url}/api/notes/${pendingNote.id}/comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${uploaderToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Draft: diagrams still missing' }),
    });
    expect(res.status).toBe(201);

    await readerPage.goto(`/notes/${pendingNote.id}`);
    // Said plainly, with a way on (not "Something went wrong ... try again later").
    await readerPage
      .getByRole('heading', { level: 1, name: 'This note is not available' })
      .waitFor({ timeout: 30_000 });
    expect(await readerPage.getByText('Unreviewed Draft Notes').count()).toBe(0);
    expect(await readerPage.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await readerPage.getByRole('link', { name: 'Browse Notes' }).click();
    await readerPage.waitForURL((u) => u.pathname === '/browse');

    await openNote(uploaderPage, pendingNote.id);
    expect(await uploaderPage.locator('h1').textContent()).toBe('Unreviewed Draft Notes');
    expect(await uploaderPage.getByTestId('approval-badge').textContent()).toBe('Pending Approval');
    expect(await uploaderPage.getByTestId('text-preview').textContent()).toBe('draft');

    const adminPage = await newPage(browser, stack);
    await signInAs(adminPage, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
    await openNote(adminPage, pendingNote.id);
    const comment = adminPage.locator('[data-testid="comments-list"] li');
    await comment.waitFor();
    // An admin moderates (delete) but does not edit someone else's words.
    expect(await comment.getByRole('button', { name: 'Delete comment' }).count()).toBe(1);
    expect(await comment.getByRole('button', { name: 'Edit comment' }).count()).toBe(0);
    await adminPage.close();
  });

  it('lines up with the header at 1280 and 390 px; the approval badge sits in Statistics', async () => {
    for (const width of [1280, 390]) {
      await readerPage.setViewportSize({ width, height: 900 });
      await openNote(readerPage, pdfNote.id);
      const edges = async (selector: string) => {
        const box = (await readerPage.locator(selector).first().boundingBox())!;
        return [Math.round(box.x), Math.round(box.x + box.width)];
      };
      // The page's content box against the header's: same left and right edges.
      const header = await readerPage.locator('header .nn-container').evaluate((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return [
          Math.round(r.left + parseFloat(s.paddingLeft)),
          Math.round(r.right - parseFloat(s.paddingRight)),
        ];
      });
      expect(await edges('section[aria-labelledby="note-title"]'), `at ${width}px`).toEqual(
        width >= 1024 ? [header[0], expect.any(Number)] : header,
      );
      const panels = await readerPage
        .locator('section[aria-labelledby="note-statistics-heading"]')
        .boundingBox();
      expect(Math.round(panels!.x + panels!.width), `right edge at ${width}px`).toBe(header[1]);
      expect(
        await readerPage
          .locator('section[aria-labelledby="note-statistics-heading"]')
          .getByTestId('approval-badge')
          .count(),
      ).toBe(1);
    }
    await readerPage.setViewportSize({ width: 1280, height: 900 });
  });

  it('keeps its layout while the PDF preview loads at 390 px (no layout shift)', async () => {
    const context = readerPage.context();
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      // Every layout shift of the page not caused by input (what Lighthouse's CLS adds up).
      await page.addInitScript(() => {
        const w = window as unknown as { nnShift: number };
        w.nnShift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[])
            if (!e.hadRecentInput) w.nnShift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openNote(page, pdfNote.id);
      await page.locator('canvas[data-drawn="true"]').first().waitFor({ timeout: 30_000 });
      await page.getByText(/^Comments \(/).waitFor();
      // Before the placeholder kept a page's place, the comments jumped down when it was drawn.
      expect(
        await page.evaluate(() => (window as unknown as { nnShift: number }).nnShift),
      ).toBeLessThan(0.01);
    } finally {
      await page.close();
    }
  });

  it('Edit and Delete show to every reader; only the uploader may use them, and others are told', async () => {
    const note = await createNote('Short-lived Notes', {
      name: 'short.txt',
      type: 'text/plain',
      data: 'gone soon',
    });
    await admin.db.doc(`notes/${note.id}`).update({ approved: true });
    await openNote(readerPage, note.id);
    // Another student: Edit leads to the Update screen's refusal, Delete is refused with a reason.
    readerPage.once('dialog', (d) => void d.accept());
    await readerPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await readerPage
      .getByRole('alert')
      .filter({ hasText: 'You can only delete your own notes' })
      .waitFor();
    expect((await admin.db.doc(`notes/${note.id}`).get()).exists).toBe(true);
    await readerPage.getByRole('link', { name: 'Edit', exact: true }).click();
    await readerPage
      .getByRole('heading', { level: 1, name: 'You can only update your own notes' })
      .waitFor();

    // Open for a reader while it is sent back to review: the page says it is not available.
    await openNote(readerPage, note.id);
    await admin.db.doc(`notes/${note.id}`).update({ approved: false });
    await readerPage
      .getByRole('heading', { level: 1, name: 'This note is not available' })
      .waitFor({ timeout: 30_000 });

    // The uploader deletes it from the note page and lands on Browse.
    await openNote(uploaderPage, note.id);
    uploaderPage.once('dialog', (d) => void d.accept());
    await uploaderPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await uploaderPage.waitForURL((u) => u.pathname === '/browse');
    await expect
      .poll(async () => (await admin.db.doc(`notes/${note.id}`).get()).exists)
      .toBe(false);
  });
});
