/**
 * Conformance with the firebase@12 web SDK (Node build) over real HTTP: every storage
 * operation the app uses, asserting bytes, metadata and SDK error codes.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBlob,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  getStream,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
  type UploadTaskSnapshot,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from './index.js';

const BUCKET = 'demo-web.appspot.com';
let server: StorageServer;
let app: FirebaseApp;
let storage: FirebaseStorage;

function bytes(n: number, seed = 7): Uint8Array {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x & 0xff;
  }
  return b;
}

async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code: string }).code;
  }
  throw new Error('expected rejection');
}

beforeAll(async () => {
  server = await startStorageServer({ port: 0 });
  app = initializeApp(
    { projectId: 'demo-web', storageBucket: BUCKET, apiKey: 'fake' },
    'web-sdk-test',
  );
  storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', server.port);
});

afterAll(async () => {
  await deleteApp(app);
  await server.close();
});

beforeEach(async () => {
  await server.clear();
});

describe('web SDK (Node)', () => {
  it('uploadBytes then getBytes/getBlob/getStream return the same bytes and metadata', async () => {
    const data = bytes(1000);
    const r = ref(storage, 'notes/u1/a b+c.pdf');
    const up = await uploadBytes(r, data, {
      contentType: 'application/pdf',
      customMetadata: { owner: 'u1' },
      cacheControl: 'max-age=60',
    });
    expect(up.metadata.fullPath).toBe('notes/u1/a b+c.pdf');
    expect(up.metadata.name).toBe('a b+c.pdf');
    expect(up.metadata.size).toBe(1000);
    expect(up.metadata.contentType).toBe('application/pdf');
    expect(up.metadata.customMetadata).toEqual({ owner: 'u1' });
    expect(up.metadata.cacheControl).toBe('max-age=60');
    expect(up.metadata.bucket).toBe(BUCKET);
    expect(up.metadata.md5Hash).toMatch(/==$/);

    expect(new Uint8Array(await getBytes(r))).toEqual(data);
    expect(new Uint8Array(await getBytes(r, 10))).toEqual(data.slice(0, 10));
    // getBlob is browser-only in the SDK's Node build (it throws there); covered in browser.test.ts.
    expect(() => getBlob(r)).toThrow(/Browser-like/);

    const chunks: Uint8Array[] = [];
    const stream = getStream(r) as unknown as ReadableStream<Uint8Array>;
    for await (const c of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(c);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(data);
  });

  it('uploadString and content type from the data', async () => {
    const r = ref(storage, 'txt/hello.txt');
    const up = await uploadString(r, 'hello world', 'raw', { contentType: 'text/plain' });
    expect(up.metadata.size).toBe(11);
    expect(Buffer.from(await getBytes(r)).toString()).toBe('hello world');
    const b64 = await uploadString(
      ref(storage, 'txt/b64'),
      Buffer.from('xyz').toString('base64'),
      'base64',
    );
    expect(b64.metadata.contentType).toBe('application/octet-stream');
  });

  it('getDownloadURL returns a token URL that downloads without auth', async () => {
    const data = bytes(300);
    const r = ref(storage, 'avatars/u1.png');
    await uploadBytes(r, data, { contentType: 'image/png' });
    const url = await getDownloadURL(r);
    expect(url).toContain(`/v0/b/${BUCKET}/o/avatars%2Fu1.png?alt=media&token=`);
    const resp = await fetch(url);
    expect(resp.status).toBe(200);
    expect(resp.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await resp.arrayBuffer())).toEqual(data);
    const bad = await fetch(url.replace(/token=[^&]+/, 'token=nope'));
    expect(bad.status).toBe(403);
  });

  it('getMetadata / updateMetadata set and delete fields (null deletes)', async () => {
    const r = ref(storage, 'm/file.txt');
    await uploadBytes(r, bytes(5), {
      contentType: 'text/plain',
      customMetadata: { a: '1', b: '2' },
    });
    const md = await getMetadata(r);
    expect(md.contentType).toBe('text/plain');
    expect(md.customMetadata).toEqual({ a: '1', b: '2' });
    expect(md.generation).toMatch(/^\d+$/);
    expect(md.metageneration).toBe('1');

    const up = await updateMetadata(r, {
      contentType: 'text/markdown',
      cacheControl: 'no-cache',
      contentDisposition: 'attachment; filename="f.txt"',
      contentEncoding: 'identity',
      contentLanguage: 'fr',
      customMetadata: { a: 'x', c: '3' },
    });
    expect(up.contentType).toBe('text/markdown');
    expect(up.cacheControl).toBe('no-cache');
    expect(up.contentDisposition).toBe('attachment; filename="f.txt"');
    expect(up.contentEncoding).toBe('identity');
    expect(up.contentLanguage).toBe('fr');
    expect(up.customMetadata).toEqual({ a: 'x', b: '2', c: '3' });
    expect(up.metageneration).toBe('2');

    const del = await updateMetadata(r, {
      cacheControl: null as unknown as string,
      customMetadata: { b: null as unknown as string },
    });
    expect(del.cacheControl).toBeUndefined();
    expect(del.customMetadata).toEqual({ a: 'x', c: '3' });
    expect(del.contentType).toBe('text/markdown');
    // Download URL survives metadata updates.
    await expect(getDownloadURL(r)).resolves.toContain('token=');
  });

  it('deleteObject and object-not-found errors', async () => {
    const r = ref(storage, 'gone.txt');
    await uploadString(r, 'x');
    await deleteObject(r);
    expect(await errorCode(getMetadata(r))).toBe('storage/object-not-found');
    expect(await errorCode(getBytes(r))).toBe('storage/object-not-found');
    expect(await errorCode(getDownloadURL(r))).toBe('storage/object-not-found');
    expect(await errorCode(deleteObject(r))).toBe('storage/object-not-found');
    expect(await errorCode(updateMetadata(r, { contentType: 'a/b' }))).toBe(
      'storage/object-not-found',
    );
  });

  it('list with prefixes, maxResults and page tokens; listAll', async () => {
    const names = ['d/a.txt', 'd/b.txt', 'd/c.txt', 'd/sub1/x', 'd/sub1/y', 'd/sub2/z', 'other/q'];
    for (const n of names) await uploadString(ref(storage, n), n);
    const all = await listAll(ref(storage, 'd'));
    expect(all.items.map((i) => i.fullPath)).toEqual(['d/a.txt', 'd/b.txt', 'd/c.txt']);
    expect(all.prefixes.map((p) => p.fullPath)).toEqual(['d/sub1', 'd/sub2']);

    const seen: string[] = [];
    let page = await list(ref(storage, 'd'), { maxResults: 2 });
    seen.push(...page.items.map((i) => i.fullPath), ...page.prefixes.map((p) => p.fullPath + '/'));
    expect(page.nextPageToken).toBeTruthy();
    while (page.nextPageToken) {
      page = await list(ref(storage, 'd'), { maxResults: 2, pageToken: page.nextPageToken });
      seen.push(
        ...page.items.map((i) => i.fullPath),
        ...page.prefixes.map((p) => p.fullPath + '/'),
      );
    }
    expect(seen.sort()).toEqual(['d/a.txt', 'd/b.txt', 'd/c.txt', 'd/sub1/', 'd/sub2/']);

    const root = await listAll(ref(storage));
    expect(root.prefixes.map((p) => p.fullPath)).toEqual(['d', 'other']);
    expect(root.items).toEqual([]);
  });

  it('uploadBytesResumable: progress events, pause/resume, bytes intact', async () => {
    const data = bytes(3 * 1024 * 1024 + 123, 3);
    const r = ref(storage, 'big/file.bin');
    const task = uploadBytesResumable(r, data, {
      contentType: 'application/octet-stream',
      customMetadata: { k: 'v' },
    });
    const progress: number[] = [];
    let paused = false;
    let sawPaused = false;
    task.on('state_changed', (s: UploadTaskSnapshot) => {
      progress.push(s.bytesTransferred);
      if (s.state === 'paused') {
        sawPaused = true;
        setTimeout(() => task.resume(), 20);
      }
      if (!paused && s.bytesTransferred > 0) {
        paused = true;
        task.pause();
      }
    });
    const snap = await task;
    expect(sawPaused).toBe(true);
    expect(snap.state).toBe('success');
    expect(snap.totalBytes).toBe(data.length);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[progress.length - 1]).toBe(data.length);
    expect(snap.metadata.size).toBe(data.length);
    expect(snap.metadata.customMetadata).toEqual({ k: 'v' });
    expect(Buffer.compare(Buffer.from(await getBytes(r)), Buffer.from(data))).toBe(0);
  });

  it('uploadBytesResumable cancel rejects with storage/canceled and stores nothing', async () => {
    const r = ref(storage, 'big/cancelled.bin');
    const task = uploadBytesResumable(r, bytes(2 * 1024 * 1024));
    task.on('state_changed', (s) => {
      if (s.bytesTransferred > 0) task.cancel();
    });
    expect(await errorCode(task.then(() => undefined))).toBe('storage/canceled');
    expect(await errorCode(getMetadata(r))).toBe('storage/object-not-found');
  });

  it('small uploadBytesResumable uses the one-shot path', async () => {
    const r = ref(storage, 'small.bin');
    const snap = await uploadBytesResumable(r, bytes(1000));
    expect(snap.metadata.size).toBe(1000);
  });
});
