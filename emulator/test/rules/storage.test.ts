/**
 * storage.rules end to end through @firebase/rules-unit-testing's storage contexts (compat web
 * SDK, Node build) against the Storage port of the same emulator whose Firestore answers the
 * rules' cross-service firestore.get()/firestore.exists(). Covers request.resource.size /
 * contentType / metadata / name / bucket, resource on get/update/delete, request.auth, path
 * wildcards and list. Each allowed case has a denied twin that differs in one condition.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { startRulesHarness, type RulesHarness } from './harness.js';

export const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create: if request.auth.uid == uid && request.resource.size < 1024
        && request.resource.contentType.matches('image/.*');
      allow update: if request.auth.uid == uid && request.resource.metadata.owner == uid;
      allow delete: if resource.metadata.owner == request.auth.uid;
    }
    match /named/{file} {
      allow create: if request.resource.name == 'named/' + file && request.resource.bucket == bucket
        && request.resource.metadata.kind == 'avatar';
    }
    match /docs/{file} {
      allow get: if resource.contentType == 'text/plain' && resource.size == 5 && resource.name == 'docs/' + file;
      allow list: if request.auth != null;
    }
    match /classes/{cls}/{file} {
      allow read: if firestore.exists(/databases/(default)/documents/classes/$(cls)/members/$(request.auth.uid));
      allow write: if firestore.get(/databases/(default)/documents/classes/$(cls)).data.teacher == request.auth.uid;
    }
    match /once/{file} {
      allow create: if resource == null || resource.metadata.replaceable == 'yes';
      allow update: if true;
    }
    match /timed/{file} {
      allow create: if request.time < timestamp.date(2100, 1, 1) && request.resource.size <= 2 * 512;
    }
  }
}`;

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness({ storageRules: STORAGE_RULES });
  await h.env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await Promise.all([
      db.doc('classes/c1').set({ teacher: 'tina' }),
      db.doc('classes/c1/members/sam').set({ since: 1 }),
    ]);
    const st = ctx.storage();
    await put(st.ref('docs/a.txt'), bytes(5), { contentType: 'text/plain' });
    await put(st.ref('docs/b.bin'), bytes(5), { contentType: 'application/octet-stream' });
    await put(st.ref('classes/c1/notes.txt'), bytes(3), { contentType: 'text/plain' });
    await put(st.ref('users/alice/owned.png'), bytes(3), {
      contentType: 'image/png',
      customMetadata: { owner: 'alice' },
    });
    await put(st.ref('users/alice/other.png'), bytes(3), {
      contentType: 'image/png',
      customMetadata: { owner: 'bob' },
    });
    await put(st.ref('users/alice/deep/x/y.png'), bytes(3), { contentType: 'image/png' });
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

type StorageRef = ReturnType<
  ReturnType<ReturnType<RulesTestEnvironment['unauthenticatedContext']>['storage']>['ref']
>;

/** The compat UploadTask is a thenable, not a Promise; the assert helpers want a Promise. */
function put(
  r: StorageRef,
  data: Uint8Array,
  md?: Parameters<StorageRef['put']>[1],
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    r.put(data, md).then(resolve, reject);
  });
}
const bytes = (n: number) => new Uint8Array(n).fill(120);
const st = (uid: string | null) =>
  (uid ? h.env.authenticatedContext(uid) : h.env.unauthenticatedContext()).storage();
let seq = 0;
const name = (p: string) => `${p}${++seq}`;

describe('request.resource on upload', () => {
  it('size under the limit, image type', () =>
    assertSucceeds(
      put(st('alice').ref(`users/alice/${name('a')}.png`), bytes(100), {
        contentType: 'image/png',
      }),
    ));
  it('size over the limit', () =>
    assertFails(
      put(st('alice').ref(`users/alice/${name('a')}.png`), bytes(2000), {
        contentType: 'image/png',
      }),
    ));
  it('contentType not an image', () =>
    assertFails(
      put(st('alice').ref(`users/alice/${name('a')}.png`), bytes(100), {
        contentType: 'text/plain',
      }),
    ));
  it("into another user's folder", () =>
    assertFails(
      put(st('bob').ref(`users/alice/${name('a')}.png`), bytes(100), { contentType: 'image/png' }),
    ));
  it('{file=**} matches several segments', () =>
    assertSucceeds(
      put(st('alice').ref(`users/alice/x/y/${name('z')}.png`), bytes(10), {
        contentType: 'image/png',
      }),
    ));
  it('signed out upload', () =>
    assertFails(
      put(st(null).ref(`users/alice/${name('a')}.png`), bytes(100), { contentType: 'image/png' }),
    ));
  it('custom metadata, name and bucket', () =>
    assertSucceeds(
      put(st('alice').ref(`named/${name('n')}`), bytes(1), { customMetadata: { kind: 'avatar' } }),
    ));
  it('custom metadata with another value', () =>
    assertFails(
      put(st('alice').ref(`named/${name('n')}`), bytes(1), { customMetadata: { kind: 'banner' } }),
    ));
  it('request.time and arithmetic on size: 1024 bytes', () =>
    assertSucceeds(put(st(null).ref(`timed/${name('t')}`), bytes(1024))));
  it('request.time and arithmetic on size: 1025 bytes', () =>
    assertFails(put(st(null).ref(`timed/${name('t')}`), bytes(1025))));
});

