/**
 * Conformance with @google-cloud/storage (and firebase-admin on top of it) pointed at the
 * emulator through STORAGE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST, as the admin SDK does.
 */
// copy()'s options type lacks the object fields (cacheControl, metadata) it sends as the body.
import { Storage, type CopyOptions } from '@google-cloud/storage';
import { deleteApp, initializeApp as initAdmin, type App } from 'firebase-admin/app';
import {
  getDownloadURL as adminDownloadURL,
  getStorage as adminStorage,
} from 'firebase-admin/storage';
import { deleteApp as deleteWebApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  ref,
  uploadBytes,
} from 'firebase/storage';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from './index.js';

const BUCKET = 'demo-gcs.appspot.com';
let server: StorageServer;
let gcs: Storage;
let webApp: FirebaseApp;
const saved = { ...process.env };

function bytes(n: number, seed = 11): Buffer {
  const b = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x & 0xff;
  }
  return b;
}

beforeAll(async () => {
  server = await startStorageServer({ port: 0 });
  process.env['STORAGE_EMULATOR_HOST'] = `http://127.0.0.1:${server.port}`;
  gcs = new Storage({ projectId: 'demo-gcs' });
  webApp = initializeApp(
    { projectId: 'demo-gcs', storageBucket: BUCKET, apiKey: 'fake' },
    'gcs-test-web',
  );
  connectStorageEmulator(getStorage(webApp), '127.0.0.1', server.port);
});

afterAll(async () => {
  process.env = saved;
  await deleteWebApp(webApp);
  await server.close();
});

beforeEach(async () => {
  await server.clear();
});

describe('@google-cloud/storage', () => {
  it('multipart save, download, getMetadata with hashes that match', async () => {
    const data = bytes(5000);
    const file = gcs.bucket(BUCKET).file('docs/a.txt');
    await file.save(data, {
      resumable: false,
      contentType: 'text/plain',
      metadata: { cacheControl: 'no-store', metadata: { owner: 'u1' } },
    });
    const [md] = await file.getMetadata();
    expect(md.name).toBe('docs/a.txt');
    expect(md.bucket).toBe(BUCKET);
    expect(Number(md.size)).toBe(5000);
    expect(md.contentType).toBe('text/plain');
    expect(md.cacheControl).toBe('no-store');
    expect(md.metadata).toEqual({ owner: 'u1' });
    expect(md.md5Hash).toBe(createHash('md5').update(data).digest('base64'));
    const [down] = await file.download();
    expect(down.equals(data)).toBe(true);
    const [part] = await file.download({ start: 10, end: 19 });
    expect(part.equals(data.subarray(10, 20))).toBe(true);
    const [exists] = await file.exists();
    expect(exists).toBe(true);
  });

  it('resumable save in one request and in chunks', async () => {
    const data = bytes(3 * 1024 * 1024 + 17, 5);
    const one = gcs.bucket(BUCKET).file('big/one.bin');
    await one.save(data, { resumable: true, contentType: 'application/octet-stream' });
    expect((await one.download())[0].equals(data)).toBe(true);

    const chunked = gcs.bucket(BUCKET).file('big/chunked.bin');
    await chunked.save(data, {
      resumable: true,
      chunkSize: 512 * 1024,
      metadata: { metadata: { k: 'v' } },
    });
    const [md] = await chunked.getMetadata();
    expect(Number(md.size)).toBe(data.length);
    expect(md.metadata).toEqual({ k: 'v' });
    expect((await chunked.download())[0].equals(data)).toBe(true);
  });

  it('setMetadata merges and null deletes', async () => {
    const file = gcs.bucket(BUCKET).file('m.json');
    await file.save('{}', {
      resumable: false,
      contentType: 'application/json',
      metadata: { metadata: { a: '1', b: '2' } },
    });
    const [md] = await file.setMetadata({ contentLanguage: 'en', metadata: { a: null, c: '3' } });
    expect(md.contentLanguage).toBe('en');
    expect(md.metadata).toEqual({ b: '2', c: '3' });
    expect(md.metageneration).toBe('2');
    const [again] = await file.getMetadata();
    expect(again.metadata).toEqual({ b: '2', c: '3' });
  });

  it('delete, 404s, exists false', async () => {
    const file = gcs.bucket(BUCKET).file('x');
    await file.save('x', { resumable: false });
    await file.delete();
    expect((await file.exists())[0]).toBe(false);
    await expect(file.getMetadata()).rejects.toMatchObject({ code: 404 });
    await expect(file.download()).rejects.toMatchObject({ code: 404 });
    await expect(file.delete()).rejects.toMatchObject({ code: 404 });
  });

  it('getFiles with prefix, delimiter and pages; deleteFiles with prefix', async () => {
    const bucket = gcs.bucket(BUCKET);
    for (const n of ['p/1', 'p/2', 'p/3', 'p/s/4', 'q/5'])
      await bucket.file(n).save(n, { resumable: false });
    const [files] = await bucket.getFiles({ prefix: 'p/' });
    expect(files.map((f) => f.name)).toEqual(['p/1', 'p/2', 'p/3', 'p/s/4']);
    const [, , resp] = await bucket.getFiles({ prefix: 'p/', delimiter: '/', autoPaginate: false });
    expect((resp as { prefixes?: string[] }).prefixes).toEqual(['p/s/']);
    const [page1, next] = await bucket.getFiles({
      prefix: 'p/',
      maxResults: 2,
      autoPaginate: false,
    });
    expect(page1.map((f) => f.name)).toEqual(['p/1', 'p/2']);
    const [page2] = await bucket.getFiles(next as object);
    expect(page2.map((f) => f.name)).toEqual(['p/3', 'p/s/4']);

    await bucket.deleteFiles({ prefix: 'p/' });
    const [left] = await bucket.getFiles();
    expect(left.map((f) => f.name)).toEqual(['q/5']);
  });

  it('bucket exists and getMetadata', async () => {
    const [exists] = await gcs.bucket(BUCKET).exists();
    expect(exists).toBe(true);
    const [md] = await gcs.bucket(BUCKET).getMetadata();
    expect(md.name).toBe(BUCKET);
  });

  it('objects cross between the GCS API and the Firebase API', async () => {
    const data = bytes(777);
    await gcs
      .bucket(BUCKET)
      .file('shared/from-admin.bin')
      .save(data, { resumable: false, contentType: 'image/jpeg' });
    const web = getStorage(webApp);
    const r = ref(web, 'shared/from-admin.bin');
    expect((await getMetadata(r)).contentType).toBe('image/jpeg');
    expect(Buffer.from(await getBytes(r)).equals(data)).toBe(true);
    const url = await getDownloadURL(r);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(data)).toBe(true);

    await uploadBytes(ref(web, 'shared/from-web.txt'), Buffer.from('hi'), {
      customMetadata: { m: '1' },
    });
    const [md] = await gcs.bucket(BUCKET).file('shared/from-web.txt').getMetadata();
    expect(md.metadata?.['m']).toBe('1');
    expect(typeof md.metadata?.['firebaseStorageDownloadTokens']).toBe('string');
  });
});

