/**
 * The Firestore request shape end to end: wildcards (incl. {x=**}), method granularity,
 * request.auth / token claims, request.method, request.path, request.time,
 * request.resource.data after merges/updates/transforms, resource, and get/exists/getAfter/
 * existsAfter in single writes, batches and transactions with the access-call limits.
 * Each allowed case has a denied twin that differs in one condition.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { startRulesHarness, type RulesHarness } from './harness.js';

const compat = (
  firebase as unknown as {
    firestore: {
      FieldValue: {
        increment(n: number): unknown;
        arrayUnion(...x: unknown[]): unknown;
        serverTimestamp(): unknown;
      };
      Timestamp: { fromDate(d: Date): unknown };
    };
  }
).firestore;

/** n distinct `!exists()` calls on documents derived from the document id. */
const probes = (n: number, prefix: string) =>
  Array.from(
    { length: n },
    (_, i) => `!exists(/databases/$(database)/documents/probe/$(id + '_${prefix}${i}'))`,
  ).join(' && ');
/** n distinct `!exists()` calls on fixed documents (the same for every write of a batch). */
const fixedProbes = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `!exists(/databases/$(database)/documents/probe/fixed${i})`,
  ).join(' && ');

export const REQUEST_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function uid() { return request.auth.uid; }

    // ---- wildcards
    match /orgs/{org} {
      match /members/{member} { allow get: if member == uid() && org != 'closed'; }
    }
    match /tree/{rest=**} { allow get: if rest[0] == uid(); }
    match /{prefix=**}/leaves/{leaf} { allow get: if resource.data.open == true; }

    // ---- method granularity
    match /gran/{id} {
      allow get: if true;
      allow list: if false;
      allow create: if true;
      allow update: if false;
      allow delete: if resource.data.deletable == true;
    }
    match /rw/{id} { allow read, write: if uid() == 'alice'; }
    match /methods/{id} {
      allow read: if request.method == 'get';
      allow write: if request.method == 'create' || request.method == 'delete';
    }
    match /rpath/{id} { allow get: if request.path == /databases/$(database)/documents/rpath/$(uid()); }

    // ---- auth and claims
    match /signedin/{id} { allow get: if request.auth != null; }
    match /emails/{id} { allow get: if request.auth.token.email.matches('.*@school[.]edu') && request.auth.token.email_verified == true; }
    match /provider/{id} { allow get: if request.auth.token.firebase.sign_in_provider != 'anonymous'; }
    match /roles/{id} { allow get: if 'teacher' in request.auth.token.roles; }

    // ---- request.time
    match /timed/{id} {
      allow create: if request.resource.data.at == request.time;
      allow update: if request.time < resource.data.deadline;
    }

    // ---- request.resource.data after the write; resource
    match /owned/{id} {
      allow update: if request.resource.data.owner == uid() && request.resource.data.title.size() < 10;
      allow delete: if resource.data.owner == uid();
      allow get: if resource == null || resource.data.public == true;
    }
    match /nested/{id} { allow update: if request.resource.data.m.a == 1 && request.resource.data.m.b == 2; }
    match /counter/{id} { allow update: if request.resource.data.n == resource.data.n + 1; }
    match /bag/{id} { allow update: if request.resource.data.tags.size() <= resource.data.tags.size() + 1; }
    match /ids/{id} { allow create: if request.resource.id == id && resource == null && request.resource.data.self == id; }

    // ---- get / exists / getAfter / existsAfter
    match /config/{id} { allow read, write: if true; }
    match /before/{id} { allow create: if get(/databases/$(database)/documents/config/gate).data.open == true; }
    match /after/{id} { allow create: if getAfter(/databases/$(database)/documents/config/gate).data.open == true; }
    match /tickets/{id} { allow delete: if !existsAfter(/databases/$(database)/documents/locks/$(id)); }
    match /locks/{id} { allow delete: if true; }
    match /projects/{p} {
      allow update: if exists(/databases/$(database)/documents/projects/$(p)/editors/$(uid()));
      match /editors/{e} { allow read: if false; }
    }

    // ---- access-call limits
    match /lim10/{id} { allow create: if ${probes(10, 'a')}; }
    match /lim11/{id} { allow create: if ${probes(11, 'a')}; }
    match /limfixed/{id} { allow create: if ${fixedProbes(10)}; }
    match /limrepeat/{id} { allow create: if ${fixedProbes(10)} && !exists(/databases/$(database)/documents/probe/fixed0); }
  }
}`;

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness({ firestoreRules: REQUEST_RULES });
  await h.env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await Promise.all([
      db.doc('orgs/o1/members/alice').set({ x: 1 }),
      db.doc('orgs/closed/members/alice').set({ x: 1 }),
      db.doc('tree/alice/a/b').set({ x: 1 }),
      db.doc('tree/bob/a/b').set({ x: 1 }),
      db.doc('leaves/top').set({ open: true }),
      db.doc('a/b/leaves/deep').set({ open: true }),
      db.doc('a/b/leaves/shut').set({ open: false }),
      db.doc('gran/g').set({ x: 1 }),
      db.doc('rw/r').set({ x: 1 }),
      db.doc('methods/m').set({ x: 1 }),
      db.doc('signedin/s').set({ x: 1 }),
      db.doc('emails/e').set({ x: 1 }),
      db.doc('provider/p').set({ x: 1 }),
      db.doc('roles/r').set({ x: 1 }),
      db.doc('owned/public').set({ owner: 'bob', public: true }),
      db.doc('owned/private').set({ owner: 'bob', public: false }),
      db.doc('config/gate').set({ open: false }),
      db.doc('projects/p1').set({ name: 'P' }),
      db.doc('projects/p1/editors/alice').set({ since: 1 }),
    ]);
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const as = (uid: string, claims?: Record<string, unknown>) =>
  h.env.authenticatedContext(uid, claims).firestore();
const alice = () => as('alice');
const bob = () => as('bob');
const anon = () => h.env.unauthenticatedContext().firestore();
const seed = (path: string, data: Record<string, unknown>) =>
  h.env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc(path).set(data));
let seq = 0;
const id = (p = 'd') => `${p}${++seq}`;

describe('wildcards', () => {
  it('nested match binds both variables: allowed', () =>
    assertSucceeds(alice().doc('orgs/o1/members/alice').get()));
  it('nested match: outer variable refuses', () =>
    assertFails(alice().doc('orgs/closed/members/alice').get()));
  it('nested match: inner variable refuses', () =>
    assertFails(bob().doc('orgs/o1/members/alice').get()));
  it('{rest=**} binds a path (rest[0]): allowed', () =>
    assertSucceeds(alice().doc('tree/alice/a/b').get()));
  it('{rest=**}: other first segment denied', () => assertFails(alice().doc('tree/bob/a/b').get()));
  it('{prefix=**} matches zero segments', () => assertSucceeds(anon().doc('leaves/top').get()));
  it('{prefix=**} matches several segments', () =>
    assertSucceeds(anon().doc('a/b/leaves/deep').get()));
  it('{prefix=**}: condition still applies', () =>
    assertFails(anon().doc('a/b/leaves/shut').get()));
  it('no matching rule denies', () => assertFails(anon().doc('unmatched/x').get()));
});

describe('method granularity and request.method / request.path', () => {
  it('allow get grants get', () => assertSucceeds(anon().doc('gran/g').get()));
  it('allow get does not grant list', () => assertFails(anon().collection('gran').get()));
  it('allow create grants create', () => assertSucceeds(anon().doc(`gran/${id()}`).set({ a: 1 })));
  it('allow create does not grant update', () => assertFails(anon().doc('gran/g').set({ a: 1 })));
  it('allow delete with resource condition: allowed', async () => {
    const p = `gran/${id()}`;
    await seed(p, { deletable: true });
    await assertSucceeds(anon().doc(p).delete());
  });
  it('allow delete with resource condition: denied', async () => {
    const p = `gran/${id()}`;
    await seed(p, { deletable: false });
    await assertFails(anon().doc(p).delete());
  });
  it('read, write list: read allowed', () => assertSucceeds(alice().collection('rw').get()));
  it('read, write list: read denied for another user', () =>
    assertFails(bob().collection('rw').get()));
  it('read, write list: write allowed', () => assertSucceeds(alice().doc('rw/r').update({ y: 2 })));
  it('read, write list: write denied for another user', () =>
    assertFails(bob().doc('rw/r').update({ y: 2 })));
  it("request.method == 'get'", () => assertSucceeds(anon().doc('methods/m').get()));
  it("request.method is 'list' for a query", () => assertFails(anon().collection('methods').get()));
  it("request.method == 'create'", () =>
    assertSucceeds(anon().doc(`methods/${id()}`).set({ a: 1 })));
  it("request.method is 'update' for an update", () =>
    assertFails(anon().doc('methods/m').update({ a: 1 })));
  it('request.path is the document path: allowed', () =>
    assertSucceeds(alice().doc('rpath/alice').get()));
  it('request.path is the document path: denied', () =>
    assertFails(alice().doc('rpath/bob').get()));
});

describe('request.auth and token claims', () => {
  it('signed in', () => assertSucceeds(alice().doc('signedin/s').get()));
  it('signed out: request.auth is null', () => assertFails(anon().doc('signedin/s').get()));
  it('email claim verified', () =>
    assertSucceeds(
      as('t', { email: 'ann@school.edu', email_verified: true }).doc('emails/e').get(),
    ));
  it('email claim not verified', () =>
    assertFails(as('t', { email: 'ann@school.edu', email_verified: false }).doc('emails/e').get()));
  it('email claim of another domain', () =>
    assertFails(as('t', { email: 'ann@gmail.com', email_verified: true }).doc('emails/e').get()));
  it('firebase.sign_in_provider password', () =>
    assertSucceeds(
      as('t', { firebase: { sign_in_provider: 'password' } })
        .doc('provider/p')
        .get(),
    ));
  it('firebase.sign_in_provider anonymous', () =>
    assertFails(
      as('t', { firebase: { sign_in_provider: 'anonymous' } })
        .doc('provider/p')
        .get(),
    ));
  it('list custom claim contains the role', () =>
    assertSucceeds(
      as('t', { roles: ['teacher'] })
        .doc('roles/r')
        .get(),
    ));
  it('list custom claim lacks the role', () =>
    assertFails(
      as('t', { roles: ['student'] })
        .doc('roles/r')
        .get(),
    ));
});

describe('request.time', () => {
  it('serverTimestamp() equals request.time', () =>
    assertSucceeds(anon().doc(`timed/${id()}`).set({ at: compat.FieldValue.serverTimestamp() })));
  it('a client time does not', () =>
    assertFails(
      anon()
        .doc(`timed/${id()}`)
        .set({ at: compat.Timestamp.fromDate(new Date()) }),
    ));
  it('request.time before the deadline', async () => {
    const p = `timed/${id()}`;
    await seed(p, { deadline: compat.Timestamp.fromDate(new Date(Date.now() + 3_600_000)) });
    await assertSucceeds(anon().doc(p).update({ x: 1 }));
  });
  it('request.time after the deadline', async () => {
    const p = `timed/${id()}`;
    await seed(p, { deadline: compat.Timestamp.fromDate(new Date(Date.now() - 3_600_000)) });
    await assertFails(anon().doc(p).update({ x: 1 }));
  });
});

describe('request.resource.data is the document after the write; resource before', () => {
  const owned = async () => {
    const p = `owned/${id()}`;
    await seed(p, { owner: 'alice', title: 'hello' });
    return p;
  };
  it('update keeps untouched fields (owner)', async () =>
    assertSucceeds(
      alice()
        .doc(await owned())
        .update({ title: 'x' }),
    ));
  it('update: a title too long', async () =>
    assertFails(
      alice()
        .doc(await owned())
        .update({ title: 'x'.repeat(10) }),
    ));
  it('set with merge keeps untouched fields', async () =>
    assertSucceeds(
      alice()
        .doc(await owned())
        .set({ title: 'y' }, { merge: true }),
    ));
  it('set without merge replaces the document (owner gone)', async () =>
    assertFails(
      alice()
        .doc(await owned())
        .set({ title: 'y' }),
    ));
  it('update of a nested field keeps its siblings', async () => {
    const p = `nested/${id()}`;
    await seed(p, { m: { a: 0, b: 2 } });
    await assertSucceeds(alice().doc(p).update({ 'm.a': 1 }));
  });
  it('update replacing a map field drops its siblings', async () => {
    const p = `nested/${id()}`;
    await seed(p, { m: { a: 0, b: 2 } });
    await assertFails(
      alice()
        .doc(p)
        .update({ m: { a: 1 } }),
    );
  });
  it('increment(1) is applied before the rules see it', async () => {
    const p = `counter/${id()}`;
    await seed(p, { n: 5 });
    await assertSucceeds(
      alice()
        .doc(p)
        .update({ n: compat.FieldValue.increment(1) }),
    );
  });
  it('increment(2) is refused', async () => {
    const p = `counter/${id()}`;
    await seed(p, { n: 5 });
    await assertFails(
      alice()
        .doc(p)
        .update({ n: compat.FieldValue.increment(2) }),
    );
  });
  it('arrayUnion of one new element', async () => {
    const p = `bag/${id()}`;
    await seed(p, { tags: ['a'] });
    await assertSucceeds(
      alice()
        .doc(p)
        .update({ tags: compat.FieldValue.arrayUnion('b') }),
    );
  });
  it('arrayUnion of two new elements', async () => {
    const p = `bag/${id()}`;
    await seed(p, { tags: ['a'] });
    await assertFails(
      alice()
        .doc(p)
        .update({ tags: compat.FieldValue.arrayUnion('b', 'c') }),
    );
  });
  it('request.resource.id and resource == null on create', () => {
    const d = id('self');
    return assertSucceeds(alice().doc(`ids/${d}`).set({ self: d }));
  });
  it('request.resource.id differs from the data', () =>
    assertFails(
      alice()
        .doc(`ids/${id('self')}`)
        .set({ self: 'other' }),
    ));
  it('resource.data on delete: owner', async () =>
    assertSucceeds(
      alice()
        .doc(await owned())
        .delete(),
    ));
  it('resource.data on delete: not the owner', async () =>
    assertFails(
      bob()
        .doc(await owned())
        .delete(),
    ));
  it('get of a missing document: resource == null', () =>
    assertSucceeds(anon().doc('owned/none').get()));
  it('get of an existing private document', () => assertFails(anon().doc('owned/private').get()));
  it('get of an existing public document', () => assertSucceeds(anon().doc('owned/public').get()));
});

describe('get / exists / getAfter / existsAfter', () => {
  it('exists() on a subcollection doc grants the editor', () =>
    assertSucceeds(alice().doc('projects/p1').update({ name: 'Q' })));
  it('exists() refuses a non-editor', () =>
    assertFails(bob().doc('projects/p1').update({ name: 'Q' })));
  it('getAfter() sees the gate opened in the same batch', async () => {
    const db = alice();
    const b = db.batch();
    b.set(db.doc('config/gate'), { open: true });
    b.set(db.doc(`after/${id()}`), { x: 1 });
    await assertSucceeds(b.commit());
    await seed('config/gate', { open: false });
  });
  it('get() sees the gate as before the batch', async () => {
    const db = alice();
    const b = db.batch();
    b.set(db.doc('config/gate'), { open: true });
    b.set(db.doc(`before/${id()}`), { x: 1 });
    await assertFails(b.commit());
  });
  it('getAfter() without the opening write', () =>
    assertFails(alice().doc(`after/${id()}`).set({ x: 1 })));
  it('existsAfter(): deleting ticket and lock together', async () => {
    const t = id('t');
    await seed(`tickets/${t}`, { x: 1 });
    await seed(`locks/${t}`, { x: 1 });
    const db = alice();
    const b = db.batch();
    b.delete(db.doc(`tickets/${t}`));
    b.delete(db.doc(`locks/${t}`));
    await assertSucceeds(b.commit());
  });
  it('existsAfter(): deleting the ticket alone', async () => {
    const t = id('t');
    await seed(`tickets/${t}`, { x: 1 });
    await seed(`locks/${t}`, { x: 1 });
    await assertFails(alice().doc(`tickets/${t}`).delete());
  });
  it('transaction: getAfter() sees the transaction write', async () => {
    const db = alice();
    await assertSucceeds(
      db.runTransaction(async (tx) => {
        await tx.get(db.doc('config/gate'));
        tx.set(db.doc('config/gate'), { open: true });
        tx.set(db.doc(`after/${id()}`), { x: 1 });
      }),
    );
    await seed('config/gate', { open: false });
  });
  it('transaction: getAfter() with the gate left closed', async () => {
    const db = alice();
    await assertFails(
      db.runTransaction(async (tx) => {
        await tx.get(db.doc('config/gate'));
        tx.set(db.doc('config/gate'), { open: false, touched: true });
        tx.set(db.doc(`after/${id()}`), { x: 1 });
      }),
    );
  });
});

describe('access-call limits', () => {
  it('10 distinct document accesses in one request', () =>
    assertSucceeds(alice().doc(`lim10/${id()}`).set({ x: 1 })));
  it('11 distinct document accesses in one request', () =>
    assertFails(alice().doc(`lim11/${id()}`).set({ x: 1 })));
  it('repeated access to the same document is free', () =>
    assertSucceeds(alice().doc(`limrepeat/${id()}`).set({ x: 1 })));
  it('batch: 2 writes x 10 distinct = 20 accesses', async () => {
    const db = alice();
    const b = db.batch();
    for (let i = 0; i < 2; i++) b.set(db.doc(`lim10/${id()}`), { x: 1 });
    await assertSucceeds(b.commit());
  });
  it('batch: 3 writes x 10 distinct = 30 accesses', async () => {
    const db = alice();
    const b = db.batch();
    for (let i = 0; i < 3; i++) b.set(db.doc(`lim10/${id()}`), { x: 1 });
    await assertFails(b.commit());
  });
  it('batch: 3 writes sharing the same 10 documents', async () => {
    const db = alice();
    const b = db.batch();
    for (let i = 0; i < 3; i++) b.set(db.doc(`limfixed/${id()}`), { x: 1 });
    await assertSucceeds(b.commit());
  });
});
