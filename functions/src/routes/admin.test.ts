/**
 * Admin routes (claim required, stats from aggregations, role change effective on the next token)
 * and cascade deletes counted across every collection and Storage. In the `via-emulators` project
 * the stack holds the demo data too: counts and lists are checked against what was there before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { adminApp, bucketName } from '../firebase.js';
import {
  client,
  createAccount,
  makePdf,
  signIn,
  startStack,
  type Account,
  type Stack,
  eventually,
  settles,
} from '../testing/stack.js';

const TAG = 'adm';
let stack: Stack;
let call: ReturnType<typeof client>;
let admin: Account;
let ann: Account;
let ben: Account;
let cy: Account;
const db = () => getFirestore(adminApp());
/** What was there before this file's accounts and notes (the demo data, or nothing). */
let before: {
  users: number;
  notes: number;
  pending: string[];
  downloads: number;
  maxDownloads: number;
  christ: string[];
  colleges: string[];
};

async function approvedColleges(): Promise<string[]> {
  const snap = await db().collection('notes').where('approved', '==', true).get();
  return [...new Set(snap.docs.map((d) => d.get('collegeName') as string))];
}
/** Distinct colleges sorted as meta/filterOptions sorts them. */
const colleges = (...lists: string[][]) =>
  [...new Set(lists.flat())].sort((a, b) => a.localeCompare(b, 'en'));

async function upload(acc: Account, title: string, college: string, word: string): Promise<string> {
  const form = new FormData();
  const fields = {
    title,
    description: '',
    collegeName: college,
    courseName: 'BBA',
    subjectName: 'Marketing',
    batch: '2023-2027',
    semester: '2',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(await makePdf([word]))]), `${word}.pdf`);
  const r = await call('POST', '/api/uploading/create', { token: acc.token, form });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.note._id;
}

/** Every document of every collection, by path. */
async function everything(): Promise<string[]> {
  const paths: string[] = [];
  for (const col of ['users', 'notes', 'meta'])
    for (const d of (await db().collection(col).get()).docs) paths.push(d.ref.path);
  for (const group of ['comments', 'likes', 'downloads', 'files', 'saved', 'limits'])
    for (const d of (await db().collectionGroup(group).get()).docs) paths.push(d.ref.path);
  return paths;
}
async function objects(): Promise<string[]> {
  const [files] = await getStorage(adminApp()).bucket(bucketName()).getFiles();
  return files.map((f) => f.name);
}

beforeAll(async () => {
  stack = await startStack();
  call = client(stack);
  const notes = (await db().collection('notes').get()).docs;
  before = {
    users: (await db().collection('users').count().get()).data().count,
    notes: notes.length,
    pending: notes.filter((d) => d.get('approved') === false).map((d) => d.id),
    downloads: notes.reduce((sum, d) => sum + ((d.get('downloadCount') as number) ?? 0), 0),
    maxDownloads: Math.max(0, ...notes.map((d) => (d.get('downloadCount') as number) ?? 0)),
    christ: notes.filter((d) => d.get('collegeName') === 'Christ University').map((d) => d.id),
    colleges: await approvedColleges(),
  };
  [admin, ann, ben, cy] = await Promise.all([
    createAccount(stack, TAG, 'Root Admin'),
    createAccount(stack, TAG, 'Ann'),
    createAccount(stack, TAG, 'Ben'),
    createAccount(stack, TAG, 'Cy'),
  ]);
  await getAuth(adminApp()).setCustomUserClaims(admin.uid, { role: 'admin' });
  await db().doc(`users/${admin.uid}`).update({ role: 'admin' });
  admin.token = (await signIn(stack.authHost, admin.email, admin.password)).token;
});

afterAll(async () => {
  await stack?.stop();
});

