/**
 * What the facade's endpoint tests (src/routes/*.test.ts, src/triggers/*.stack.test.ts) share:
 * their cast of accounts, the upload form, a note written straight to Firestore, and notes made
 * through the facade. Each test file makes its own cast and notes (usernames are unique across
 * the run's one stack, so each file names its own), and no test depends on another's data.
 */
import { noteFixture, noteFormFixture } from '@notenest/shared';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { adminApp } from '../firebase.js';
import {
  client,
  createAccount,
  eventually,
  makePdf,
  signIn,
  startStack,
  type Account,
  type Stack,
} from './stack.js';

export interface Cast {
  stack: Stack;
  call: ReturnType<typeof client>;
  /** The uploader of the file's notes. */
  alice: Account;
  /** Another student. */
  bob: Account;
  /** An admin (the custom claim, and the profile's role). */
  admin: Account;
  tag: string;
}

/** Three accounts of a test file; `tag` keeps their emails apart from other files'. */
export async function makeCast(
  tag: string,
  names: { alice: string; bob: string; admin: string },
): Promise<Cast> {
  const stack = await startStack();
  const [alice, bob, admin] = await Promise.all([
    createAccount(stack, tag, names.alice),
    createAccount(stack, tag, names.bob),
    createAccount(stack, tag, names.admin),
  ]);
  await getAuth(adminApp()).setCustomUserClaims(admin.uid, { role: 'admin' });
  await getFirestore(adminApp()).doc(`users/${admin.uid}`).update({ role: 'admin' });
  admin.token = (await signIn(stack.authHost, admin.email, admin.password)).token;
  return { stack, call: client(stack), alice, bob, admin, tag };
}

/** Distinct values sorted as meta/filterOptions sorts them. */
export function sorted<T extends string | number>(list: T[]): T[] {
  return [...new Set(list)].sort((a, b) =>
    typeof a === 'number' ? a - (b as number) : String(a).localeCompare(String(b), 'en'),
  );
}
export const withValue = <T extends string | number>(list: T[], value: T) =>
  sorted([...list, value]);
export const ids = (notes: { _id: string }[]) => notes.map((n) => n._id);

/** The upload form (multipart) with the spec's fields, `fields` over the defaults. */
export function noteForm(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const form = new FormData();
  const values = noteFormFixture({
    title: 'Compiler Design Unit 3',
    description: 'Parsing and code generation',
    courseName: 'M.Tech CSE',
    subjectName: 'Compiler Design',
    ...fields,
  });
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  if (file)
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? '' }), file.name);
  return form;
}

/**
 * A pending note of `uploader`'s as a client writes it straight to Firestore (no facade), with
 * the fields given; zero counters.
 */
export function directNote(
  uploader: { uid: string; username: string },
  fields: Record<string, unknown>,
) {
  return {
    ...noteFixture(uploader, FieldValue.serverTimestamp(), {
      description: '',
      collegeName: 'NIT Trichy',
      courseName: 'B.Tech Mechanical Engineering',
      batch: '2021-2025',
      semester: 4,
      fileUrl: 'https://example.com/x',
    }),
    ...fields,
  };
}

/** Alice's pending note with a one-page PDF holding `words`; resolves to its id. */
export async function createPdfNote(
  cast: Cast,
  words: string,
  fields: Record<string, string> = {},
  // Another uploader where alice's uploads are used up (the upload rate limit).
  uploader: { token: string } = cast.alice,
): Promise<string> {
  const pdf = await makePdf([words]);
  const r = await cast.call('POST', '/api/uploading/create', {
    token: uploader.token,
    form: noteForm(fields, { name: 'notes.pdf', data: pdf, type: 'application/pdf' }),
  });
  expect(r.status).toBe(201);
  return r.body.note._id as string;
}

/** Alice's note with a file URL (no file to read), approved by the admin; resolves to its id. */
export async function createApprovedNote(
  cast: Cast,
  fields: Record<string, string> = {},
  // Another uploader where a file has used up alice's uploads (the upload rate limit).
  uploader: { token: string } = cast.alice,
): Promise<string> {
  const r = await cast.call('POST', '/api/uploading/create', {
    token: uploader.token,
    // Fields of its own, so that no other file's search or filter counts it.
    form: noteForm({
      subjectName: 'Fixture Studies',
      courseName: 'B.Sc Fixtures',
      fileUrl: 'https://example.com/n.pdf',
      fileName: 'n.pdf',
      ...fields,
    }),
  });
  expect(r.status).toBe(201);
  const noteId = r.body.note._id as string;
  await approve(cast, noteId);
  return noteId;
}

export async function approve(cast: Cast, noteId: string): Promise<void> {
  const review = await cast.call('PUT', `/api/admin/notes/${noteId}/review`, {
    token: cast.admin.token,
    json: { approved: true },
  });
  expect(review.body).toMatchObject({ success: true, _id: noteId, approved: true });
}

/**
 * The ids of the notes a search finds: a reader's Browse search (GET /api/notes?search=), or with
 * `admin` the admin notes search (pending notes too).
 */
export async function searchIds(cast: Cast, q: string, { admin = false } = {}): Promise<string[]> {
  const query = encodeURIComponent(q);
  const r = admin
    ? await cast.call('GET', `/api/admin/notes?search=${query}`, { token: cast.admin.token })
    : await cast.call('GET', `/api/notes?search=${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return ids(admin ? r.body : r.body.notes);
}

/**
 * Waits until a search for `q` finds note `noteId` (`found: false`: until it no longer does):
 * the index follows Firestore through the triggers, a moment after the write.
 */
export function searchFinds(
  cast: Cast,
  q: string,
  noteId: string,
  { admin = false, found = true } = {},
): Promise<string[]> {
  return eventually(
    () => searchIds(cast, q, { admin }),
    (list) => list.includes(noteId) === found,
    {
      what: `${admin ? 'the admin' : 'a reader'}'s search for "${q}" ${found ? '' : 'not '}finding ${noteId}`,
    },
  );
}
