/**
 * The facade's search routes (routes/search.ts) on the run's stack, the search index kept by the
 * triggers (services/search-sync.ts): Browse's search by a word inside a note's file, typos,
 * snippets and pages, its filters, sorts and paging, suggestions and filter options; a note's
 * approval, unapproval, deletion and its uploader's rename reaching the index; and, in this
 * process against the same Firestore, what happens when the index is unreachable: 503 for a
 * search while listing still answers, and the backlog caught up once it is back.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getFirestore } from 'firebase-admin/firestore';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withTriggersPaused } from '../../../scripts/lib/stack.mjs';
import { createApp } from '../app.js';
import { adminApp } from '../firebase.js';
import { closeSearchDb, SEARCH_UNAVAILABLE_MESSAGE } from '../services/search-db.js';
import { catchUpSearch, SEARCH_BACKLOG } from '../services/search-sync.js';
import {
  approve,
  createPdfNote,
  directNote,
  makeCast,
  searchFinds,
  searchIds,
  sorted,
  withValue,
  type Cast,
} from '../testing/api-fixtures.js';
import { eventually } from '../testing/stack.js';
import { onNoteChange } from '../triggers/notes.js';

const TAG = 'api-search';
let cast: Cast;
let call: Cast['call'];

beforeAll(async () => {
  cast = await makeCast(TAG, { alice: 'Sia Search', bob: 'Sam Search', admin: 'Admin Search' });
  ({ call } = cast);
});

describe('search', () => {
  it('Browse finds an approved note by a word only inside its PDF, with filters', async () => {
    const secret = 'zymurgy';
    // Its own subject and course: other files' approved notes share the run's stack.
    const noteId = await createPdfNote(cast, `Fermentation science: ${secret} explained`, {
      title: 'Brewing Science Unit 3',
      subjectName: 'Brewing Science',
      courseName: 'M.Tech Brewing',
    });
    // Pending: in the index (the admin search finds it by its file's word), not for readers.
    await searchFinds(cast, secret, noteId, { admin: true });
    const optionsBefore = (await call('GET', '/api/filter-options')).body as {
      subjects: string[];
      semesters: number[];
      colleges: string[];
    };
    expect(await searchIds(cast, secret)).toEqual([]);
    await approve(cast, noteId);
    // Shown at once on approval (setVisibility before anything else of the trigger).
    await searchFinds(cast, secret, noteId);
    const hit = await call('GET', `/notes?search=${secret.toUpperCase()}`);
    expect(hit.body).toMatchObject({ success: true, total: 1, nextCursor: null });
    expect(hit.body.notes).toHaveLength(1);
    // The note as indexed (its card), plus where it matched: the snippet marks the word, page 1.
    expect(hit.body.notes[0]).toMatchObject({
      _id: noteId,
      title: 'Brewing Science Unit 3',
      approved: true,
      page: 1,
    });
    expect(hit.body.notes[0].snippet).toContain(`<mark>${secret}</mark>`);
    // Through Hosting, a search says where its time went (the index, then the read-back of hits
    // without a card: the search bench prints them); a list without one has no such steps.
    const timed = await fetch(cast.stack.url(`/api/notes?search=${secret}`));
    expect(timed.headers.get('server-timing')).toMatch(/^search;dur=[\d.]+, read;dur=[\d.]+$/);
    const listed = await fetch(cast.stack.url('/api/notes?limit=1'));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('server-timing')).toBeNull();
    // A one-letter typo of a 7-letter word finds it.
    expect(await searchIds(cast, 'zymurgi ')).toEqual([noteId]);
    // Every word, the last one as a prefix (being typed), with filters in the same query.
    expect(
      (
        await call(
          'GET',
          '/api/notes?search=fermentation%20zymu&subject=Brewing%20Science&semester=3',
        )
      ).body.notes,
    ).toHaveLength(1);
    expect((await call('GET', '/api/notes?search=zymurgy&semester=4')).body.notes).toHaveLength(0);
    expect((await call('GET', '/api/notes?search=zymurgy&college=Other')).body.notes).toHaveLength(
      0,
    );
    expect((await call('GET', '/api/notes?course=M.Tech%20Brewing')).body.notes).toHaveLength(1);
    expect((await call('GET', '/api/notes?search=zymurgy%20chemistry')).body.notes).toHaveLength(0);
    expect((await call('GET', `/notes?search=${noteId}`)).body.notes[0]._id).toBe(noteId);
    expect((await call('GET', '/api/notes?semester=nine')).status).toBe(400);
    expect((await call('GET', '/api/notes?sort=random')).status).toBe(400);
    // The engine's own refusals are 400 with its message (a cursor it did not make).
    expect(await call('GET', '/api/notes?search=zymurgy&cursor=nonsense')).toMatchObject({
      status: 400,
      body: { success: false, message: 'Invalid cursor' },
    });
    const sugg = await call('GET', '/search-suggestions?query=brewi');
    expect(sugg.body).toEqual({
      success: true,
      // Titles, subjects and courses whose words start with it.
      suggestions: ['Brewing Science Unit 3', 'Brewing Science', 'M.Tech Brewing'],
    });
    expect((await call('GET', '/api/search-suggestions?q=o')).body.suggestions).toEqual([]);
    const options = await eventually(
      () => call('GET', '/api/filter-options'),
      (o) => o.body.subjects.includes('Brewing Science'),
      { what: 'the subject in the filter options' },
    );
    // What was there and ours, in order. Other files approve notes on the run's stack meanwhile
    // (one added "Fixture Studies" between the two reads once): theirs may be there too.
    const added: [string, (string | number)[]][] = [
      ['subjects', withValue(optionsBefore.subjects, 'Brewing Science')],
      ['semesters', withValue(optionsBefore.semesters, 3)],
      ['colleges', withValue(optionsBefore.colleges, 'IIT Delhi')],
    ];
    for (const [key, want] of added) {
      const got = options.body[key] as (string | number)[];
      expect(got, key).toEqual(expect.arrayContaining(want));
      expect(got, key).toEqual(sorted(got));
    }
  });

  it('pages a search with its cursor, sorts on request, and offers a correction', async () => {
    const word = 'quillwort';
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      made.push(await createPdfNote(cast, `Ferns and ${word} part ${n}`, { title: `Ferns ${n}` }));
    }
    for (const id of made) await approve(cast, id);
    await eventually(
      () => searchIds(cast, word),
      (list) => made.every((id) => list.includes(id)),
      { what: `the three ${word} notes` },
    );
    const first = await call('GET', `/api/notes?search=${word}&limit=2&sort=createdAt`);
    expect(first.body).toMatchObject({ success: true, total: 3 });
    // Newest first, as asked.
    expect(first.body.notes.map((n: { _id: string }) => n._id)).toEqual([made[2], made[1]]);
    expect(typeof first.body.nextCursor).toBe('string');
    const second = await call(
      'GET',
      `/api/notes?search=${word}&limit=2&sort=createdAt&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.notes.map((n: { _id: string }) => n._id)).toEqual([made[0]]);
    expect(second.body.nextCursor).toBeNull();
    // Nothing matches two typos away; the answer says what would.
    const miss = await call('GET', `/api/notes?search=quilwortt%20`);
    expect(miss.body).toMatchObject({ success: true, notes: [], total: 0, didYouMean: word });
  });

  it('a reader’s search shows each note as the index keeps it; one kept without is read back', async () => {
    const word = 'wolffia';
    // Bob's: the other tests' notes use up alice's uploads of the minute.
    const noteId = await createPdfNote(
      cast,
      `Duckweed: ${word} is the smallest`,
      { title: 'Aquatic Plants' },
      cast.bob,
    );
    await approve(cast, noteId);
    await searchFinds(cast, word, noteId);
    const shown = async () =>
      ((await call('GET', `/api/notes?search=${word}`)).body.notes as Record<string, unknown>[])[0];
    // A comment is in what the card shows: the trigger writes it to the index.
    const commented = await call('POST', `/api/notes/${noteId}/comment`, {
      token: cast.alice.token,
      json: { text: 'Very clear, thanks' },
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    await eventually(shown, (n) => n?.['commentsCount'] === 1, {
      what: "the comment count in a reader's search",
    });
    // Renamed in Firestore with the triggers paused: the index is not told.
    const db = getFirestore(adminApp());
    const { searchDatabaseUrl, host } = inject('emulatorStack');
    await withTriggersPaused(host, () =>
      db.doc(`notes/${noteId}`).update({ title: 'Aquatic Plants, renamed' }),
    );
    // The reader's answer is the index's alone (no Firestore read): the title it was indexed with,
    // with its snippet and page; the admin's list reads Firestore, which has the last word.
    expect(await shown()).toMatchObject({ _id: noteId, title: 'Aquatic Plants', page: 1 });
    expect((await shown())?.['snippet']).toContain(`<mark>${word}</mark>`);
    const admin = await call('GET', `/api/admin/notes?search=${word}`, { token: cast.admin.token });
    expect(admin.body).toEqual([expect.objectContaining({ title: 'Aquatic Plants, renamed' })]);
    // A row without a card (indexed before the index kept them): that note is read back.
    const pool = new pg.Pool({ connectionString: searchDatabaseUrl, max: 1 });
    try {
      await pool.query('DELETE FROM search_cards WHERE id = $1', [noteId]);
    } finally {
      await pool.end();
    }
    expect(await shown()).toMatchObject({ _id: noteId, title: 'Aquatic Plants, renamed', page: 1 });
    expect((await shown())?.['snippet']).toContain(`<mark>${word}</mark>`);
    await call('DELETE', `/api/uploading/delete/${noteId}`, { token: cast.bob.token });
  });

  it('unapproval hides a note, its uploader’s rename re-indexes it, deletion removes it', async () => {
    const word = 'xerophyte';
    const noteId = await createPdfNote(cast, `Desert plants: ${word}`, { title: 'Desert Botany' });
    await approve(cast, noteId);
    await searchFinds(cast, word, noteId);
    // Back to pending: hidden from readers, still the admin's.
    const review = await call('PUT', `/api/admin/notes/${noteId}/review`, {
      token: cast.admin.token,
      json: { approved: false },
    });
    expect(review.status).toBe(200);
    await searchFinds(cast, word, noteId, { found: false });
    expect(await searchIds(cast, word, { admin: true })).toContain(noteId);
    // Pending only, for the review list's search: the index has the note as pending (the
    // reader's search above no longer lists it), and the list keeps the hits Firestore agrees on.
    const pending = await eventually(
      async () =>
        (
          await call('GET', `/api/admin/notes/pending?search=${word}`, {
            token: cast.admin.token,
          })
        ).body as { _id: string }[],
      (list) => list.length > 0,
      { what: `the pending list's search for "${word}"` },
    );
    expect(pending.map((n) => n._id)).toEqual([noteId]);

    const renamed = `Sia Renamed ${Date.now() % 100000}`;
    const form = new FormData();
    form.set('username', renamed);
    const update = await call('POST', `/api/user/update/${cast.alice.uid}`, {
      token: cast.alice.token,
      form,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    await searchFinds(cast, renamed, noteId, { admin: true });

    const del = await call('DELETE', `/api/uploading/delete/${noteId}`, {
      token: cast.alice.token,
    });
    expect(del.status).toBe(200);
    await searchFinds(cast, word, noteId, { admin: true, found: false });
  });
});

describe('when the search index is unreachable', () => {
  const { host, searchDatabaseUrl } = inject('emulatorStack');
  const servers: Server[] = [];
  let base: string;
  let closedUrl: string;

  /** Points this process's search client at `url` (a fresh client: the old one is closed). */
  async function useSearchDb(url: string) {
    await closeSearchDb();
    process.env['SEARCH_DATABASE_URL'] = url;
  }

  beforeAll(async () => {
    // A port nothing listens on: a server opened and closed at once.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    closedUrl = `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
    // The facade in this process, on the stack's Firestore (no tokens needed here).
    const app = createApp({
      pingFirestore: async () => {},
      verifier: { verify: () => Promise.reject(new Error('no tokens here')) },
    });
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeSearchDb();
    delete process.env['SEARCH_DATABASE_URL'];
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  });

  it('a search answers 503 with a message; listing without a search still answers', async () => {
    await useSearchDb(closedUrl);
    const res = await fetch(`${base}/api/notes?search=zymurgy`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, message: SEARCH_UNAVAILABLE_MESSAGE });
    const sugg = await fetch(`${base}/api/search-suggestions?query=brewing`);
    expect(sugg.status).toBe(503);
    const list = await fetch(`${base}/api/notes?limit=5`);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { success: boolean; notes: unknown[] };
    expect(body.success).toBe(true);
    expect(body.notes.length).toBeGreaterThan(0);
  });

  it('a note written while the index is down goes to the backlog, and the catch-up indexes it', async () => {
    const db = getFirestore(adminApp());
    const ref = db.collection('notes').doc();
    const word = `backlogword${Date.now() % 1_000_000}`;
    const note = directNote(
      { uid: cast.bob.uid, username: 'Sam Search' },
      { title: `Caught up ${word}`, subjectName: 'Backlog Studies' },
    );
    // The stack's own trigger would index it at once: paused while the note is written and its
    // change handled here, by the trigger's handler, with the index unreachable.
    await useSearchDb(closedUrl);
    await withTriggersPaused(host, async () => {
      await ref.set(note);
      const after = (await ref.get()).data();
      await expect(onNoteChange(ref.id, { before: undefined, after })).rejects.toThrow();
    });
    expect((await db.doc(`${SEARCH_BACKLOG}/${ref.id}`).get()).get('noteId')).toBe(ref.id);
    expect(await searchIds(cast, word, { admin: true })).not.toContain(ref.id);

    // Back: the scheduled catch-up's handler indexes it and clears its entry.
    await useSearchDb(searchDatabaseUrl);
    const { indexed } = await catchUpSearch();
    expect(indexed).toBeGreaterThanOrEqual(1);
    expect((await db.doc(`${SEARCH_BACKLOG}/${ref.id}`).get()).exists).toBe(false);
    expect(await searchIds(cast, word, { admin: true })).toContain(ref.id);
    await ref.delete();
  });
});
