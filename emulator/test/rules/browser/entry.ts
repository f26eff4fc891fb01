/**
 * esbuild entry for the Chromium rules cases: the web SDK's browser build (Firestore over
 * WebChannel, Storage over fetch) signed in with a mock token the way rules-unit-testing does.
 * Every function resolves to a plain Outcome so the SDK error code survives page.evaluate.
 */
import { initializeApp } from 'firebase/app';
import * as fs from 'firebase/firestore';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';

export type Outcome = { ok: true; value?: unknown } | { ok: false; code: string; message: string };

let db: fs.Firestore | undefined;
let storage: ReturnType<typeof getStorage> | undefined;

async function run(f: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await f() };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { ok: false, code: String(err.code ?? 'unknown'), message: String(err.message ?? e) };
  }
}

const api = {
  init(o: {
    projectId: string;
    uid: string | null;
    fs: [string, number];
    st: [string, number];
  }): Outcome {
    const app = initializeApp(
      { projectId: o.projectId, apiKey: 'fake-api-key', storageBucket: o.projectId },
      `app-${o.uid ?? 'anon'}`,
    );
    db = fs.getFirestore(app);
    const mock = o.uid ? { mockUserToken: { sub: o.uid, user_id: o.uid } } : {};
    fs.connectFirestoreEmulator(db, o.fs[0], o.fs[1], mock);
    storage = getStorage(app);
    connectStorageEmulator(storage, o.st[0], o.st[1], mock);
    return { ok: true };
  },
  get: (path: string) => run(async () => (await fs.getDoc(fs.doc(db!, path))).data() ?? null),
  set: (path: string, data: Record<string, unknown>) =>
    run(() => fs.setDoc(fs.doc(db!, path), data)),
  query: (coll: string, field: string | null, value: unknown) =>
    run(async () => {
      const c = fs.collection(db!, coll);
      const q = field ? fs.query(c, fs.where(field, '==', value)) : c;
      return (await fs.getDocs(q)).size;
    }),
  listen: (coll: string, field: string | null, value: unknown) =>
    run(
      () =>
        new Promise((resolve, reject) => {
          const c = fs.collection(db!, coll);
          const q = field ? fs.query(c, fs.where(field, '==', value)) : c;
          // A first snapshot may come from the local cache (documents another listener of
          // this page cached); only the server's answer says whether the target was allowed.
          const unsubscribe = fs.onSnapshot(
            q,
            { includeMetadataChanges: true },
            (s) => {
              if (s.metadata.fromCache) return;
              unsubscribe();
              resolve(s.size);
            },
            reject,
          );
        }),
    ),
  upload: (path: string, size: number, contentType: string) =>
    run(async () => {
      await uploadBytes(ref(storage!, path), new Uint8Array(size).fill(65), { contentType });
      return size;
    }),
  terminate: () => run(() => fs.terminate(db!)),
};

export type BrowserApi = typeof api;
(globalThis as unknown as { rules: BrowserApi }).rules = api;