describe('firebase-admin storage', () => {
  let admin: App;
  beforeAll(() => {
    process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${server.port}`;
    admin = initAdmin({ projectId: 'demo-gcs', storageBucket: BUCKET }, 'gcs-test-admin');
  });
  afterAll(async () => {
    await deleteApp(admin);
  });

  it('bucket().file().save/download and getDownloadURL', async () => {
    const file = adminStorage(admin).bucket().file('admin/f.txt');
    await file.save('admin says hi', {
      contentType: 'text/plain',
      metadata: { metadata: { firebaseStorageDownloadTokens: 'tok-1' } },
    });
    expect((await file.download())[0].toString()).toBe('admin says hi');
    const url = await adminDownloadURL(file);
    expect(url).toContain('token=tok-1');
    expect(await (await fetch(url)).text()).toBe('admin says hi');
  });
});

describe('objects.rewrite / copy (copy, move, rename of @google-cloud/storage)', () => {
  it('copies bytes and metadata server-side; move leaves only the destination', async () => {
    const bucket = gcs.bucket(BUCKET);
    const data = bytes(3000, 5);
    await bucket.file('cp/src.bin').save(data, {
      resumable: false,
      contentType: 'application/pdf',
      metadata: { metadata: { owner: 'ann' } },
    });
    await bucket.file('cp/src.bin').copy(bucket.file('cp/copy.bin'));
    const [copied] = await bucket.file('cp/copy.bin').download();
    expect(copied.equals(data)).toBe(true);
    const [meta] = await bucket.file('cp/copy.bin').getMetadata();
    expect(meta).toMatchObject({ contentType: 'application/pdf', metadata: { owner: 'ann' } });
    expect((await bucket.file('cp/src.bin').exists())[0]).toBe(true);

    await bucket.file('cp/copy.bin').move('cp/moved.bin');
    expect((await bucket.file('cp/copy.bin').exists())[0]).toBe(false);
    const [moved] = await bucket.file('cp/moved.bin').download();
    expect(moved.equals(data)).toBe(true);
  });

  it('answers 404 for a missing source and honours ifGenerationMatch on the destination', async () => {
    const bucket = gcs.bucket(BUCKET);
    await expect(bucket.file('cp/none.bin').copy(bucket.file('cp/x.bin'))).rejects.toMatchObject({
      code: 404,
    });
    await bucket.file('cp/a.bin').save(bytes(10), { resumable: false });
    await bucket.file('cp/b.bin').save(bytes(10), { resumable: false });
    await expect(
      bucket
        .file('cp/a.bin')
        .copy(bucket.file('cp/b.bin'), { preconditionOpts: { ifGenerationMatch: 0 } }),
    ).rejects.toMatchObject({ code: 412 });
  });
});

describe("copy metadata, makePublic (as Google's emulator)", () => {
  const source = async (metadata: Record<string, string>): Promise<void> => {
    await gcs
      .bucket(BUCKET)
      .file('cm/src.txt')
      .save('copy me', {
        resumable: false,
        metadata: { contentType: 'text/plain', cacheControl: 'private', metadata },
      });
  };

  it("given fields replace the source's; given custom metadata replaces it, tokens and all", async () => {
    await source({ firebaseStorageDownloadTokens: 't1,t2', hello: 'world' });
    const dest = gcs.bucket(BUCKET).file('cm/dest.txt');
    await gcs
      .bucket(BUCKET)
      .file('cm/src.txt')
      .copy(dest, {
        cacheControl: 'no-store',
        metadata: { foo: 'bar', gone: null },
      } as unknown as CopyOptions);
    const [meta] = await dest.getMetadata();
    expect(meta).toMatchObject({ contentType: 'text/plain', cacheControl: 'no-store' });
    expect(meta.metadata).toEqual({ foo: 'bar', gone: '' });
  });

  it("without custom metadata, or with none, the source's tokens are kept", async () => {
    await source({ firebaseStorageDownloadTokens: 't1', hello: 'world' });
    const src = gcs.bucket(BUCKET).file('cm/src.txt');
    await src.copy(gcs.bucket(BUCKET).file('cm/a.txt'));
    await src.copy(gcs.bucket(BUCKET).file('cm/b.txt'), { metadata: {} } as unknown as CopyOptions);
    expect((await gcs.bucket(BUCKET).file('cm/a.txt').getMetadata())[0].metadata).toEqual({
      firebaseStorageDownloadTokens: 't1',
      hello: 'world',
    });
    expect((await gcs.bucket(BUCKET).file('cm/b.txt').getMetadata())[0].metadata).toEqual({
      firebaseStorageDownloadTokens: 't1',
    });
  });

  it('a rewrite continued with a rewriteToken is not supported (501)', async () => {
    await source({});
    await expect(
      gcs
        .bucket(BUCKET)
        .file('cm/src.txt')
        .copy(gcs.bucket(BUCKET).file('cm/c.txt'), { token: 'next' }),
    ).rejects.toMatchObject({ code: 501 });
  });

  it('makePublic answers an ACL entry and changes nothing but the metageneration', async () => {
    await source({});
    const file = gcs.bucket(BUCKET).file('cm/src.txt');
    const [acl] = (await file.makePublic()) as unknown as [Record<string, unknown>];
    expect(acl).toMatchObject({
      kind: 'storage#objectAccessControl',
      object: 'cm/src.txt',
      bucket: BUCKET,
      entity: 'allUsers',
      role: 'READER',
    });
    expect(acl['id']).toMatch(new RegExp(`^${BUCKET}/cm/src.txt/\\d+/allUsers$`));
    expect((await file.getMetadata())[0].metageneration).toBe('2');
    const res = await fetch(`http://127.0.0.1:${server.port}/${BUCKET}/cm/src.txt`);
    expect(await res.text()).toBe('copy me');
  });
});

