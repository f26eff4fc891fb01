/**
 * Browse against the seeded stack (test/support/stack.ts: emulators, functions, Hosting of
 * web/dist, demo data, the search database) in headless Chromium. Expectations are computed from
 * the demo data (scripts/lib/demo-data.mjs, deterministic), never hard-coded from what the page
 * shows. A search is answered by the search engine (GET /api/notes?search=), which stems English
 * words ("revise" finds "revision"): the searches here use words whose every form in the demo
 * data is listed (wordsStartingWith), so what each should find is computed exactly.
 *
 * Writes (a like, a comment, a download) are made by a student created for this file, on notes
 * the other tests here do not count on; the like is undone at the end of its test.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { buildDemoData, type DemoData } from '../../../../scripts/lib/demo-data.mjs';
import { createStudent, newPage, signedInPage } from '../../../../test/support/stack';
import { coloursOf, contrastRatio, eventually } from '../../testing/e2e';

type DemoNote = DemoData['notes'][number];

const stack = inject('testStack');
const demo = buildDemoData();
const PAGE_SIZE = 24;
const approved = demo.notes.filter((n) => n.data.approved);
const pending = demo.notes.filter((n) => !n.data.approved);

const byNewest = (a: DemoNote, b: DemoNote) =>
  b.data.createdAt.getTime() - a.data.createdAt.getTime();
/** Firestore's order for `orderBy(f, 'desc')`: f descending, then document id descending. */
const byDesc = (field: 'likesCount' | 'downloadCount') => (a: DemoNote, b: DemoNote) =>
  b.data[field] - a.data[field] || (a.id < b.id ? 1 : -1);
const ids = (notes: DemoNote[]) => notes.map((n) => n.id);
const sorted = (list: string[]) => [...list].sort();

/** Words as the search engine sees them: lower case, diacritics folded, letters and digits. */
const wordsIn = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .match(/[\p{L}\p{N}]+/gu) ?? [];
const fileText = new Map(demo.files.map((f) => [f.noteId, f.text]));
/** What the search engine indexes of a note: its fields, then its file's text. */
const indexedText = (n: DemoNote) =>
  [
    n.data.title,
    n.data.subjectName,
    n.data.courseName,
    n.data.collegeName,
    n.data.description,
    n.data.uploaderName,
    fileText.get(n.id) ?? '',
  ].join('\n');
const fieldText = (n: DemoNote) =>
  [
    n.data.title,
    n.data.subjectName,
    n.data.courseName,
    n.data.collegeName,
    n.data.description,
  ].join(' ');
const noteWords = new Map(demo.notes.map((n) => [n.id, new Set(wordsIn(indexedText(n)))]));
/** Every word of the demo data starting with `prefix` (the forms a search for it may match). */
const wordsStartingWith = (prefix: string) =>
  sorted(
    [...new Set([...noteWords.values()].flatMap((w) => [...w]))].filter((w) =>
      w.startsWith(prefix),
    ),
  );
/** The approved notes with a word starting with each prefix. */
const withWords = (prefixes: string[], notes = approved) =>
  notes.filter((n) =>
    prefixes.every((p) => [...noteWords.get(n.id)!].some((w) => w.startsWith(p))),
  );

let browser: Browser;
let admin: App;
let db: Firestore;
const student = {
  email: `browse-e2e-${Date.now()}@notenest.test`,
  password: 'browse-e2e-1234',
  username: 'Browse Tester',
};
let studentUid: string;

beforeAll(async () => {
  browser = await launchChromium();
  admin = initializeApp({ projectId: 'demo-notenest' }, `browse-e2e-${Date.now()}`);
  db = getFirestore(admin);
  db.settings({ host: `${stack.host}:8080`, ssl: false });
  ({ uid: studentUid } = await createStudent(stack, student));
});

afterAll(async () => {
  await browser?.close();
  if (admin) await deleteApp(admin);
});

// ---- page helpers -----------------------------------------------------------------------------

/** expect.poll with room for a loaded machine (its default gives up after 1 s). */

const cards = (page: Page) => page.locator('[data-testid="notes-grid"] article[data-note-id]');

async function shownIds(page: Page): Promise<string[]> {
  if ((await page.locator('[aria-busy="true"]').count()) > 0) return ['(loading)'];
  return cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-note-id')!));
}

/** Waits until the list shows exactly `expected`, in order. */
async function expectIds(page: Page, expected: string[]) {
  await eventually(() => shownIds(page)).toEqual(expected);
}

