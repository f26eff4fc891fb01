/**
 * Issue 16, real documents, against the whole stack: the fixtures made by real tools
 * (test/fixtures/documents: Chromium, LibreOffice, pdflatex, groff + Ghostscript, a scan with no
 * text layer, Word 97, DOCX, UTF-8 text) are uploaded through the facade and approved; the
 * note-file trigger reads each where it lands (PDF.js, word-extractor, OCR for the scan). Then
 * every word of every fixture finds its note through GET /api/notes?search= and through Browse,
 * cards and My Uploads show the first-page thumbnails, the note page previews PDF, DOCX and TXT
 * at 390 px, and bytes that are not their declared type are refused on every way in.
 */
import { readFileSync } from 'node:fs';
import { tokenize } from '@notenest/shared';
import type { Browser } from 'playwright-core';
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

const stack = inject('testStack');
const admin = adminFor(stack);
let browser: Browser;

const FIXTURES = new URL('../../../../test/fixtures/documents/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8')) as {
  file: string;
  type: string;
  text: string;
}[];

/** A college of this test's own, so a search names exactly the fixtures' notes. */
const COLLEGE = 'Real Documents Test College';
const FIELDS = {
  description: 'Uploaded as the tool made it.',
  collegeName: COLLEGE,
  courseName: 'B.Sc Physics',
  subjectName: 'Document Formats',
  batch: '2023-2027',
  semester: '2',
  confirmed: 'true',
};
/** A Windows executable's first bytes ("MZ" header). */
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
const REFUSED = 'The file content does not match its type';

const PASSWORD = 'secret123';
// Uploads are limited to 5 a minute per student: the nine fixtures come from two.
const students = [
  { email: uniqueEmail('docs-a'), password: PASSWORD, username: 'Meera Joshi' },
  { email: uniqueEmail('docs-b'), password: PASSWORD, username: 'Rohan Das' },
  { email: uniqueEmail('docs-c'), password: PASSWORD, username: 'Kavya Menon' },
];
/** A note with a fixture's word in its title, older than every fixture: ranked first anyway. */
let titledId: string;
const uids: string[] = [];
const tokens: string[] = [];
/** Fixture file name -> its note id. */
const noteOf = new Map<string, string>();