describe('Firebase metadata defaults and download tokens', () => {
  it('a web SDK upload is inline with identity encoding, served with Content-Disposition', async () => {
    const r = ref(getStorage(webApp), 'defaults/a.txt');
    await uploadBytes(r, new TextEncoder().encode('hi'), { contentType: 'text/plain' });
    const meta = await getMetadata(r);
    expect(meta.contentDisposition).toBe('inline');
    expect(meta.contentEncoding).toBe('identity');
    const res = await fetch(await getDownloadURL(r));
    expect(res.headers.get('content-disposition')).toBe('inline; filename*=a.txt');
  });

  // Google's emulator names the file in every download (`filename*=`, RFC 5987), after the
  // stored disposition or `attachment` when there is none (objects written through GCS).
  it('downloads name the file: attachment for GCS writes, RFC 5987 encoded', async () => {
    const name = "dl/Week 1 (draft)'s notes*.txt";
    await gcs.bucket(BUCKET).file(name).save('x', { resumable: false });
    const enc = encodeURIComponent(name);
    const expected = 'attachment; filename*=Week%201%20%28draft%29%27s%20notes%2A.txt';
    for (const url of [
      `/download/storage/v1/b/${BUCKET}/o/${enc}?alt=media`,
      `/v0/b/${BUCKET}/o/${enc}?alt=media`,
    ]) {
      const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
        headers: { authorization: 'Bearer owner' },
      });
      expect([res.status, res.headers.get('content-disposition')]).toEqual([200, expected]);
    }
    await gcs.bucket(BUCKET).file(name).setMetadata({ contentDisposition: 'inline' });
    const res = await fetch(`http://127.0.0.1:${server.port}/${BUCKET}/${name}`);
    expect(res.headers.get('content-disposition')).toBe(expected.replace('attachment', 'inline'));
  });

  it('the first Firebase read of a GCS-written object gives it a token: a metadata update', async () => {
    await gcs.bucket(BUCKET).file('defaults/gcs.txt').save('g', { resumable: false });
    const url = `http://127.0.0.1:${server.port}/v0/b/${BUCKET}/o/${encodeURIComponent('defaults/gcs.txt')}`;
    const first = (await (await fetch(url)).json()) as Record<string, string>;
    expect(first['metageneration']).toBe('2');
    expect(first['downloadTokens']).toMatch(/^[0-9a-f-]{36}$/);
    // Given once: later reads see the same token and metageneration.
    const again = (await (await fetch(url)).json()) as Record<string, string>;
    expect([again['metageneration'], again['downloadTokens']]).toEqual([
      '2',
      first['downloadTokens'],
    ]);
  });

  it('deleting the last download token makes a new one', async () => {
    const r = ref(getStorage(webApp), 'defaults/last.txt');
    await uploadBytes(r, new TextEncoder().encode('x'), { contentType: 'text/plain' });
    const url = `http://127.0.0.1:${server.port}/v0/b/${BUCKET}/o/${encodeURIComponent('defaults/last.txt')}`;
    const only = ((await (await fetch(url)).json()) as { downloadTokens: string }).downloadTokens;
    const after = await fetch(`${url}?delete_token=${only}`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
    });
    const tokens = ((await after.json()) as { downloadTokens: string }).downloadTokens.split(',');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).not.toBe(only);
    expect((await fetch(`${url}?alt=media&token=${tokens[0]}`)).status).toBe(200);
  });

  it('create_token / delete_token with admin credentials only', async () => {
    const r = ref(getStorage(webApp), 'defaults/t.txt');
    await uploadBytes(r, new TextEncoder().encode('tok'), { contentType: 'text/plain' });
    const url = `http://127.0.0.1:${server.port}/v0/b/${BUCKET}/o/${encodeURIComponent('defaults/t.txt')}`;
    const first = (await (await fetch(url)).json()) as { downloadTokens: string };
    expect((await fetch(`${url}?create_token=true`, { method: 'POST' })).status).toBe(403);
    const created = await fetch(`${url}?create_token=true`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
    });
    const tokens = ((await created.json()) as { downloadTokens: string }).downloadTokens.split(',');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(first.downloadTokens);
    const media = (t: string) => fetch(`${url}?alt=media&token=${t}`);
    expect((await media(tokens[1]!)).status).toBe(200);
    const deleted = await fetch(`${url}?delete_token=${tokens[0]}`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
    });
    expect(((await deleted.json()) as { downloadTokens: string }).downloadTokens).toBe(tokens[1]);
    expect((await media(tokens[0]!)).status).toBe(403);
  });
});