/** Clicks "Load more" until the list has no more pages. */
async function loadAll(page: Page) {
  const more = page.getByRole('button', { name: 'Load more' });
  for (let i = 0; i < 10 && (await more.count()) > 0; i++) {
    const before = await cards(page).count();
    await more.click();
    await eventually(
      async () => (await more.count()) === 0 || (await cards(page).count()) > before,
    ).toBe(true);
  }
}

/**
 * Waits until the list holds exactly `expected` in any order (a search lists by relevance),
 * loading every page.
 */
async function expectFound(page: Page, expected: string[]) {
  await eventually(async () => {
    await loadAll(page);
    return sorted(await shownIds(page));
  }).toEqual(sorted(expected));
}

async function openBrowse(page: Page, query = '') {
  await page.goto(`/browse${query}`);
  await page.getByRole('heading', { level: 1, name: 'Explore Shared Notes' }).waitFor();
}

async function pickFilter(page: Page, label: string, value: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(value.slice(0, 4));
  await page
    .getByRole('listbox', { name: label })
    .getByRole('option', { name: value, exact: true })
    .click();
  await eventually(() => input.inputValue()).toBe(value);
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search notes' });

/** A page signed in as this file's student (one sign-in through the form for the file). */
const signedIn = () => signedInPage(browser, stack, student.email, student.password);

// ---- tests ------------------------------------------------------------------------------------

describe('Browse on the seeded stack', () => {
  it('lists approved notes newest first, pages past the first page, never a pending note', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    const newest = ids([...approved].sort(byNewest));
    await expectIds(page, newest.slice(0, PAGE_SIZE));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expectIds(page, newest.slice(0, 2 * PAGE_SIZE));
    if (approved.length <= 2 * PAGE_SIZE) {
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    }
    const shown = new Set(await shownIds(page));
    expect(pending.filter((n) => shown.has(n.id))).toEqual([]);

    // Not even when searched for by its own title (the engine's own test suite covers pending
    // notes in depth; here: Browse never shows one, whatever else the search finds).
    const hidden = pending[0]!;
    await searchBox(page).fill(hidden.data.title);
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe(hidden.data.title);
    await eventually(async () => {
      const shown = await shownIds(page);
      if (shown.includes('(loading)')) return 'loading';
      return (await page.getByTestId('browse-empty').count()) > 0 || shown.length > 0;
    }).toBe(true);
    await loadAll(page);
    const found = await shownIds(page);
    expect(found.filter((id) => !approved.some((n) => n.id === id))).toEqual([]);
    expect(found).not.toContain(hidden.id);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.close();
  });

  it('finds notes by a word that appears only inside their files, shows where, and narrows by a filter', async () => {
    // A word of the PDF/TXT text that no note's title, subject, course, college or description has.
    const word = 'examiners';
    expect(demo.notes.filter((n) => wordsIn(fieldText(n)).includes(word))).toEqual([]);
    // Its only form in the demo data: the prefix "examin" finds exactly the notes with it.
    expect(wordsStartingWith('examin')).toEqual([word]);
    const expected = withWords([word]);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE);

    const page = await newPage(browser, stack);
    await openBrowse(page);
    // Case-insensitive and prefix-aware: "EXAMIN" finds "examiners".
    await searchBox(page).fill('EXAMIN');
    await expectFound(page, ids(expected));

    // Each card says where: the file's words around the match, the word marked; a PDF's page.
    const pdf = expected.find(
      (n) =>
        n.data.fileType === 'application/pdf' &&
        expected.filter((m) => m.data.subjectName === n.data.subjectName).length === 1,
    )!;
    expect(pdf).toBeDefined();
    const card = page.locator(`article[data-note-id="${pdf.id}"]`);
    const snippet = card.locator('[data-field="snippet"]');
    expect((await snippet.locator('mark').allTextContents()).map((t) => t.toLowerCase())).toContain(
      word,
    );
    // The marked word is in its sentence of the file (the text around it is the file's).
    const sentence = (fileText.get(pdf.id) ?? '').replace(/\s+/g, ' ');
    const around = (
      await snippet.evaluate((el) => {
        const clone = el.cloneNode(true) as HTMLElement;
        clone.querySelector('[data-field="page"]')?.remove();
        return clone.textContent ?? '';
      })
    )
      .replace(/\s+/g, ' ')
      .trim();
    expect(around.toLowerCase()).toContain(`${word} at ${pdf.data.collegeName}`.toLowerCase());
    expect(sentence).toContain(`examiners at ${pdf.data.collegeName}`);
    // Its file is one page (the demo PDFs are): "page 1".
    expect(await card.locator('[data-field="page"]').textContent()).toBe('page 1');
    // A text file has no pages.
    const txt = expected.find((n) => n.data.fileType === 'text/plain')!;
    expect(txt).toBeDefined();
    const txtCard = page.locator(`article[data-note-id="${txt.id}"]`);
    expect(await txtCard.locator('[data-field="snippet"] mark').count()).toBeGreaterThan(0);
    expect(await txtCard.locator('[data-field="page"]').count()).toBe(0);

    // Narrowed by a subject to the single PDF note that has the word.
    await pickFilter(page, 'Subject', pdf.data.subjectName);
    await expectIds(page, [pdf.id]);
    await eventually(() => cards(page).first().locator('h2').textContent()).toBe(pdf.data.title);
    await page.close();
  });

  it('forgives a one-letter typo in a long word, and matches a quoted phrase only as adjacent words', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    // "examiners" with two letters swapped, and with one letter wrong: no word of the data is
    // spelled so, each is one edit from "examiners".
    const found = ids(withWords(['examiners']));
    for (const typo of ['examinres', 'exaniners']) {
      expect(wordsStartingWith(typo)).toEqual([]);
      await searchBox(page).fill(typo);
      await expectFound(page, found);
    }
    // Two edits away ("exaaminerz"): nothing is found, and "Did you mean" offers the word that
    // finds the notes; following it searches for that word.
    expect(wordsStartingWith('exaam')).toEqual([]);
    await searchBox(page).fill('exaaminerz ');
    const didYouMean = page.getByTestId('did-you-mean');
    await eventually(() => didYouMean.textContent()).toBe('Did you mean examiners?');
    expect(await shownIds(page)).toEqual([]);
    await didYouMean.getByRole('link', { name: 'examiners' }).click();
    await eventually(() => searchBox(page).inputValue()).toBe('examiners');
    await expectFound(page, found);
    expect(await didYouMean.count()).toBe(0);

    // "exam revision": the title suffix " - Exam Revision". Unquoted, the two words anywhere
    // (every form of each is listed: "revise" and "revision" are one English stem); quoted,
    // only the notes where they are adjacent, in that order.
    expect(wordsStartingWith('exam')).toEqual(['exam', 'examiners', 'example', 'examples']);
    expect(wordsStartingWith('revis')).toEqual(['revise', 'revision']);
    const adjacent = approved.filter((n) =>
      /\bexam\s+revision\b/.test(wordsIn(indexedText(n)).join(' ')),
    );
    const both = approved.filter((n) => {
      const words = noteWords.get(n.id)!;
      return words.has('exam') && (words.has('revise') || words.has('revision'));
    });
    expect(adjacent.length).toBeGreaterThan(0);
    expect(both.length).toBeGreaterThan(adjacent.length);
    await searchBox(page).fill('"exam revision"');
    await expectFound(page, ids(adjacent));
    for (const note of adjacent) expect(note.data.title).toMatch(/ - Exam Revision$/);
    await searchBox(page).fill('exam revision ');
    await expectFound(page, ids(both));
    await page.close();
  });

  it('lists a search by relevance by default (title matches first); the other sorts stay', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    const sort = page.getByLabel('Sort by');
    const options = () => sort.locator('option').allTextContents();
    // No search: no Relevance.
    await sort.waitFor();
    expect(await options()).toEqual(['Newest', 'Most liked', 'Most downloaded']);

    await searchBox(page).fill('revision');
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe('revision');
    await eventually(options).toEqual(['Relevance', 'Newest', 'Most liked', 'Most downloaded']);
    expect(await sort.inputValue()).toBe('relevance');
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull();

    // The notes with the word in their title come before those with it only in their file.
    const matching = withWords(['revis']);
    const titled = matching.filter((n) => wordsIn(n.data.title).includes('revision'));
    expect(titled.length).toBeGreaterThan(0);
    expect(matching.length).toBeGreaterThan(titled.length);
    await expectFound(page, ids(matching));
    expect(sorted((await shownIds(page)).slice(0, titled.length))).toEqual(sorted(ids(titled)));

    // Newest while searching: the same notes, newest first, and the address says so.
    await sort.selectOption('newest');
    await eventually(() => new URL(page.url()).searchParams.get('sort')).toBe('newest');
    const newest = ids([...matching].sort(byNewest));
    await expectIds(page, newest.slice(0, PAGE_SIZE));
    await loadAll(page);
    await expectIds(page, newest);

    // Clearing the search: the list's own sorts again, newest.
    await searchBox(page).fill('');
    await eventually(options).toEqual(['Newest', 'Most liked', 'Most downloaded']);
    await expectIds(page, ids([...approved].sort(byNewest)).slice(0, PAGE_SIZE));
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('filters by each dropdown alone and combined with search; Reset clears everything', async () => {
    const sample = approved.find((n) => n.data.collegeName !== approved[0]!.data.collegeName)!;
    const filters = [
      ['Subject', 'subjectName', sample.data.subjectName],
      ['Course', 'courseName', sample.data.courseName],
      ['Semester', 'semester', String(sample.data.semester)],
      ['College', 'collegeName', sample.data.collegeName],
    ] as const;
    const page = await newPage(browser, stack);
    await openBrowse(page);
    for (const [label, field, value] of filters) {
      const matching = approved.filter((n) => String(n.data[field]) === value).sort(byNewest);
      await pickFilter(page, label, value);
      await expectIds(page, ids(matching).slice(0, PAGE_SIZE));

      // With search: the filter's notes that also match the word ("revise" or "revision").
      await searchBox(page).fill('revise');
      await expectFound(page, ids(withWords(['revis'], matching)));
      await searchBox(page).fill('');

      await page.getByRole('button', { name: `Clear ${label}` }).click();
      await expectIds(page, ids([...approved].sort(byNewest)).slice(0, PAGE_SIZE));
    }

    // Searchable dropdown: narrowing to nothing says so.
    const college = page.getByRole('combobox', { name: 'College', exact: true });
    await college.click();
    await college.fill('zzzz-no-such-college');
    await eventually(() => page.getByRole('listbox', { name: 'College' }).textContent()).toBe(
      'No matches found',
    );
    await college.press('Escape');

    // All four at once, then Reset Filters.
    for (const [label, , value] of filters) await pickFilter(page, label, value);
    const all4 = approved
      .filter((n) => filters.every(([, field, value]) => String(n.data[field]) === value))
      .sort(byNewest);
    await expectIds(page, ids(all4));
    await searchBox(page).fill('zzzznothing');
    await eventually(() => page.getByTestId('browse-empty').textContent()).toBe(
      'No notes found matching your filtersTry adjusting your search criteria or clear filters',
    );
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expectIds(page, ids([...approved].sort(byNewest)).slice(0, PAGE_SIZE));
    expect(await searchBox(page).inputValue()).toBe('');
    for (const [label] of filters) {
      expect(await page.getByRole('combobox', { name: label, exact: true }).inputValue()).toBe('');
    }
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('suggests at most 5 from 2 characters on; a click applies one', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    const box = searchBox(page);
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    // "un": every demo college is a "... University" (filter options alone give 5+ candidates).
    const { subjects, courses, colleges } = demo.filterOptions;
    const options = [...subjects, ...courses, ...colleges];
    const candidates = options.filter((o) => wordsIn(o).some((w) => w.startsWith('un')));
    expect(candidates.length).toBeGreaterThan(5);
    // And 's' starts a word of some: one character alone would find suggestions.
    expect(options.some((o) => wordsIn(o).some((w) => w.startsWith('s')))).toBe(true);
    await box.click();
    await box.fill('un');
    await eventually(() => suggestions.count()).toBe(5);
    // One character, with the candidates in (shown just above): none, once the box's 's' has
    // gone through the app, as its search after the typing pause shows in the address.
    await box.fill('s');
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe('s');
    expect(await suggestions.count()).toBe(0);
    await box.fill('un');
    await eventually(() => suggestions.count()).toBe(5);
    const texts = await suggestions.allTextContents();
    for (const t of texts) expect(wordsIn(t).some((w) => w.startsWith('un'))).toBe(true);

    const first = texts[0]!;
    await suggestions.first().click();
    expect(await box.inputValue()).toBe(first);
    await eventually(() => new URL(page.url()).searchParams.get('q')).toBe(first);
    // A college, subject or course name: the notes with every word of it.
    const expected = ids(withWords(wordsIn(first)));
    expect(expected.length).toBeGreaterThan(0);
    await expectFound(page, expected);
    await page.close();
  });

  it('sorts by most liked and most downloaded', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    await page.getByLabel('Sort by').selectOption('mostDownloaded');
    await expectIds(page, ids([...approved].sort(byDesc('downloadCount'))).slice(0, PAGE_SIZE));

    await page.getByLabel('Sort by').selectOption('mostLiked');
    await expectIds(page, ids([...approved].sort(byDesc('likesCount'))).slice(0, PAGE_SIZE));
    const likes = await cards(page)
      .locator('[data-count="likes"]')
      .evaluateAll((els) => els.map((el) => Number(el.textContent)));
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('mostLiked');
    await page.close();
  });

  it('the list does not move when the app takes the search bar over; Detail never wraps alone', async () => {
    for (const width of [390, 700, 1024, 1280]) {
      const page = await newPage(browser, stack);
      await page.setViewportSize({ width, height: 900 });
      // Hold the page's code back until the served cards are on screen, as on a slow phone: the
      // bar is in the served page, disabled until the app has taken it over.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/assets/browse-page-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await openBrowse(page);
      const first = cards(page).first();
      await first.waitFor();
      expect(await searchBox(page).isDisabled()).toBe(true);
      const before = (await first.boundingBox())!.y;
      release();
      await page.getByRole('search', { name: 'Notes' }).waitFor();
      await eventually(() => searchBox(page).isEnabled()).toBe(true);
      // The filters: inline on a wide screen, behind the Filters button (a sheet) on a phone.
      await (
        width < 640
          ? page.getByRole('button', { name: 'Filters' })
          : page.getByRole('combobox', { name: 'Subject', exact: true })
      ).waitFor();
      expect((await first.boundingBox())!.y, `first card at ${width}px`).toBe(before);
      // Every card's Detail is on the row of its Download.
      const rows = await cards(page).evaluateAll((els) =>
        els.map((card) => {
          const top = (label: string) =>
            Array.from(card.querySelectorAll('a, button'))
              .find((e) => e.textContent?.trim() === label)!
              .getBoundingClientRect().top;
          return top('Detail') - top('Download');
        }),
      );
      expect(new Set(rows), `Detail beside Download at ${width}px`).toEqual(new Set([0]));
      await page.close();
    }
  });

  it('keyboard: focus stays on Like and on a cleared filter, and every focus ring is visible', async () => {
    const page = await signedIn();
    await openBrowse(page);
    const note = [...approved].sort(byNewest)[PAGE_SIZE - 5]!;
    const like = page.locator(`article[data-note-id="${note.id}"] [data-action="like"]`);
    await eventually(() => like.getAttribute('aria-pressed')).not.toBeNull();
    const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
    await like.focus();
    await page.keyboard.press('Enter');
    await eventually(() => like.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => like.getAttribute('aria-busy')).toBeNull();
    expect(await focused(like)).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(await focused(like)).toBe(true);
    // The ring is at least 3:1 against what is behind it.
    const ring = await coloursOf(like);
    expect(ring.outlineStyle).not.toBe('none');
    expect(contrastRatio(ring.outline, ring.around)).toBeGreaterThanOrEqual(3);

    // Clearing the Subject filter from the keyboard leaves focus on the filter, not the page.
    await pickFilter(page, 'Subject', note.data.subjectName);
    const subject = page.getByRole('combobox', { name: 'Subject', exact: true });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    const clear = page.getByRole('button', { name: 'Clear Subject' });
    expect(await focused(clear)).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => subject.inputValue()).toBe('');
    expect(await focused(subject)).toBe(true);
    expect(await subject.getAttribute('aria-expanded')).toBe('false');

    // Links and buttons of the page: their focus rings are 3:1 or more.
    for (const target of [
      page.locator(`article[data-note-id="${note.id}"]`).getByRole('link', { name: 'Detail' }),
      page.getByRole('button', { name: 'Download' }).first(),
    ]) {
      await target.focus();
      const c = await coloursOf(target);
      expect(c.outlineStyle).not.toBe('none');
      expect(contrastRatio(c.outline, c.around)).toBeGreaterThanOrEqual(3);
    }
    await page.close();
  });

  it('makes a history entry per filter, sort and comment view: Back steps back through them', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    const newest = ids([...approved].sort(byNewest));
    await expectIds(page, newest.slice(0, PAGE_SIZE));
    const subject = approved[0]!.data.subjectName;
    await pickFilter(page, 'Subject', subject);
    await page.waitForURL((u) => u.searchParams.get('subject') === subject);
    await page.getByLabel('Sort by').selectOption('mostLiked');
    await page.waitForURL((u) => u.searchParams.get('sort') === 'mostLiked');
    const filtered = ids(
      approved.filter((n) => n.data.subjectName === subject).sort(byDesc('likesCount')),
    ).slice(0, PAGE_SIZE);
    await expectIds(page, filtered);

    // The comment view is an entry of its own, with the note in the address.
    const first = filtered[0]!;
    await page.locator(`article[data-note-id="${first}"] [data-action="comments"]`).click();
    await page.waitForURL((u) => u.searchParams.get('comments') === first);
    const view = page.getByTestId('note-comments-view');
    await view.waitFor();
    // A reload keeps it open.
    await page.reload();
    await view.waitFor();
    await page.goBack();
    await view.waitFor({ state: 'detached' });
    await expectIds(page, filtered);

    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('sort') === null);
    expect(new URL(page.url()).searchParams.get('subject')).toBe(subject);
    await page.goBack();
    await page.waitForURL((u) => u.search === '');
    await expectIds(page, newest.slice(0, PAGE_SIZE));
    expect(new URL(page.url()).pathname).toBe('/browse');
    await page.close();
  });

  it('sends a signed-out visitor to /sign-in from Download and like', async () => {
    const page = await newPage(browser, stack);
    await openBrowse(page);
    await cards(page).first().getByRole('button', { name: 'Download' }).click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await openBrowse(page);
    await cards(page).first().locator('[data-action="like"]').click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await page.close();
  });

  it('likes and unlikes from a card (like document + likesCount in one batch)', async () => {
    const note = [...approved].sort(byNewest)[PAGE_SIZE - 1]!;
    const page = await signedIn();
    await openBrowse(page);
    const card = page.locator(`article[data-note-id="${note.id}"]`);
    const like = card.locator('[data-action="like"]');
    const count = card.locator('[data-count="likes"]');
    const before = Number(await count.textContent());
    expect(before).toBe((await db.doc(`notes/${note.id}`).get()).get('likesCount'));

    await like.click();
    await eventually(() => count.textContent()).toBe(String(before + 1));
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect((await db.doc(`notes/${note.id}/likes/${studentUid}`).get()).exists).toBe(true);
    expect((await db.doc(`notes/${note.id}`).get()).get('likesCount')).toBe(before + 1);

    // Still liked after a reload (the page reads the reader's likes of its notes), then unliked.
    await page.reload();
    await eventually(() => count.textContent()).toBe(String(before + 1));
    await eventually(() => like.getAttribute('aria-pressed')).toBe('true');
    // Notes the reader did not like read as not liked.
    const other = page
      .locator(`article[data-note-id]:not([data-note-id="${note.id}"])`)
      .first()
      .locator('[data-action="like"]');
    await eventually(() => other.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await eventually(() => count.textContent()).toBe(String(before));
    expect((await db.doc(`notes/${note.id}/likes/${studentUid}`).get()).exists).toBe(false);
    expect((await db.doc(`notes/${note.id}`).get()).get('likesCount')).toBe(before);
    await page.close();
  });

  it('downloads the file and counts one download per reader per day', async () => {
    const note = [...approved].sort(byNewest)[PAGE_SIZE - 2]!;
    const ref = db.doc(`notes/${note.id}`);
    const before = (await ref.get()).get('downloadCount') as number;
    const page = await signedIn();
    await openBrowse(page);
    const saved = page.waitForEvent('download');
    await page
      .locator(`article[data-note-id="${note.id}"]`)
      .getByRole('button', { name: 'Download' })
      .click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(note.data.fileName);
    await eventually(async () => (await ref.get()).get('downloadCount')).toBe(before + 1);
    const marker = db.doc(`notes/${note.id}/downloads/${studentUid}`);
    expect((await marker.get()).get('uid')).toBe(studentUid);
    // A second download the same day saves the file again but is not counted again.
    const again = page.waitForEvent('download');
    await page
      .locator(`article[data-note-id="${note.id}"]`)
      .getByRole('button', { name: 'Download' })
      .click();
    expect((await again).suggestedFilename()).toBe(note.data.fileName);
    await eventually(() =>
      page
        .locator(`article[data-note-id="${note.id}"]`)
        .getByRole('button', { name: 'Download' })
        .getAttribute('aria-busy'),
    ).toBeNull();
    expect((await ref.get()).get('downloadCount')).toBe(before + 1);
    // Counted yesterday: today's first download counts again.
    await marker.update({ at: new Date(Date.now() - 86_400_000) });
    const third = page.waitForEvent('download');
    await page
      .locator(`article[data-note-id="${note.id}"]`)
      .getByRole('button', { name: 'Download' })
      .click();
    await third;
    await eventually(async () => (await ref.get()).get('downloadCount')).toBe(before + 2);
    await page.close();
  });

  it('adds a comment in the inline view; it appears in the list and the counts', async () => {
    const note = [...approved].sort(byNewest)[PAGE_SIZE - 3]!;
    const page = await signedIn();
    await openBrowse(page);
    const card = page.locator(`article[data-note-id="${note.id}"]`);
    const n = Number(await card.locator('[data-count="comments"]').textContent());
    await card.locator('[data-action="comments"]').click();

    const view = page.getByTestId('note-comments-view');
    await view.getByRole('heading', { name: note.data.title }).waitFor();
    await view.getByRole('button', { name: /Back to Notes/ }).waitFor();
    await eventually(() => view.getByRole('heading', { name: /^Comments \(/ }).textContent()).toBe(
      `Comments (${n})`,
    );
    expect(await view.getByText('Add a Comment', { exact: true }).count()).toBe(1);
    if (n === 0) {
      // Shown once the comments have loaded (the heading's count is the note's, known at once).
      await view.getByText('No comments yet. Be the first to comment!').waitFor();
    }

    const text = `Browse e2e comment ${Date.now()}`;
    const box = view.getByPlaceholder('Share your thoughts on these notes...');
    await box.fill(text);
    await view.getByRole('button', { name: 'Submit Comment' }).click();
    const item = view.locator('li[data-comment-id]').filter({ hasText: text });
    await item.waitFor({ timeout: 30_000 });
    const commentId = await item.getAttribute('data-comment-id');
    expect(await item.textContent()).toContain(`User_${commentId!.slice(0, 4)}`);
    expect(await item.locator('time').textContent()).toMatch(/\d/);
    await eventually(() => box.inputValue()).toBe('');
    await eventually(() => view.getByRole('heading', { name: /^Comments \(/ }).textContent()).toBe(
      `Comments (${n + 1})`,
    );
    // Stored by the comment trigger after the write.
    await eventually(async () =>
      (await db.doc(`notes/${note.id}`).get()).get('commentsCount'),
    ).toBe(n + 1);

    await view.getByRole('button', { name: /Back to Notes/ }).click();
    await eventually(() => card.locator('[data-count="comments"]').textContent()).toBe(
      String(n + 1),
    );
    await page.close();
  });

  it('says so when a like or a comment is over the rate limit, and writes nothing', async () => {
    const note = [...approved].sort(byNewest)[PAGE_SIZE - 4]!;
    const ref = db.doc(`notes/${note.id}`);
    const likesBefore = (await ref.get()).get('likesCount') as number;
    // The student has used up this minute's likes and comments (a window that began just now).
    const used = (action: string, count: number) =>
      db
        .doc(`users/${studentUid}/limits/${action}`)
        .set({ windowStart: new Date(), count, at: new Date(), key: 'earlier' });
    await Promise.all([used('like', 30), used('comment', 10)]);
    const page = await signedIn();
    await openBrowse(page);
    const card = page.locator(`article[data-note-id="${note.id}"]`);
    await card.locator('[data-action="like"]').click();
    await page
      .getByRole('alert')
      .filter({ hasText: "You're liking too fast. Please wait a minute and try again." })
      .waitFor();
    expect((await ref.get()).get('likesCount')).toBe(likesBefore);
    expect((await db.doc(`notes/${note.id}/likes/${studentUid}`).get()).exists).toBe(false);

    await card.locator('[data-action="comments"]').click();
    const view = page.getByTestId('note-comments-view');
    const box = view.getByPlaceholder('Share your thoughts on these notes...');
    await box.fill('One too many');
    await view.getByRole('button', { name: 'Submit Comment' }).click();
    await view
      .getByRole('alert')
      .filter({ hasText: "You're commenting too fast. Please wait a minute and try again." })
      .waitFor();
    // The text is kept for later.
    expect(await box.inputValue()).toBe('One too many');
    await Promise.all(
      ['like', 'comment'].map((a) => db.doc(`users/${studentUid}/limits/${a}`).delete()),
    );
    await page.close();
  });

  it("shows a snippet's text as text: the note's markup never becomes the page's", async () => {
    // A note of this file's student, with markup and quotes around a word of its own; no file
    // (its path holds none), so the snippet comes from its title and description.
    const ref = db.collection('notes').doc();
    const word = 'zqxjkescape';
    const base = approved[0]!.data;
    await ref.set({
      title: 'Escaping check',
      description: `Tom & Jerry's "quoted" ${word} <b>bold</b> <img src=x onerror="window.nnInjected=1">`,
      subjectName: 'Zz Escaping Checks',
      courseName: base.courseName,
      collegeName: 'Zz Escaping College',
      semester: base.semester,
      batch: base.batch,
      fileUrl: null,
      fileName: 'none.txt',
      filePath: `notes/${studentUid}/${ref.id}/none.txt`,
      fileType: 'text/plain',
      fileSize: 0,
      uploaderId: studentUid,
      uploaderName: student.username,
      approved: true,
      likesCount: 0,
      downloadCount: 0,
      commentsCount: 0,
      createdAt: Timestamp.fromDate(new Date('2001-01-01T00:00:00Z')),
      updatedAt: Timestamp.fromDate(new Date('2001-01-01T00:00:00Z')),
    });
    const page = await newPage(browser, stack);
    try {
      await openBrowse(page, `?q=${word}`);
      // Indexed by the note trigger: a reload until it is there.
      await expect
        .poll(
          async () => {
            const shown = await shownIds(page);
            if (shown.includes(ref.id)) return shown;
            await page.reload();
            await page.getByRole('heading', { level: 1, name: 'Explore Shared Notes' }).waitFor();
            return shownIds(page);
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toEqual([ref.id]);
      const snippet = page.locator(`article[data-note-id="${ref.id}"] [data-field="snippet"]`);
      expect(await snippet.locator('mark').allTextContents()).toEqual([word]);
      // The server's &quot; &amp; &#39; are shown as the characters they stand for...
      expect(await snippet.textContent()).toContain(`Jerry's "quoted" ${word}`);
      // ...and its &lt;b&gt; as text, never as an element.
      expect(await snippet.locator('*:not(mark)').count()).toBe(0);
      expect(await page.evaluate(() => (window as { nnInjected?: number }).nnInjected)).toBe(
        undefined,
      );
    } finally {
      await page.close();
      await ref.delete();
    }
  });

  it('on a phone (390 x 844) shows the notes first, and the filters work from their sheet', async () => {
    const page = await newPage(browser, stack);
    await page.setViewportSize({ width: 390, height: 844 });
    await openBrowse(page);
    await expectIds(page, ids([...approved].sort(byNewest)).slice(0, PAGE_SIZE));
    const filters = page.getByRole('button', { name: /^Filters/ });
    await eventually(() => filters.isEnabled()).toBe(true);
    // The first card is in view without scrolling: it starts in the top third of the screen.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await cards(page).first().boundingBox())!.y).toBeLessThan(844 / 3);
    // The filters are behind the button until it is pressed.
    expect(await filters.textContent()).toBe('Filters');
    expect(await page.getByRole('combobox', { name: 'Subject', exact: true }).count()).toBe(0);

    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await filters.click();
    await sheet.waitFor();
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const note = approved[0]!;
    await pickFilter(page, 'Subject', note.data.subjectName);
    const bySubject = approved.filter((n) => n.data.subjectName === note.data.subjectName);
    await expectIds(page, ids([...bySubject].sort(byNewest)).slice(0, PAGE_SIZE));
    expect(new URL(page.url()).searchParams.get('subject')).toBe(note.data.subjectName);

    // Escape with a filter's list open closes that list, not the sheet.
    const course = sheet.getByRole('combobox', { name: 'Course', exact: true });
    await course.click();
    await sheet.getByRole('listbox', { name: 'Course' }).waitFor();
    await page.keyboard.press('Escape');
    await eventually(() => course.getAttribute('aria-expanded')).toBe('false');
    expect(await sheet.isVisible()).toBe(true);
    // The next Escape closes the sheet; focus is back on the button, which counts the filter.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await filters.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await filters.textContent()).toBe('Filters (1)');

    // A second filter, then the sheet's close button: two filters, kept in the address.
    await filters.click();
    await sheet.waitFor();
    await pickFilter(page, 'Semester', String(note.data.semester));
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await filters.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await filters.textContent()).toBe('Filters (2)');
    const both = bySubject.filter((n) => n.data.semester === note.data.semester).sort(byNewest);
    await expectIds(page, ids(both).slice(0, PAGE_SIZE));
    await page.reload();
    await eventually(() => filters.textContent()).toBe('Filters (2)');
    await expectIds(page, ids(both).slice(0, PAGE_SIZE));
    await page.close();
  });
});
