/**
 * storage.rules enforcement through src/rules, driven by @firebase/rules-unit-testing (its
 * `/internal/setRules` call, authenticated/unauthenticated contexts, withSecurityRulesDisabled,
 * clearStorage) and the modular web SDK with mockUserToken.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getBytes,
  getStorage,
  list,
  listAll,
  ref,
  uploadBytes,
  uploadBytesResumable,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from './index.js';

const PROJECT = 'demo-rules';
const RULES = `
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create, update: if request.auth != null && request.auth.uid == uid
        && request.resource.size <= 1024
        && request.resource.contentType.matches('text/.*|application/pdf');
      allow delete: if request.auth != null && request.auth.uid == uid;
    }
    match /public/{file} {
      allow read;
      allow write: if request.resource.metadata.tag == 'ok';
    }
    match /orgs/{org}/{file} {
      allow read, write: if request.auth != null
        && firestore.get(/databases/(default)/documents/members/$(request.auth.uid)).data.org == org;
    }
    match /members/{file} {
      allow write: if request.auth != null
        && firestore.exists(/databases/(default)/documents/members/$(request.auth.uid));
    }
    match /locked/{file} {
      allow read, create;
      allow update: if resource.metadata.locked != 'yes';
    }
    match /shared/{file} {
      allow list: if request.auth != null;
      allow get, write;
    }
    match /named/{file} {
      allow list: if file == 'x';
    }
    match /big/{file} {
      allow write: if request.resource.size < 2 * 1024 * 1024;
      allow read;
    }
  }
}`;

/** Firestore data seen by firestore.get() in the rules (the engine's lookup contract). */
const members = new Map<string, { fields: Record<string, unknown> }>([
  ['members/alice', { fields: { org: { stringValue: 'acme' } } }],
  ['members/bob', { fields: { org: { stringValue: 'other' } } }],
]);

let server: StorageServer;
let env: RulesTestEnvironment;

type CompatRef = ReturnType<
  ReturnType<ReturnType<RulesTestEnvironment['unauthenticatedContext']>['storage']>['ref']
>;

/** The compat UploadTask is a thenable, not a Promise; the assert helpers want a Promise. */
function put(
  r: CompatRef,
  data: Uint8Array,
  md?: Parameters<CompatRef['put']>[1],
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    r.put(data, md).then(resolve, reject);
  });
}

function buf(n: number): Uint8Array {
  return new Uint8Array(n).fill(97);
}

beforeAll(async () => {
  server = await startStorageServer({
    port: 0,
    firestore: {
      lookup: (projectId, databaseId, path) =>
        projectId === PROJECT && databaseId === '(default)' ? (members.get(path) ?? null) : null,
    },
  });
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    storage: { host: '127.0.0.1', port: server.port, rules: RULES },
  });
});

afterAll(async () => {
  await env.cleanup();
  await server.close();
});

beforeEach(async () => {
  await env.clearStorage();
});

