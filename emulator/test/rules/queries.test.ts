/**
 * "Rules are not filters" end to end: a query (or listener) is allowed only when its own
 * constraints guarantee the rule for every document it could return, whether or not such
 * documents exist. Also request.query.limit / offset / orderBy, aggregations, collection groups
 * and get() driven by an equality constraint. Each allowed query has a denied twin that differs
 * in one constraint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import * as fs from 'firebase/firestore';
import { mockIdToken, rejection, startRulesHarness, type RulesHarness } from './harness.js';

export const QUERY_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} { allow list: if resource.data.owner == request.auth.uid; }
    match /emptynotes/{id} { allow list: if resource.data.owner == request.auth.uid; }
    match /pub/{id} { allow list: if resource.data.visibility in ['public', 'shared']; }
    match /scores/{id} { allow list: if resource.data.score > 50; }
    match /tagged/{id} { allow list: if 'x' in resource.data.tags; }
    match /statuses/{id} { allow list: if resource.data.status != 'hidden'; }
    match /either/{id} { allow list: if resource.data.owner == request.auth.uid || resource.data.public == true; }
    match /paged/{id} { allow list: if request.query.limit <= 20; }
    match /offsets/{id} { allow list: if request.query.limit <= 5 && request.query.offset <= 10; }
    match /ordered/{id} { allow list: if request.query.orderBy.ts == 'DESC'; }
    match /{path=**}/replies/{r} { allow list: if resource.data.owner == request.auth.uid; }
    match /groups/{g} { allow get: if false; }
    match /posts/{id} {
      allow list: if request.auth.uid in get(/databases/$(database)/documents/groups/$(resource.data.group)).data.members;
    }
  }
}`;

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness({ firestoreRules: QUERY_RULES });
  await h.env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await Promise.all([
      db.doc('notes/a1').set({ owner: 'alice', n: 1 }),
      db.doc('notes/b1').set({ owner: 'bob', n: 2 }),
      db.doc('pub/p1').set({ visibility: 'public' }),
      db.doc('pub/p2').set({ visibility: 'private' }),
      db.doc('scores/s1').set({ score: 70 }),
      db.doc('scores/s2').set({ score: 10 }),
      db.doc('tagged/t1').set({ tags: ['x', 'y'] }),
      db.doc('statuses/s1').set({ status: 'hidden' }),
      db.doc('either/e1').set({ owner: 'alice', public: false }),
      db.doc('either/e2').set({ owner: 'bob', public: true }),
      db.doc('paged/p1').set({ ts: 1 }),
      db.doc('offsets/o1').set({ ts: 1 }),
      db.doc('ordered/o1').set({ ts: 1 }),
      db.doc('threads/t1/replies/r1').set({ owner: 'alice' }),
      db.doc('threads/t2/replies/r2').set({ owner: 'bob' }),
      db.doc('groups/g1').set({ members: ['alice'] }),
      db.doc('groups/g2').set({ members: ['bob'] }),
      db.doc('posts/p1').set({ group: 'g1' }),
      db.doc('posts/p2').set({ group: 'g2' }),
    ]);
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const compatDb = (uid: string | null) =>
  uid ? h.env.authenticatedContext(uid).firestore() : h.env.unauthenticatedContext().firestore();
/** The modular Firestore behind a rules-unit-testing context (for or(), count(), limitToLast). */
const modular = (uid: string | null) =>
  (compatDb(uid) as unknown as { _delegate: fs.Firestore })._delegate;
const alice = () => compatDb('alice');
const anon = () => compatDb(null);

describe('equality on the owner field vs request.auth.uid', () => {
  it('owner == my uid', () =>
    assertSucceeds(alice().collection('notes').where('owner', '==', 'alice').get()));
  it("owner == someone else's uid", () =>
    assertFails(alice().collection('notes').where('owner', '==', 'bob').get()));
  it('no owner constraint, though alice owns a note', () =>
    assertFails(alice().collection('notes').get()));
  it('constraint on another field only', () =>
    assertFails(alice().collection('notes').where('n', '==', 1).get()));
  it('signed out: request.auth is null', () =>
    assertFails(anon().collection('notes').where('owner', '==', 'alice').get()));
  it('empty collection: constrained query allowed', () =>
    assertSucceeds(alice().collection('emptynotes').where('owner', '==', 'alice').get()));
  it('empty collection: missing constraint denied though no document exists', () =>
    assertFails(alice().collection('emptynotes').get()));
  it('owner constraint plus other filters and orderBy', () =>
    assertSucceeds(
      alice()
        .collection('notes')
        .where('owner', '==', 'alice')
        .where('n', '>', 0)
        .orderBy('n')
        .get(),
    ));
});

