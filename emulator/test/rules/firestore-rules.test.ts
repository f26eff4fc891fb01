/**
 * End-to-end rules cases through @firebase/rules-unit-testing (web SDK over WebChannel) against
 * this emulator started in-process on port 0. Every allowed case has a denied twin that differs
 * in one condition.
 */
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
// The compat namespace's merged typings do not resolve under NodeNext; the runtime object is there.
const compat = (
  firebase as unknown as {
    firestore: {
      FieldValue: { serverTimestamp(): unknown };
      Timestamp: { fromMillis(ms: number): unknown };
    };
  }
).firestore;
import { startEmulator } from '../../src/index.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function isOwner(uid) { return signedIn() && request.auth.uid == uid; }
    match /users/{uid} {
      allow get: if isOwner(uid);
      allow create: if isOwner(uid) && request.resource.data.keys().hasOnly(['name', 'age'])
        && request.resource.data.name is string && request.resource.data.name.size() <= 20;
      allow update: if isOwner(uid) && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
      allow delete: if isOwner(uid) && exists(/databases/$(database)/documents/admins/$(request.auth.uid));
    }
    match /stories/{id} {
      allow get: if resource.data.published == true || isOwner(resource.data.author);
      allow list: if resource.data.published == true || resource.data.author == request.auth.uid;
      allow create: if isOwner(request.resource.data.author) && request.resource.data.createdAt == request.time;
    }
    match /posts/{id} {
      allow list: if request.query.limit <= 10;
    }
    match /rooms/{room} {
      allow read: if request.auth.uid in get(/databases/$(database)/documents/rooms/$(room)/meta/info).data.members;
      match /meta/{doc} { allow read: if signedIn(); }
    }
    match /counters/{id} {
      allow create: if getAfter(/databases/$(database)/documents/log/$(id)).data.n == request.resource.data.n;
    }
    match /log/{id} { allow create: if existsAfter(/databases/$(database)/documents/counters/$(id)); }
    match /{path=**}/comments/{c} { allow read: if resource.data.visible == true; }
    match /claims/{id} { allow read: if request.auth.token.admin == true; }
  }
}`;

let env: RulesTestEnvironment;
let stop: () => Promise<void>;

beforeAll(async () => {
  const emu = await startEmulator({
    firestore: { host: '127.0.0.1', port: 0 },
    projectId: 'demo-rules',
  });
  stop = () => emu.stop();
  env = await initializeTestEnvironment({
    projectId: 'demo-rules',
    firestore: { host: emu.firestore!.host, port: emu.firestore!.port, rules: RULES },
  });
}, 60_000);

afterAll(async () => {
  await env?.cleanup();
  await stop?.();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await db.doc('users/alice').set({ name: 'Alice', age: 30 });
    await db.doc('admins/alice').set({ on: true });
    await db.doc('stories/pub').set({ published: true, author: 'bob' });
    await db.doc('stories/draft').set({ published: false, author: 'alice' });
    await db.doc('rooms/r1/meta/info').set({ members: ['alice'] });
    await db.doc('rooms/r1').set({ title: 'R1' });
    await db.doc('stories/pub/comments/c1').set({ visible: true });
    await db.doc('claims/x').set({ a: 1 });
  });
});

const alice = () => env.authenticatedContext('alice').firestore();
const bob = () => env.authenticatedContext('bob').firestore();
const anon = () => env.unauthenticatedContext().firestore();

describe('e2e: single-document reads', () => {
  it('owner gets own user doc', () => assertSucceeds(alice().doc('users/alice').get()));
  it('other user cannot get it', () => assertFails(bob().doc('users/alice').get()));
  it('signed out cannot get it', () => assertFails(anon().doc('users/alice').get()));
  it('published story readable by anyone', () => assertSucceeds(anon().doc('stories/pub').get()));
  it('draft story not readable by others', () => assertFails(bob().doc('stories/draft').get()));
  it('draft story readable by its author', () =>
    assertSucceeds(alice().doc('stories/draft').get()));
  it('get() of another doc grants room member', () =>
    assertSucceeds(alice().doc('rooms/r1').get()));
  it('get() of another doc denies non member', () => assertFails(bob().doc('rooms/r1').get()));
  it('custom claim grants', () =>
    assertSucceeds(
      env.authenticatedContext('z', { admin: true }).firestore().doc('claims/x').get(),
    ));
  it('missing custom claim denies', () =>
    assertFails(env.authenticatedContext('z', { admin: false }).firestore().doc('claims/x').get()));
});

describe('e2e: writes', () => {
  it('create with allowed keys', () =>
    assertSucceeds(bob().doc('users/bob').set({ name: 'Bob', age: 1 })));
  it('create with an extra key', () =>
    assertFails(bob().doc('users/bob').set({ name: 'Bob', admin: true })));
  it('create with a too long name', () =>
    assertFails(
      bob()
        .doc('users/bob')
        .set({ name: 'x'.repeat(21) }),
    ));
  it('create for someone else', () => assertFails(bob().doc('users/carol').set({ name: 'C' })));
  it('update of an allowed field', () =>
    assertSucceeds(alice().doc('users/alice').update({ name: 'Al' })));
  it('update of a forbidden field', () =>
    assertFails(alice().doc('users/alice').update({ age: 31 })));
  it('delete when an admin doc exists', () => assertSucceeds(alice().doc('users/alice').delete()));
  it('delete without an admin doc', async () => {
    await env.withSecurityRulesDisabled((ctx) =>
      ctx.firestore().doc('users/bob').set({ name: 'B' }),
    );
    await assertFails(bob().doc('users/bob').delete());
  });
  it('server timestamp equals request.time', async () => {
    await assertSucceeds(
      alice()
        .doc('stories/n1')
        .set({ author: 'alice', createdAt: compat.FieldValue.serverTimestamp() }),
    );
  });
  it('client timestamp does not equal request.time', async () => {
    await assertFails(
      alice()
        .doc('stories/n2')
        .set({ author: 'alice', createdAt: compat.Timestamp.fromMillis(0) }),
    );
  });
  it('batch: getAfter sees the other write', async () => {
    const db = alice();
    const b = db.batch();
    b.set(db.doc('counters/c1'), { n: 1 });
    b.set(db.doc('log/c1'), { n: 1 });
    await assertSucceeds(b.commit());
  });
  it('batch: getAfter sees a mismatching write', async () => {
    const db = alice();
    const b = db.batch();
    b.set(db.doc('counters/c1'), { n: 1 });
    b.set(db.doc('log/c1'), { n: 2 });
    await assertFails(b.commit());
  });
  it('existsAfter fails without the companion write', () =>
    assertFails(alice().doc('log/c2').set({ n: 1 })));
});

describe('e2e: queries (rules are not filters)', () => {
  it('query constrained to published', () =>
    assertSucceeds(bob().collection('stories').where('published', '==', true).get()));
  it('unconstrained query is denied even though some docs are readable', () =>
    assertFails(bob().collection('stories').get()));
  it('query constrained to own author', () =>
    assertSucceeds(alice().collection('stories').where('author', '==', 'alice').get()));
  it('query constrained to another author', () =>
    assertFails(alice().collection('stories').where('author', '==', 'bob').get()));
  it('limit within the rule', () => assertSucceeds(anon().collection('posts').limit(10).get()));
  it('limit above the rule', () => assertFails(anon().collection('posts').limit(11).get()));
  it('no limit', () => assertFails(anon().collection('posts').get()));
  it('collection group constrained', () =>
    assertSucceeds(anon().collectionGroup('comments').where('visible', '==', true).get()));
  it('collection group unconstrained', () => assertFails(anon().collectionGroup('comments').get()));
  it('listen on a constrained query', async () => {
    const q = bob().collection('stories').where('published', '==', true);
    await assertSucceeds(
      new Promise((res, rej) => {
        const u = q.onSnapshot((s) => {
          u();
          res(s);
        }, rej);
      }),
    );
  });
  it('listen on an unconstrained query', async () => {
    const q = bob().collection('stories');
    await assertFails(
      new Promise((res, rej) => {
        const u = q.onSnapshot((s) => {
          u();
          res(s);
        }, rej);
      }),
    );
  });
});