describe('storage rules via rules-unit-testing', () => {
  it('size limit at the boundary', async () => {
    const s = env.authenticatedContext('alice').storage();
    await assertSucceeds(
      put(s.ref('users/alice/ok.txt'), buf(1024), { contentType: 'text/plain' }),
    );
    await assertFails(put(s.ref('users/alice/big.txt'), buf(1025), { contentType: 'text/plain' }));
  });

  it('allowed and refused content types', async () => {
    const s = env.authenticatedContext('alice').storage();
    await assertSucceeds(
      put(s.ref('users/alice/a.pdf'), buf(10), { contentType: 'application/pdf' }),
    );
    await assertFails(
      put(s.ref('users/alice/a.exe'), buf(10), { contentType: 'application/x-msdownload' }),
    );
  });

  it('owner-only paths for read, write, delete', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('users/alice/secret.txt'), buf(5), { contentType: 'text/plain' });
    });
    const alice = env.authenticatedContext('alice').storage();
    const bob = env.authenticatedContext('bob').storage();
    const anon = env.unauthenticatedContext().storage();
    await assertSucceeds(alice.ref('users/alice/secret.txt').getMetadata());
    await assertFails(bob.ref('users/alice/secret.txt').getMetadata());
    await assertFails(anon.ref('users/alice/secret.txt').getDownloadURL());
    await assertFails(put(bob.ref('users/alice/x.txt'), buf(5), { contentType: 'text/plain' }));
    await assertFails(bob.ref('users/alice/secret.txt').delete());
    await assertSucceeds(alice.ref('users/alice/secret.txt').delete());
  });

  it('custom metadata and resource in conditions', async () => {
    const anon = env.unauthenticatedContext().storage();
    await assertSucceeds(put(anon.ref('public/p.txt'), buf(3), { customMetadata: { tag: 'ok' } }));
    await assertFails(put(anon.ref('public/q.txt'), buf(3), { customMetadata: { tag: 'no' } }));
    await assertSucceeds(anon.ref('public/p.txt').getMetadata());

    await assertSucceeds(
      put(anon.ref('locked/l.txt'), buf(3), { customMetadata: { locked: 'yes' } }),
    );
    await assertFails(anon.ref('locked/l.txt').updateMetadata({ contentType: 'text/plain' }));
    await assertSucceeds(
      put(anon.ref('locked/m.txt'), buf(3), { customMetadata: { locked: 'no' } }),
    );
    await assertSucceeds(anon.ref('locked/m.txt').updateMetadata({ contentType: 'text/plain' }));
  });

  it('firestore.get() and firestore.exists() read Firestore data', async () => {
    const alice = env.authenticatedContext('alice').storage();
    const bob = env.authenticatedContext('bob').storage();
    await assertSucceeds(put(alice.ref('orgs/acme/plan.txt'), buf(3)));
    await assertFails(put(bob.ref('orgs/acme/plan2.txt'), buf(3)));
    await assertSucceeds(alice.ref('orgs/acme/plan.txt').getMetadata());
    await assertFails(bob.ref('orgs/acme/plan.txt').getMetadata());
    await assertSucceeds(put(bob.ref('members/m.txt'), buf(3)));
    await assertFails(
      put(env.authenticatedContext('carol').storage().ref('members/m.txt'), buf(3)),
    );
  });

  it('download tokens bypass rules; wrong tokens do not', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('users/alice/t.txt'), buf(4), { contentType: 'text/plain' });
    });
    const url = await env
      .authenticatedContext('alice')
      .storage()
      .ref('users/alice/t.txt')
      .getDownloadURL();
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace(/token=[^&]+/, 'token=x'))).status).toBe(403);
    expect((await fetch(url.replace(/&token=[^&]+/, ''))).status).toBe(403);
  });

  it('clearStorage removes objects', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('a.txt'), buf(1));
    });
    await env.clearStorage();
    await env.withSecurityRulesDisabled(async (ctx) => {
      const all = await ctx.storage().ref().listAll();
      expect(all.items).toHaveLength(0);
    });
  });

  it('rejects rules with syntax errors and keeps the old ones', async () => {
    const resp = await fetch(`http://127.0.0.1:${server.port}/internal/setRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        rules: { files: [{ name: 'storage.rules', content: 'service firebase.storage { match' }] },
      }),
    });
    expect(resp.status).toBe(400);
    const s = env.authenticatedContext('alice').storage();
    await assertFails(put(s.ref('users/alice/big.txt'), buf(1025), { contentType: 'text/plain' }));
  });
});

describe('the owner token', () => {
  // rules-unit-testing's storage() uses the bucket named like the project.
  const bucket = PROJECT;
  const objectUrl = (name: string): string =>
    `http://127.0.0.1:${server.port}/v0/b/${bucket}/o/${encodeURIComponent(name)}`;
  const uploadUrl = (name: string): string =>
    `http://127.0.0.1:${server.port}/v0/b/${bucket}/o?name=${encodeURIComponent(name)}`;

  beforeEach(async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('users/alice/o.txt'), buf(2), { contentType: 'text/plain' });
    });
  });

  // Google's emulator bypasses rules for `Bearer owner` / `Firebase owner` only; any other
  // bearer token is an anonymous caller, whom `users/alice/...` refuses.
  it('`Bearer owner` bypasses rules for reads, uploads and deletes', async () => {
    const owner = { authorization: 'Bearer owner' };
    expect((await fetch(objectUrl('users/alice/o.txt'), { headers: owner })).status).toBe(200);
    const up = await fetch(uploadUrl('users/alice/n.txt'), {
      method: 'POST',
      headers: { ...owner, 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(up.status).toBe(200);
    const del = await fetch(objectUrl('users/alice/o.txt'), { method: 'DELETE', headers: owner });
    expect(del.status).toBe(204);
  });

  it('`Bearer something-else` does not', async () => {
    const other = { authorization: 'Bearer something-else' };
    expect((await fetch(objectUrl('users/alice/o.txt'), { headers: other })).status).toBe(403);
    const up = await fetch(uploadUrl('users/alice/n.txt'), {
      method: 'POST',
      headers: { ...other, 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(up.status).toBe(403);
    const del = await fetch(objectUrl('users/alice/o.txt'), { method: 'DELETE', headers: other });
    expect(del.status).toBe(403);
    // Nor may it manage download tokens (admin credentials only).
    const created = await fetch(`${objectUrl('users/alice/o.txt')}?create_token=true`, {
      method: 'POST',
      headers: other,
    });
    expect(created.status).toBe(403);
  });
});

describe('a resumable upload refused at finalize', () => {
  // As Google's emulator: the refusal is final, and finalizing again answers it again (a
  // client retrying its last request must not be told the upload was merely cancelled).
  it('answers 403 with status final, and the same on a second finalize', async () => {
    const start = await fetch(
      `http://127.0.0.1:${server.port}/v0/b/${PROJECT}/o?name=${encodeURIComponent('users/alice/r.txt')}`,
      {
        method: 'POST',
        headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      },
    );
    expect(start.status).toBe(200);
    const url = start.headers.get('x-goog-upload-url')!;
    const first = await fetch(url, {
      method: 'PUT',
      headers: { 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '0' },
      body: 'no auth',
    });
    expect([first.status, first.headers.get('x-goog-upload-status')]).toEqual([403, 'final']);
    const again = await fetch(url, {
      method: 'PUT',
      headers: { 'X-Goog-Upload-Command': 'finalize' },
    });
    expect([again.status, again.headers.get('x-goog-upload-status')]).toEqual([403, 'final']);
  });
});

describe('storage rules with the modular web SDK', () => {
  let app: FirebaseApp;
  beforeAll(() => {
    app = initializeApp(
      { projectId: PROJECT, storageBucket: PROJECT, apiKey: 'fake' },
      'rules-web',
    );
    connectStorageEmulator(getStorage(app), '127.0.0.1', server.port, {
      mockUserToken: { sub: 'alice' },
    });
  });
  afterAll(async () => {
    await deleteApp(app);
  });

  it('storage/unauthorized with the refusal message', async () => {
    const st = getStorage(app);
    await uploadBytes(ref(st, 'users/alice/n.txt'), buf(10), { contentType: 'text/plain' });
    expect(Buffer.from(await getBytes(ref(st, 'users/alice/n.txt'))).toString()).toBe('aaaaaaaaaa');
    const err = (await uploadBytes(ref(st, 'users/bob/n.txt'), buf(10), {
      contentType: 'text/plain',
    }).catch((e: unknown) => e)) as {
      code: string;
      serverResponse: string;
    };
    expect(err.code).toBe('storage/unauthorized');
    // The Node SDK drops the response body (serverResponse is ''), so read the refusal raw.
    const token = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"alice"}').toString('base64url')}.`;
    const raw = await fetch(
      `http://127.0.0.1:${server.port}/v0/b/${PROJECT}/o/${encodeURIComponent('users/bob/n.txt')}`,
      {
        headers: { Authorization: `Firebase ${token}` },
      },
    );
    expect(raw.status).toBe(403);
    const body = (await raw.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(403);
    expect(body.error.message).toMatch(/^Permission denied\./);
    expect(body.error.message).toMatch(/false for 'get' @ L\d+/);
  });

  it('resumable uploads are refused at start from the declared size, before any bytes', async () => {
    const st = getStorage(app);
    await uploadBytesResumable(ref(st, 'big/ok.bin'), buf(512 * 1024));
    const task = uploadBytesResumable(ref(st, 'big/too-big.bin'), buf(2 * 1024 * 1024));
    const transferred: number[] = [];
    task.on('state_changed', (snap) => transferred.push(snap.bytesTransferred));
    const big = (await task.then(() => null).catch((e: unknown) => e)) as { code: string } | null;
    expect(big?.code).toBe('storage/unauthorized');
    expect(transferred.every((n) => n === 0)).toBe(true);
    expect(task.snapshot.bytesTransferred).toBe(0);

    // The raw protocol: the start request itself is answered 403 with the refusal.
    const token = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"alice"}').toString('base64url')}.`;
    const start = (declared: number | null) =>
      fetch(
        `http://127.0.0.1:${server.port}/v0/b/${PROJECT}/o?name=${encodeURIComponent('big/raw.bin')}`,
        {
          method: 'POST',
          headers: {
            Authorization: `Firebase ${token}`,
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'start',
            ...(declared === null
              ? {}
              : { 'X-Goog-Upload-Header-Content-Length': String(declared) }),
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ name: 'big/raw.bin', contentType: 'application/octet-stream' }),
        },
      );
    const refused = await start(2 * 1024 * 1024);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Permission denied\. .*false for 'create'/s,
    );
    expect(refused.headers.get('x-goog-upload-url')).toBeNull();
    expect((await start(2 * 1024 * 1024 - 1)).status).toBe(200);

    // Without a declared size the start is accepted and the check at finalize still refuses.
    const open = await start(null);
    expect(open.status).toBe(200);
    const url = open.headers.get('x-goog-upload-url')!;
    const fin = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${token}`,
        'X-Goog-Upload-Command': 'upload, finalize',
        'X-Goog-Upload-Offset': '0',
      },
      body: Buffer.from(buf(2 * 1024 * 1024)),
    });
    expect(fin.status).toBe(403);
    const after = await fetch(
      `http://127.0.0.1:${server.port}/v0/b/${PROJECT}/o/${encodeURIComponent('big/raw.bin')}`,
      {
        headers: { Authorization: 'Firebase owner' },
      },
    );
    expect(after.status).toBe(404);
  });

  it('a rule on the files of a folder grants listing the folder; others are refused', async () => {
    const st = getStorage(app);
    // rules-unit-testing's clearStorage only deletes top-level objects (listAll of the root).
    await server.clear();
    await env.withSecurityRulesDisabled(async (ctx) => {
      await put(ctx.storage().ref('shared/a.txt'), buf(1));
      await put(ctx.storage().ref('users/alice/a.txt'), buf(1));
      await put(ctx.storage().ref('users/bob/b.txt'), buf(1));
      await put(ctx.storage().ref('named/x'), buf(1));
    });
    // `match /shared/{file} { allow list }` covers listing `shared/` (signed in only).
    expect((await listAll(ref(st, 'shared'))).items.map((i) => i.fullPath)).toEqual([
      'shared/a.txt',
    ]);
    const anon = env.unauthenticatedContext().storage();
    await assertFails(anon.ref('shared').listAll());
    // `{file=**}` with an owner check: own folder yes, someone else's no.
    expect((await list(ref(st, 'users/alice'))).items.map((i) => i.fullPath)).toEqual([
      'users/alice/a.txt',
    ]);
    const denied = (await listAll(ref(st, 'users/bob')).catch((e: unknown) => e)) as {
      code: string;
    };
    expect(denied.code).toBe('storage/unauthorized');
    // The listed file's name is unknown when a folder is listed, so a condition on it cannot grant.
    expect(
      ((await listAll(ref(st, 'named')).catch((e: unknown) => e)) as { code: string }).code,
    ).toBe('storage/unauthorized');
    // No rule for the bucket root.
    expect(((await listAll(ref(st, '')).catch((e: unknown) => e)) as { code: string }).code).toBe(
      'storage/unauthorized',
    );
  });
});