describe('admin access', () => {
  it.each([
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/abc'],
    ['DELETE', '/api/admin/users/abc'],
    ['GET', '/api/admin/notes'],
    ['DELETE', '/admin/notes/abc'],
    ['PUT', '/admin/notes/abc/review'],
    ['GET', '/admin/notes/pending'],
    ['GET', '/admin/notes/college/X%20Y'],
  ])('%s %s: 401 signed out, 403 for a student', async (method, path) => {
    expect(await call(method, path)).toEqual({
      status: 401,
      body: { success: false, message: 'Please sign in to continue' },
    });
    expect(
      await call(method, path, { token: ann.token, ...(method === 'GET' ? {} : { json: {} }) }),
    ).toEqual({
      status: 403,
      body: { success: false, message: 'Admin access required' },
    });
  });
});

describe('admin operations', () => {
  let n1: string;
  let n2: string;
  let n3: string;

  it('stats come from aggregations and match the data', async () => {
    n1 = await upload(ann, 'Brand Strategy', 'Christ University', 'segmentation');
    n2 = await upload(ann, 'Pricing Models', 'Christ University', 'elasticity');
    n3 = await upload(ben, 'Retail Channels', 'NMIMS', 'omnichannel');
    // Above every note there was, so these three are the most downloaded.
    const top = before.maxDownloads;
    await db()
      .doc(`notes/${n1}`)
      .update({ downloadCount: top + 7 });
    await db()
      .doc(`notes/${n3}`)
      .update({ downloadCount: top + 3 });
    await db()
      .doc(`notes/${n2}`)
      .update({ downloadCount: top + 1 });
    const r = await call('GET', '/api/admin/stats', { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      totalUsers: before.users + 4,
      totalNotes: before.notes + 3,
      pendingApprovals: before.pending.length + 3,
      totalDownloads: before.downloads + 3 * top + 11,
    });
    const mostDownloaded = r.body.mostDownloadedNotes.map((n: { _id: string }) => n._id);
    expect(mostDownloaded).toHaveLength(Math.min(5, before.notes + 3));
    expect(mostDownloaded.slice(0, 3)).toEqual([n1, n3, n2]);
    expect(r.body.mostDownloadedNotes[0].uploader.username).toBe('Ann');
  });

  it('lists users, notes, pending and a college; review approves and sets back to pending', async () => {
    // notesCount is the note trigger's: wait for it.
    const annOf = (list: { _id: string; notesCount?: number }[]) =>
      list.find((u) => u._id === ann.uid);
    const users = await eventually(
      () => call('GET', '/api/admin/users', { token: admin.token }),
      (r) => annOf(r.body)?.notesCount === 2,
      // The note trigger now also reads each file and indexes it; with both test lanes busy its
      // queue took over 60 s once.
      { what: "Ann's notesCount 2", timeoutMs: 150_000 },
    );
    expect(users.body).toHaveLength(before.users + 4);
    expect(annOf(users.body)).toMatchObject({
      username: 'Ann',
      role: 'user',
      notesCount: 2,
    });
    expect((await call('GET', '/api/admin/notes', { token: admin.token })).body).toHaveLength(
      before.notes + 3,
    );
    const ok = await call('PUT', `/api/admin/notes/${n1}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    expect(ok.body).toMatchObject({ success: true, _id: n1, approved: true });
    expect(
      (
        await call('PUT', `/api/admin/notes/${n1}/review`, {
          token: admin.token,
          json: { approved: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/admin/notes/nope1234/review', {
          token: admin.token,
          json: { approved: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('GET', '/api/admin/notes/pending', { token: admin.token })).body
        .map((n: { _id: string }) => n._id)
        .sort(),
    ).toEqual([...before.pending, n2, n3].sort());
    const college = await call(
      'GET',
      `/api/admin/notes/college/${encodeURIComponent('Christ University')}`,
      { token: admin.token },
    );
    expect(college.body.map((n: { _id: string }) => n._id).sort()).toEqual(
      [...before.christ, n1, n2].sort(),
    );
    await settles(
      async () => (await db().doc('meta/filterOptions').get()).get('colleges'),
      colleges(before.colleges, ['Christ University']),
    );
    await call('PUT', `/api/admin/notes/${n3}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    await settles(
      async () => (await db().doc('meta/filterOptions').get()).get('colleges'),
      colleges(before.colleges, ['Christ University', 'NMIMS']),
    );
    const back = await call('PUT', `/admin/notes/${n3}/review`, {
      token: admin.token,
      json: { approved: false },
    });
    expect(back.body.approved).toBe(false);
    await settles(
      async () => (await db().doc('meta/filterOptions').get()).get('colleges'),
      colleges(before.colleges, ['Christ University']),
    );
    expect(
      (await call('GET', '/api/admin/stats', { token: admin.token })).body.pendingApprovals,
    ).toBe(before.pending.length + 2);
  }, 180_000);

  it('a note set back to pending gets a new file link: links shared while approved stop working', async () => {
    // The admin's own upload, deleted at the end: the other tests count Ann's, Ben's and Cy's.
    const id = await upload(admin, 'Link Reach', 'NMIMS', 'tokenword');
    const fetchStatus = async (url: string) => (await fetch(url)).status;
    const pendingUrl = (await db().doc(`notes/${id}`).get()).get('fileUrl') as string;
    await call('PUT', `/api/admin/notes/${id}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    const publicUrl = (await db().doc(`notes/${id}`).get()).get('fileUrl') as string;
    // Approving publishes the link the note already had.
    expect(publicUrl).toBe(pendingUrl);
    expect(await fetchStatus(publicUrl)).toBe(200);
    await call('PUT', `/api/admin/notes/${id}/review`, {
      token: admin.token,
      json: { approved: false },
    });
    const fresh = await eventually(
      async () => (await db().doc(`notes/${id}`).get()).get('fileUrl') as string,
      (url) => url !== publicUrl,
      { what: 'a new fileUrl once pending' },
    );
    expect(await fetchStatus(publicUrl)).toBe(403);
    expect(await fetchStatus(fresh)).toBe(200);
    expect(new URL(fresh).pathname).toBe(new URL(publicUrl).pathname);
    expect((await call('DELETE', `/api/admin/notes/${id}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('an approval stamps approvedAt (the trigger fills one in when missing); pending keeps it; approving again moves it', async () => {
    // The admin's own upload, deleted at the end: the other tests count Ann's, Ben's and Cy's.
    const id = await upload(admin, 'Approval Time', 'NMIMS', 'approvaltime');
    const ref = db().doc(`notes/${id}`);
    const approvedAt = async () => (await ref.get()).get('approvedAt') as Timestamp | undefined;
    const createdAt = (await ref.get()).get('createdAt') as Timestamp;
    expect(await approvedAt()).toBeUndefined();
    // Approved without it (an admin-SDK write, as older data was): the note trigger adds it.
    await ref.update({ approved: true });
    const filled = await eventually(approvedAt, (t) => t !== undefined, {
      what: "the trigger's approvedAt",
      timeoutMs: 150_000,
    });
    expect(filled!.toMillis()).toBeGreaterThanOrEqual(createdAt.toMillis());
    const review = (approved: boolean) =>
      call('PUT', `/api/admin/notes/${id}/review`, { token: admin.token, json: { approved } });
    expect((await review(false)).status).toBe(200);
    expect((await approvedAt())?.isEqual(filled!)).toBe(true);
    expect((await review(true)).status).toBe(200);
    const again = await approvedAt();
    expect(again!.toMillis()).toBeGreaterThan(filled!.toMillis());
    expect((await call('DELETE', `/api/admin/notes/${id}`, { token: admin.token })).status).toBe(
      200,
    );
  }, 180_000);

  it('a role change sets the claim (effective on the next token) and the profile mirror', async () => {
    const bad = await call('PUT', `/api/admin/users/${cy.uid}`, {
      token: admin.token,
      json: { username: 'Cy', email: cy.email, role: 'root' },
    });
    expect(bad).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'Role must be user or admin',
        errors: ['body.role: Role must be user or admin'],
      },
    });
    const r = await call('PUT', `/api/admin/users/${cy.uid}`, {
      token: admin.token,
      json: { username: 'Cyrus', email: cy.email, role: 'admin' },
    });
    expect(r.body).toMatchObject({ success: true, _id: cy.uid, username: 'Cyrus', role: 'admin' });
    // The old token still says student; the next one says admin.
    expect((await call('GET', '/api/admin/stats', { token: cy.token })).status).toBe(403);
    const next = await signIn(stack.authHost, cy.email, cy.password);
    expect(next.claims['role']).toBe('admin');
    expect((await call('GET', '/api/admin/stats', { token: next.token })).status).toBe(200);
    const down = await call('PUT', `/api/admin/users/${cy.uid}`, {
      token: admin.token,
      json: { username: 'Cyrus', email: cy.email, role: 'user' },
    });
    expect(down.body.role).toBe('user');
    // At once: the admin token issued before the demotion no longer passes (refused as revoked,
    // or, within the second of the revocation, as not an admin by the profile).
    expect([401, 403]).toContain(
      (await call('GET', '/api/admin/stats', { token: next.token })).status,
    );
    // Every session was revoked: the next sign-in gives a token without the claim.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await signIn(stack.authHost, cy.email, cy.password);
    expect(again.claims['role']).toBeUndefined();
    cy.token = again.token;
    await settles(async () => (await db().doc(`users/${cy.uid}`).get()).get('role'), 'user');
    const self = await call('PUT', `/api/admin/users/${admin.uid}`, {
      token: admin.token,
      json: { username: 'Root', email: admin.email, role: 'user' },
    });
    expect(self.status).toBe(400);
    const taken = await call('PUT', `/api/admin/users/${cy.uid}`, {
      token: admin.token,
      json: { username: 'Cy', email: ann.email, role: 'user' },
    });
    expect(taken.status).toBe(409);
  });
});

describe('paged lists (issue 18)', () => {
  /** A list page: its items and the X-Next-Cursor header. */
  async function listPage(path: string): Promise<{
    items: { _id?: string; id?: string; name?: string }[];
    next: string | null;
    status: number;
  }> {
    const res = await fetch(stack.url(path), {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const body = (await res.json()) as never;
    return { items: body, next: res.headers.get('x-next-cursor'), status: res.status };
  }

  it('notes and users come a page at a time, newest first, with a cursor to the next page', async () => {
    const all = (await db().collection('notes').orderBy('createdAt', 'desc').get()).docs.map(
      (d) => d.id,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listPage(`/api/admin/notes?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items.map((n) => n._id!));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all);
    const users = await listPage('/api/admin/users?limit=3');
    expect(users.items).toHaveLength(3);
    expect(users.next).toBe(users.items[2]!._id);
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'cursor=__x__'])
      expect((await listPage(`/api/admin/notes?${bad}`)).status).toBe(400);
  });

  it('searches users by words of username or email and notes by uploader, on the server', async () => {
    const users = await eventually(
      () => listPage(`/api/admin/users?search=${encodeURIComponent(cy.email.toUpperCase())}`),
      (p) => p.items.length === 1,
      { what: 'Cy found by email (the profile trigger indexes it)' },
    );
    expect(users.items[0]!._id).toBe(cy.uid);
    // Ann's uploads are found by her username (a word of the note's uploader).
    const anns = (await db().collection('notes').where('uploaderId', '==', ann.uid).get()).docs;
    const found = await eventually(
      () => listPage('/api/admin/notes?search=ann'),
      (p) => anns.every((d) => p.items.some((n) => n._id === d.id)),
      { what: "Ann's notes found by her name" },
    );
    expect(found.items.length).toBeGreaterThanOrEqual(anns.length);
  });

  it('colleges come with figures kept by the note trigger, searchable by the start of the name', async () => {
    const figures = async () => {
      const notes = (
        await db().collection('notes').where('collegeName', '==', 'Christ University').get()
      ).docs;
      const approved = notes.filter((d) => d.get('approved') === true).length;
      return {
        name: 'Christ University',
        totalNotes: notes.length,
        approved,
        pending: notes.length - approved,
        downloads: notes.reduce((s, d) => s + ((d.get('downloadCount') as number) ?? 0), 0),
      };
    };
    const want = await figures();
    const page = await eventually(
      () => listPage('/api/admin/colleges?search=christ'),
      (p) => JSON.stringify(p.items) === JSON.stringify([want]),
      { what: JSON.stringify([want]) },
    );
    expect(page.next).toBeNull();
    expect((await listPage('/api/admin/colleges?search=zz-no-such')).items).toEqual([]);
  });
});

describe('cascade deletes', () => {
  let bens: string;

  it('deleting a note removes comments, likes, saved copies and its file; recounts the uploader', async () => {
    const n = await upload(cy, 'Cy Note', 'IIM Bangalore', 'ephemeral');
    await call('PUT', `/api/admin/notes/${n}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    await call('POST', `/notes/${n}/comment`, { token: ann.token, json: { text: 'nice' } });
    await call('PUT', `/notes/${n}/like`, { token: ann.token });
    await call('POST', `/notes/archive/${n}`, { token: ann.token });
    // The file was read where it landed (its record and thumbnail exist) before the delete.
    await settles(async () => (await db().doc(`notes/${n}`).get()).get('fileStatus'), 'ok');
    // The note, its comment, like, saved copy and file record.
    expect((await everything()).filter((p) => p.includes(n))).toHaveLength(5);
    expect((await objects()).filter((p) => p.includes(n))).toHaveLength(2);
    await settles(async () => (await db().doc(`users/${cy.uid}`).get()).get('notesCount'), 1);

    expect((await call('DELETE', `/api/uploading/delete/${n}`, { token: ann.token })).status).toBe(
      403,
    );
    expect(await call('DELETE', `/api/uploading/delete/${n}`, { token: cy.token })).toEqual({
      status: 200,
      body: { success: true, message: 'Note deleted successfully' },
    });
    expect((await everything()).filter((p) => p.includes(n))).toEqual([]);
    expect((await objects()).filter((p) => p.includes(n))).toEqual([]);
    await settles(async () => (await db().doc(`users/${cy.uid}`).get()).get('notesCount'), 0);
    await eventually(
      async () => (await db().doc('meta/filterOptions').get()).get('colleges') as string[],
      (c) => !c.includes('IIM Bangalore'),
      { what: 'IIM Bangalore gone from the filter options' },
    );
    expect((await call('DELETE', `/api/admin/notes/${n}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('deleting a user leaves nothing of theirs anywhere and fixes the counters', async () => {
    const notes = (
      await db().collection('notes').where('uploaderId', '==', ann.uid).get()
    ).docs.map((d) => d.id);
    expect(notes).toHaveLength(2);
    bens = (await db().collection('notes').where('uploaderId', '==', ben.uid).get()).docs[0]!.id;
    await call('PUT', `/api/admin/notes/${bens}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    // Ann on Ben's note: a comment, a like, a save. Ben on Ann's note: the same.
    await call('POST', `/notes/${bens}/comment`, { token: ann.token, json: { text: 'from ann' } });
    await call('POST', `/notes/${bens}/comment`, { token: cy.token, json: { text: 'from cy' } });
    await call('PUT', `/notes/${bens}/like`, { token: ann.token });
    await call('PUT', `/notes/${bens}/like`, { token: cy.token });
    await call('POST', `/notes/archive/${bens}`, { token: ann.token });
    const annApproved = notes[0]!;
    await call('PUT', `/api/admin/notes/${annApproved}/review`, {
      token: admin.token,
      json: { approved: true },
    });
    await call('POST', `/notes/${annApproved}/comment`, {
      token: ben.token,
      json: { text: 'from ben' },
    });
    await call('PUT', `/notes/${annApproved}/like`, { token: ben.token });
    await call('POST', `/notes/archive/${annApproved}`, { token: ben.token });
    // Ann counted a download of Ben's note (her marker, as the web app writes it).
    await db().doc(`notes/${bens}/downloads/${ann.uid}`).set({ uid: ann.uid, at: new Date() });
    expect((await db().doc('usernames/ann').get()).get('uid')).toBe(ann.uid);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(8)]);
    const form = new FormData();
    form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    expect(
      (await call('POST', `/api/user/update/${ann.uid}`, { token: ann.token, form })).status,
    ).toBe(200);
    expect((await objects()).some((p) => p.startsWith(`avatars/${ann.uid}/`))).toBe(true);

    expect((await call('DELETE', `/api/user/delete/${ann.uid}`, { token: ben.token })).status).toBe(
      403,
    );
    expect(
      await call('DELETE', `/api/admin/users/${ann.uid}`, { token: admin.token }),
    ).toMatchObject({ status: 200, body: { success: true, deletedNotes: 2 } });

    const paths = await everything();
    for (const id of [ann.uid, ...notes]) expect(paths.filter((p) => p.includes(id))).toEqual([]);
    for (const d of (await db().collectionGroup('comments').get()).docs)
      expect(d.get('authorId')).not.toBe(ann.uid);
    const files = await objects();
    expect(files.filter((p) => p.includes(ann.uid))).toEqual([]);
    // Counters on Ben's note equal what is left.
    const ben1 = await eventually(
      async () => (await db().doc(`notes/${bens}`).get()).data()!,
      (d) => d['commentsCount'] === 1,
      { what: "commentsCount 1 on Ben's note" },
    );
    expect(ben1['likesCount']).toBe(1);
    await expect(getAuth(adminApp()).getUser(ann.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // Her username is free again.
    expect((await db().doc('usernames/ann').get()).exists).toBe(false);
    // Ben's saved copy of Ann's note went with the note.
    expect((await db().collection(`users/${ben.uid}/saved`).get()).size).toBe(0);
    expect((await call('GET', '/api/admin/stats', { token: admin.token })).body).toMatchObject({
      totalUsers: before.users + 3,
      totalNotes: before.notes + 1,
    });
    // The old token no longer works.
    expect((await call('GET', `/api/notes/archived/${ann.uid}`, { token: ann.token })).status).toBe(
      401,
    );
  });

  it('a user deletes their own account', async () => {
    const r = await call('DELETE', `/user/delete/${cy.uid}`, { token: cy.token });
    expect(r).toEqual({ status: 200, body: { success: true, message: 'User has been deleted' } });
    expect((await everything()).filter((p) => p.includes(cy.uid))).toEqual([]);
    const ben1 = await eventually(
      async () => (await db().doc(`notes/${bens}`).get()).data()!,
      (d) => d['commentsCount'] === 0,
      { what: "commentsCount 0 on Ben's note" },
    );
    expect(ben1['likesCount']).toBe(0);
  });
});

describe('someone stays able to administer', () => {
  it('the only admin cannot delete their own account; with another admin, an admin can', async () => {
    // The shared stack has other admins (the demo admin): count them out for this check only.
    const others = (await db().collection('users').where('role', '==', 'admin').get()).docs.filter(
      (d) => d.id !== admin.uid,
    );
    await Promise.all(others.map((d) => d.ref.update({ role: 'user' })));
    try {
      const r = await call('DELETE', `/api/user/delete/${admin.uid}`, { token: admin.token });
      expect(r).toEqual({
        status: 409,
        body: {
          success: false,
          message:
            'You are the only admin: make another user an admin before deleting this account',
        },
      });
    } finally {
      await Promise.all(others.map((d) => d.ref.update({ role: 'admin' })));
    }
    expect((await db().doc(`users/${admin.uid}`).get()).exists).toBe(true);

    const dee = await createAccount(stack, TAG, 'Dee Admin');
    await call('PUT', `/api/admin/users/${dee.uid}`, {
      token: admin.token,
      json: { username: 'Dee Admin', email: dee.email, role: 'admin' },
    });
    const fresh = await signIn(stack.authHost, dee.email, dee.password);
    const r = await call('DELETE', `/api/user/delete/${dee.uid}`, { token: fresh.token });
    expect(r.status).toBe(200);
  });
});