describe('other constraint kinds', () => {
  it("in ['public', 'shared'] is within the rule", () =>
    assertSucceeds(anon().collection('pub').where('visibility', 'in', ['public', 'shared']).get()));
  it("in ['public', 'private'] is not", () =>
    assertFails(anon().collection('pub').where('visibility', 'in', ['public', 'private']).get()));
  it('== public', () =>
    assertSucceeds(anon().collection('pub').where('visibility', '==', 'public').get()));
  it('== private', () =>
    assertFails(anon().collection('pub').where('visibility', '==', 'private').get()));
  it('range score > 60 implies > 50', () =>
    assertSucceeds(anon().collection('scores').where('score', '>', 60).get()));
  it('range score > 40 does not', () =>
    assertFails(anon().collection('scores').where('score', '>', 40).get()));
  it('array-contains x proves x in tags', () =>
    assertSucceeds(anon().collection('tagged').where('tags', 'array-contains', 'x').get()));
  it('array-contains y does not', () =>
    assertFails(anon().collection('tagged').where('tags', 'array-contains', 'y').get()));
  it("array-contains-any ['x'] proves it", () =>
    assertSucceeds(anon().collection('tagged').where('tags', 'array-contains-any', ['x']).get()));
  it("array-contains-any ['x', 'y'] does not", () =>
    assertFails(anon().collection('tagged').where('tags', 'array-contains-any', ['x', 'y']).get()));
  it("!= 'hidden' proves the rule", () =>
    assertSucceeds(anon().collection('statuses').where('status', '!=', 'hidden').get()));
  it("!= 'draft' does not", () =>
    assertFails(anon().collection('statuses').where('status', '!=', 'draft').get()));
  it("not-in ['hidden', 'draft'] proves it", () =>
    assertSucceeds(
      anon().collection('statuses').where('status', 'not-in', ['hidden', 'draft']).get(),
    ));
  it('OR query: every branch is granted', () =>
    assertSucceeds(
      fs.getDocs(
        fs.query(
          fs.collection(modular('alice'), 'either'),
          fs.or(fs.where('owner', '==', 'alice'), fs.where('public', '==', true)),
        ),
      ),
    ));
  it('OR query: one branch is not granted', () =>
    assertFails(
      fs.getDocs(
        fs.query(
          fs.collection(modular('alice'), 'either'),
          fs.or(fs.where('owner', '==', 'alice'), fs.where('public', '==', false)),
        ),
      ),
    ));
  it('get() with a path from an equality constraint: member', () =>
    assertSucceeds(alice().collection('posts').where('group', '==', 'g1').get()));
  it('get() with a path from an equality constraint: not a member', () =>
    assertFails(alice().collection('posts').where('group', '==', 'g2').get()));
  it('collection group constrained to my replies', () =>
    assertSucceeds(alice().collectionGroup('replies').where('owner', '==', 'alice').get()));
  it("collection group constrained to another's replies", () =>
    assertFails(alice().collectionGroup('replies').where('owner', '==', 'bob').get()));
  it('count() aggregation constrained', () =>
    assertSucceeds(
      fs.getCountFromServer(
        fs.query(fs.collection(modular('alice'), 'notes'), fs.where('owner', '==', 'alice')),
      ),
    ));
  it('count() aggregation unconstrained', () =>
    assertFails(fs.getCountFromServer(fs.collection(modular('alice'), 'notes'))));
});

describe('request.query.limit / offset / orderBy', () => {
  it('limit 20', () => assertSucceeds(anon().collection('paged').limit(20).get()));
  it('limit 21', () => assertFails(anon().collection('paged').limit(21).get()));
  it('no limit', () => assertFails(anon().collection('paged').get()));
  it('limitToLast(5) sends a limit', () =>
    assertSucceeds(
      fs.getDocs(
        fs.query(fs.collection(modular(null), 'paged'), fs.orderBy('ts'), fs.limitToLast(5)),
      ),
    ));
  it('orderBy ts DESC', () =>
    assertSucceeds(anon().collection('ordered').orderBy('ts', 'desc').get()));
  it('orderBy ts ASC', () => assertFails(anon().collection('ordered').orderBy('ts', 'asc').get()));

  // The web SDK has no offset(); REST runQuery with the same unsigned ID token the SDK sends.
  const runQuery = (offset: number) =>
    fetch(
      `http://${h.firestore!.host}:${h.firestore!.port}/v1/projects/${h.projectId}/databases/(default)/documents:runQuery`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${mockIdToken('alice', {}, h.projectId)}`,
        },
        body: JSON.stringify({
          structuredQuery: { from: [{ collectionId: 'offsets' }], limit: 5, offset },
        }),
      },
    );
  it('offset 10 (REST runQuery)', async () => {
    const r = await runQuery(10);
    expect(r.status).toBe(200);
  });
  it('offset 11 (REST runQuery) is PERMISSION_DENIED', async () => {
    const r = await runQuery(11);
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { status: string } }).error.status).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('listeners', () => {
  const firstSnapshot = (q: {
    onSnapshot(next: (s: unknown) => void, err: (e: Error) => void): () => void;
  }) =>
    new Promise((res, rej) => {
      const u = q.onSnapshot((s) => {
        u();
        res(s);
      }, rej);
    });
  it('listen on my notes', () =>
    assertSucceeds(firstSnapshot(alice().collection('notes').where('owner', '==', 'alice'))));
  it('listen on all notes is refused with permission-denied', async () => {
    const e = await rejection(firstSnapshot(alice().collection('notes')));
    expect(e.code).toBe('permission-denied');
  });
  it('listen within the limit rule', () =>
    assertSucceeds(firstSnapshot(anon().collection('paged').limit(3))));
  it('listen over the limit rule is refused', async () => {
    const e = await rejection(firstSnapshot(anon().collection('paged').limit(30)));
    expect(e.code).toBe('permission-denied');
  });
});