describe('project of firestore.get() in storage rules', () => {
  it('a default bucket names its project; other buckets use the configured project', async () => {
    const seen: string[] = [];
    const s = await startStorageServer({
      port: 0,
      projectId: 'configured',
      firestore: {
        lookup: (projectId) => {
          seen.push(projectId);
          return null;
        },
      },
    });
    s.setRules('*', [
      {
        content: `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{f} {
  allow write: if firestore.exists(/databases/(default)/documents/flags/on); } } }`,
      },
    ]);
    const apps: FirebaseApp[] = [];
    try {
      for (const bucket of ['demo-x.appspot.com', 'demo-y.firebasestorage.app', 'custom-bucket']) {
        const a = initializeApp(
          { projectId: 'demo-x', storageBucket: bucket, apiKey: 'fake' },
          `bucket-${bucket}`,
        );
        apps.push(a);
        const st = getStorage(a);
        connectStorageEmulator(st, '127.0.0.1', s.port);
        const e = (await uploadBytes(ref(st, 'f.txt'), buf(1)).catch((x: unknown) => x)) as {
          code: string;
        };
        expect(e.code).toBe('storage/unauthorized');
      }
      expect(seen).toEqual(['demo-x', 'demo-y', 'configured']);
    } finally {
      for (const a of apps) await deleteApp(a);
      await s.close();
    }
  });
});