async function upload(token: string, title: string, name: string, type: string, data: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, title })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return fetch(`${stack.url}/api/uploading/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** The created note's id; else fails with the answer (a 500's body says who failed: ours or the emulator's). */
async function createdId(file: string, res: Response): Promise<string> {
  const text = await res.text();
  expect(res.status, `${file}: ${text.slice(0, 300)}`).toBe(201);
  return (JSON.parse(text) as { note: { id: string } }).note.id;
}

async function searchApi(word: string): Promise<string[]> {
  const q = new URLSearchParams({ search: word, college: COLLEGE, limit: '100' });
  const res = await fetch(`${stack.url}/api/notes?${q}`);
  const body = (await res.json()) as { notes: { id: string }[] };
  return body.notes.map((n) => n.id);
}

const note = async (id: string) => (await admin.db.doc(`notes/${id}`).get()).data()!;

beforeAll(async () => {
  browser = await launchChromium();
  for (const s of students) {
    const created = await createStudent(stack, s);
    uids.push(created.uid);
    tokens.push(created.idToken);
  }
  const adminToken = await idTokenFor(stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  const approve = async (id: string) => {
    const review = await fetch(`${stack.url}/api/admin/notes/${id}/review`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ approved: true }),
    });
    expect(review.status).toBe(200);
  };
  const titled = await upload(
    tokens[2]!,
    'Infrastructure overview',
    'overview.txt',
    'text/plain',
    Buffer.from('Racks, power and cooling.\n'),
  );
  titledId = await createdId('overview.txt', titled);
  await approve(titledId);
  for (const [i, f] of manifest.entries()) {
    // Titles without the fixtures' words: only the file can make a word find its note.
    const res = await upload(
      tokens[i < 5 ? 0 : 1]!,
      `Fixture ${i + 1}`,
      f.file,
      f.type,
      readFileSync(new URL(f.file, FIXTURES)),
    );
    const id = await createdId(f.file, res);
    noteOf.set(f.file, id);
    await approve(id);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const uid of uids) await deleteNotesOf(stack, uid);
  await admin.close();
});

describe('real documents', () => {
  it('reads each file where it lands: verdict, thumbnail, and OCR for the scan only', async () => {
    for (const [file, id] of noteOf) {
      await eventually(async () => {
        const d = await note(id);
        return [d['fileStatus'], typeof d['thumbnailUrl']];
      }).toEqual(['ok', 'string']);
      const [record] = (await admin.db.collection(`notes/${id}/files`).get()).docs;
      expect(record?.get('ocrPages'), file).toBe(file === 'scanned-page.pdf' ? 1 : 0);
    }
  }, 120_000);

  it('every word of every fixture finds its note through GET /api/notes?search=', async () => {
    // The note trigger indexes a file's text after reading it again, which takes a while for the
    // last uploads on a loaded machine: each fixture's longest word finds it first.
    for (const f of manifest) {
      const [longest] = [...new Set(tokenize(f.text))].sort((a, b) => b.length - a.length);
      await eventually(
        async () => (await searchApi(longest!)).includes(noteOf.get(f.file)!),
        120_000,
      ).toBe(true);
    }
    const missed: string[] = [];
    for (const f of manifest) {
      for (const word of new Set(tokenize(f.text))) {
        if (!(await searchApi(word)).includes(noteOf.get(f.file)!))
          missed.push(`${f.file}: ${word}`);
      }
    }
    expect(missed).toEqual([]);
    // And a word no fixture has finds none of them.
    expect(await searchApi('xylophone')).toEqual([]);
  }, 240_000);

  it('every word of every fixture finds its note through Browse', async () => {
    const page = await newPage(browser, stack);
    const missed: string[] = [];
    for (const f of manifest) {
      const id = noteOf.get(f.file)!;
      for (const word of new Set(tokenize(f.text))) {
        const card = page.locator(`article[data-note-id="${id}"]`);
        const empty = page.getByText('No notes found matching your filters');
        // One retry: on a loaded machine (npm test runs two lanes) a visit can stall.
        for (let attempt = 0; attempt < 2; attempt++) {
          await page.goto(`/browse?${new URLSearchParams({ q: word, college: COLLEGE })}`);
          const answered = await card
            .or(empty)
            .first()
            .waitFor({ timeout: 30_000 })
            .then(() => true)
            .catch(() => false);
          if (answered) break;
        }
        if (!(await card.isVisible())) missed.push(`${f.file}: ${word}`);
      }
    }
    expect(missed).toEqual([]);
    await page.close();
  }, 300_000);

  it('ranks a match in the title above newer matches inside files (API and Browse)', async () => {
    // "infrastructure" is inside two fixtures (pdflatex, groff), uploaded after the titled note.
    const inFiles = [noteOf.get('pdflatex.pdf')!, noteOf.get('groff-ghostscript.pdf')!];
    const ids = await searchApi('infrastructure');
    expect(ids[0]).toBe(titledId);
    expect(ids.slice(1).sort()).toEqual([...inFiles].sort());
    // A prefix ranks the same way.
    expect((await searchApi('infra'))[0]).toBe(titledId);

    const page = await newPage(browser, stack);
    await page.goto(`/browse?${new URLSearchParams({ q: 'infrastructure', college: COLLEGE })}`);
    const cards = page.locator('article[data-note-id]');
    await eventually(() => cards.count(), 20_000).toBe(3);
    expect(await cards.first().getAttribute('data-note-id')).toBe(titledId);
    // Newest first without a search.
    await page.goto(`/browse?${new URLSearchParams({ college: COLLEGE })}`);
    await eventually(() => cards.count(), 20_000).toBe(manifest.length + 1);
    expect(await cards.last().getAttribute('data-note-id')).toBe(titledId);
    await page.close();
  });

  it('cards on Browse and My Uploads show each file\u2019s first-page thumbnail', async () => {
    const page = await newPage(browser, stack);
    await page.goto(`/browse?${new URLSearchParams({ college: COLLEGE })}`);
    for (const [file, id] of noteOf) {
      const img = page.locator(`article[data-note-id="${id}"] [data-testid="note-thumbnail"] img`);
      await img.scrollIntoViewIfNeeded();
      expect(await img.getAttribute('src'), file).toBe((await note(id))['thumbnailUrl']);
      // Loaded and decoded: a real image, not a broken link.
      await eventually(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth), 10_000).toBe(
        240,
      );
    }
    await signInAs(page, students[0]!.email, students[0]!.password);
    await page.goto('/profile?tab=uploads');
    const first = noteOf.get(manifest[0]!.file)!;
    const mine = page.locator(
      `article[data-note-id="${first}"] [data-testid="note-thumbnail"] img`,
    );
    await eventually(() => mine.evaluate((el: HTMLImageElement) => el.naturalWidth), 20_000).toBe(
      240,
    );
    await page.close();
  });

  it('the note page previews PDF, DOCX and TXT at 390 px', async () => {
    const page = await newPage(browser, stack);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, students[1]!.email, students[1]!.password);
    const open = async (file: string) => {
      await page.goto(`/notes/${noteOf.get(file)}`);
      await appTookOver(page);
      await page.locator('h1#note-title').waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
    };
    const fitsScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await open('chromium-print.pdf');
    const canvas = page.getByTestId('pdf-preview').locator('canvas[data-drawn="true"]').first();
    await canvas.waitFor({ timeout: 30_000 });
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Drawn: some pixels are not white (the page's text).
    expect(
      await canvas.evaluate((el: HTMLCanvasElement) => {
        const px = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
        let dark = 0;
        for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) dark++;
        return dark;
      }),
    ).toBeGreaterThan(100);
    expect(await fitsScreen()).toBe(true);

    await open('libreoffice.docx');
    const docx = page.getByTestId('docx-preview');
    await docx.waitFor({ timeout: 30_000 });
    expect(await docx.textContent()).toContain('amortized analysis of splay trees');
    expect(await docx.locator('script, style, iframe, [style]').count()).toBe(0);
    expect(await fitsScreen()).toBe(true);

    await open('utf8.txt');
    const txt = page.getByTestId('text-preview');
    await txt.waitFor({ timeout: 30_000 });
    expect(await txt.textContent()).toContain('naïve Bayes');
    expect(await fitsScreen()).toBe(true);
    await page.close();
  }, 120_000);

  it('refuses bytes that are not their declared type, in the facade, the trigger and the form', async () => {
    // The facade: a program named .pdf is refused before anything is stored.
    const res = await upload(tokens[1]!, 'Not a PDF', 'lecture.pdf', 'application/pdf', EXE);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(REFUSED);

    // Straight to Storage (as the web SDK can, bypassing the facade): the trigger quarantines
    // the file; the note that names it says so, and its link serves nothing.
    const uid = uids[1]!;
    const ref = admin.db.collection('notes').doc();
    const path = `notes/${uid}/${ref.id}/lecture.pdf`;
    await admin.bucket.file(path).save(EXE, { contentType: 'application/pdf', resumable: false });
    await ref.set({
      ...FIELDS,
      semester: 2,
      title: 'Direct upload of a program',
      fileUrl: `https://example.test/${ref.id}`,
      fileName: 'lecture.pdf',
      filePath: path,
      fileType: 'application/pdf',
      fileSize: EXE.length,
      uploaderId: uid,
      uploaderName: students[1]!.username,
      approved: false,
      likesCount: 0,
      downloadCount: 0,
      commentsCount: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await eventually(async () => (await note(ref.id))['fileStatus']).toBe('refused');
    expect((await admin.bucket.file(path).exists())[0]).toBe(false);
    expect((await admin.bucket.file(`quarantine/${path}`).exists())[0]).toBe(true);
    const page = await newPage(browser, stack);
    await signInAs(page, students[1]!.email, students[1]!.password);
    await page.goto(`/notes/${ref.id}`);
    expect(await page.getByTestId('file-refused').textContent()).toContain(REFUSED);

    // The form: said as soon as the file is picked, and nothing is uploaded.
    await page.goto('/uploading-notes');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: EXE });
    await page.getByText(REFUSED).first().waitFor();
    await page.close();
  });
});