describe('resource on read, update, delete', () => {
  it('get: resource contentType/size/name match', () =>
    assertSucceeds(st(null).ref('docs/a.txt').getMetadata()));
  it('get: another contentType', () => assertFails(st(null).ref('docs/b.bin').getMetadata()));
  it('download of own file', () =>
    assertSucceeds(st('alice').ref('users/alice/owned.png').getDownloadURL()));
  it("download of another user's file", () =>
    assertFails(st('bob').ref('users/alice/owned.png').getDownloadURL()));
  it('read under {file=**} several segments deep', () =>
    assertSucceeds(st('alice').ref('users/alice/deep/x/y.png').getMetadata()));
  it('read under {file=**} as someone else', () =>
    assertFails(st('eve').ref('users/alice/deep/x/y.png').getMetadata()));
  it('list signed in', () => assertSucceeds(st('alice').ref('docs').listAll()));
  it('list signed out', () => assertFails(st(null).ref('docs').listAll()));
  it('update metadata keeping owner', () =>
    assertSucceeds(
      st('alice')
        .ref('users/alice/owned.png')
        .updateMetadata({ customMetadata: { owner: 'alice', tag: 'x' } }),
    ));
  it('update metadata changing owner', () =>
    assertFails(
      st('alice')
        .ref('users/alice/owned.png')
        .updateMetadata({ customMetadata: { owner: 'bob' } }),
    ));
  it('delete: resource.metadata.owner is me', async () => {
    const p = `users/alice/${name('d')}.png`;
    await h.env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref(p), bytes(1), { customMetadata: { owner: 'alice' } });
    });
    await assertSucceeds(st('alice').ref(p).delete());
  });
  it('delete: resource.metadata.owner is someone else', () =>
    assertFails(st('alice').ref('users/alice/other.png').delete()));
});

describe('cross-service firestore.get() / firestore.exists()', () => {
  it('firestore.exists(): class member reads', () =>
    assertSucceeds(st('sam').ref('classes/c1/notes.txt').getMetadata()));
  it('firestore.exists(): non-member refused', () =>
    assertFails(st('max').ref('classes/c1/notes.txt').getMetadata()));
  it('firestore.exists(): other class refused', async () => {
    await h.env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('classes/c2/notes.txt'), bytes(1));
    });
    await assertFails(st('sam').ref('classes/c2/notes.txt').getMetadata());
  });
  it('firestore.get(): teacher uploads', () =>
    assertSucceeds(put(st('tina').ref(`classes/c1/${name('u')}`), bytes(1))));
  it('firestore.get(): member is not the teacher', () =>
    assertFails(put(st('sam').ref(`classes/c1/${name('u')}`), bytes(1))));
  it('firestore.get() of a missing document', () =>
    assertFails(put(st('tina').ref(`classes/none/${name('u')}`), bytes(1))));
  it('firestore.get() sees a Firestore change', async () => {
    await h.env.withSecurityRulesDisabled((ctx) =>
      ctx.firestore().doc('classes/c3').set({ teacher: 'tom' }),
    );
    await assertSucceeds(put(st('tom').ref(`classes/c3/${name('u')}`), bytes(1)));
    await h.env.withSecurityRulesDisabled((ctx) =>
      ctx.firestore().doc('classes/c3').set({ teacher: 'tina' }),
    );
    await assertFails(put(st('tom').ref(`classes/c3/${name('u')}`), bytes(1)));
  });
});

describe('an upload over an existing object is a create with resource set (official semantics)', () => {
  const upload = (env: RulesTestEnvironment, name: string) =>
    put(env.unauthenticatedContext().storage().ref(`once/${name}`), bytes(2));
  it('overwrite of a replaceable object', async () => {
    await h.env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('once/open.bin'), bytes(1), {
        customMetadata: { replaceable: 'yes' },
      });
    });
    await assertSucceeds(upload(h.env, 'open.bin'));
  });
  it('overwrite of an object that is not (update would allow it; create refuses)', async () => {
    await h.env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('once/shut.bin'), bytes(1), {
        customMetadata: { replaceable: 'no' },
      });
    });
    await assertFails(upload(h.env, 'shut.bin'));
  });
});
