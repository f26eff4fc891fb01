/**
 * Every scenario operation implemented once against the modular web SDK. The same code runs in
 * Node (imported with the SDK's Node build, i.e. gRPC) and in Chromium (bundled by esbuild with
 * the browser build, i.e. WebChannel), so the two drivers differ only in transport.
 *
 * Every method takes and returns plain serializable values (see spec.ts) and never throws: it
 * resolves to an Outcome, so errors keep their SDK code when they cross `page.evaluate`.
 */
import type * as FirestoreModule from 'firebase/firestore';
import type * as AppModule from 'firebase/app';
import type {
  Aggregations,
  ContentionResult,
  Cursor,
  Data,
  DocSnap,
  FieldRef,
  Filter,
  ListenEvent,
  ListenTarget,
  Outcome,
  QuerySnap,
  QuerySpec,
  SetOptions,
  Tagged,
  UpdateArg,
  WriteOp,
} from './spec.js';

type Fs = typeof FirestoreModule;
type App = typeof AppModule;

export interface WebInit {
  projectId: string;
  host: string;
  port: number;
  longPolling?: boolean;
  appName: string;
}

interface ListenerState {
  queue: ListenEvent[];
  wake: (() => void) | null;
  unsubscribe: () => void;
}

export function createWebOps(fs: Fs, appMod: App) {
  let app: AppModule.FirebaseApp | undefined;
  let db: FirestoreModule.Firestore | undefined;
  const listeners = new Map<number, ListenerState>();
  let nextListenerId = 1;

  function database(): FirestoreModule.Firestore {
    if (!db) throw new Error('web-ops: init() was not called');
    return db;
  }

  function fieldToSdk(f: FieldRef): string | FirestoreModule.FieldPath {
    if (Array.isArray(f)) return new fs.FieldPath(...f);
    if (f === '__name__') return fs.documentId();
    return f;
  }

  function toSdk(v: Tagged): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(toSdk);
    const o = v as Record<string, unknown>;
    if ('$ts' in o) {
      const [s, n] = o.$ts as [number, number];
      return new fs.Timestamp(s, n);
    }
    if ('$geo' in o) {
      const [lat, lng] = o.$geo as [number, number];
      return new fs.GeoPoint(lat, lng);
    }
    if ('$bytes' in o) return fs.Bytes.fromBase64String(o.$bytes as string);
    if ('$ref' in o) return fs.doc(database(), o.$ref as string);
    if ('$serverTimestamp' in o) return fs.serverTimestamp();
    if ('$increment' in o) return fs.increment(o.$increment as number);
    if ('$arrayUnion' in o) return fs.arrayUnion(...(o.$arrayUnion as Tagged[]).map(toSdk));
    if ('$arrayRemove' in o) return fs.arrayRemove(...(o.$arrayRemove as Tagged[]).map(toSdk));
    if ('$maximum' in o) return fs.maximum(o.$maximum as number);
    if ('$minimum' in o) return fs.minimum(o.$minimum as number);
    if ('$delete' in o) return fs.deleteField();
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = toSdk(x);
    return out;
  }

  function fromSdk(v: unknown): Tagged {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(fromSdk);
    if (v instanceof fs.Timestamp) return { $ts: [v.seconds, v.nanoseconds] };
    if (v instanceof fs.GeoPoint) return { $geo: [v.latitude, v.longitude] };
    if (v instanceof fs.Bytes) return { $bytes: v.toBase64() };
    if (v instanceof fs.DocumentReference) return { $ref: v.path };
    const out: Record<string, Tagged> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = fromSdk(x);
    return out;
  }

  function filterToSdk(f: Filter): FirestoreModule.QueryFilterConstraint {
    if ('and' in f) return fs.and(...f.and.map(filterToSdk));
    if ('or' in f) return fs.or(...f.or.map(filterToSdk));
    return fs.where(fieldToSdk(f.field), f.op, toSdk(f.value));
  }

  async function cursorArgs(c: Cursor): Promise<unknown[]> {
    if ('doc' in c) return [await fs.getDoc(fs.doc(database(), c.doc))];
    return c.values.map(toSdk);
  }

  async function buildQuery(spec: QuerySpec): Promise<FirestoreModule.Query> {
    if (spec.offset !== undefined || spec.select !== undefined) {
      throw Object.assign(new Error('offset/select are not in the web SDK'), {
        code: 'unimplemented',
      });
    }
    const d = database();
    const base = spec.group
      ? fs.collectionGroup(d, spec.collection)
      : fs.collection(d, spec.collection);
    const filters = (spec.where ?? []).map(filterToSdk);
    const rest: FirestoreModule.QueryNonFilterConstraint[] = [];
    for (const [field, dir] of spec.orderBy ?? [])
      rest.push(fs.orderBy(fieldToSdk(field), dir ?? 'asc'));
    // Cursor constraint functions accept either a snapshot or field values.
    const cursorFns = [
      ['startAt', fs.startAt],
      ['startAfter', fs.startAfter],
      ['endAt', fs.endAt],
      ['endBefore', fs.endBefore],
    ] as const;
    for (const [key, fn] of cursorFns) {
      const c = spec[key];
      if (c)
        rest.push(
          (fn as (...a: unknown[]) => FirestoreModule.QueryNonFilterConstraint)(
            ...(await cursorArgs(c)),
          ),
        );
    }
    if (spec.limit !== undefined) rest.push(fs.limit(spec.limit));
    if (spec.limitToLast !== undefined) rest.push(fs.limitToLast(spec.limitToLast));
    // Plain where() constraints are how apps write AND queries; composites only when asked.
    const allPlain = (spec.where ?? []).every((f) => 'field' in f);
    if (filters.length === 0) return fs.query(base, ...rest);
    if (allPlain) {
      return fs.query(base, ...(filters as FirestoreModule.QueryFieldFilterConstraint[]), ...rest);
    }
    const composite = filters.length === 1 ? filters[0] : fs.and(...filters);
    return fs.query(base, composite as FirestoreModule.QueryCompositeFilterConstraint, ...rest);
  }

  function docSnap(s: FirestoreModule.DocumentSnapshot): DocSnap {
    const exists = s.exists();
    return {
      path: s.ref.path,
      id: s.id,
      exists,
      ...(exists ? { data: fromSdk(s.data()) as Data } : {}),
      fromCache: s.metadata.fromCache,
      hasPendingWrites: s.metadata.hasPendingWrites,
    };
  }

  function querySnap(s: FirestoreModule.QuerySnapshot): QuerySnap {
    return {
      docs: s.docs.map((d) => ({ id: d.id, path: d.ref.path, data: fromSdk(d.data()) as Data })),
      changes: s.docChanges().map((c) => ({
        type: c.type,
        id: c.doc.id,
        oldIndex: c.oldIndex,
        newIndex: c.newIndex,
        data: fromSdk(c.doc.data()) as Data,
      })),
      fromCache: s.metadata.fromCache,
      hasPendingWrites: s.metadata.hasPendingWrites,
    };
  }

  function setOptions(o?: SetOptions): FirestoreModule.SetOptions | undefined {
    if (!o) return undefined;
    if (o.mergeFields) return { mergeFields: o.mergeFields.map(fieldToSdk) };
    if (o.merge) return { merge: true };
    return undefined;
  }

  function updateArgs(u: UpdateArg): unknown[] {
    if ('data' in u) return [toSdk(u.data)];
    return u.pairs.flatMap(([f, v]) => [fieldToSdk(f), toSdk(v)]);
  }

  async function wrap<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      const err = e as { code?: string; message?: string };
      return {
        ok: false,
        error: { code: String(err.code ?? 'unknown'), message: String(err.message ?? e) },
      };
    }
  }

  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  return {
    async init(o: WebInit): Promise<Outcome<null>> {
      return wrap(async () => {
        app = appMod.initializeApp({ projectId: o.projectId, apiKey: 'fake-api-key' }, o.appName);
        db = o.longPolling
          ? fs.initializeFirestore(app, { experimentalForceLongPolling: true })
          : fs.getFirestore(app);
        fs.connectFirestoreEmulator(db, o.host, o.port);
        return null;
      });
    },
    async set(path: string, data: Data, options?: SetOptions) {
      return wrap(async () => {
        const ref = fs.doc(database(), path);
        const opts = setOptions(options);
        if (opts) await fs.setDoc(ref, toSdk(data) as FirestoreModule.DocumentData, opts);
        else await fs.setDoc(ref, toSdk(data) as FirestoreModule.DocumentData);
        return null;
      });
    },
    /** addDoc: returns the generated id. */
    async add(collection: string, data: Data) {
      return wrap(async () => {
        const ref = await fs.addDoc(
          fs.collection(database(), collection),
          toSdk(data) as FirestoreModule.DocumentData,
        );
        return ref.id;
      });
    },
    async update(path: string, arg: UpdateArg) {
      return wrap(async () => {
        const ref = fs.doc(database(), path);
        await (fs.updateDoc as (...a: unknown[]) => Promise<void>)(ref, ...updateArgs(arg));
        return null;
      });
    },
    async delete(path: string) {
      return wrap(async () => {
        await fs.deleteDoc(fs.doc(database(), path));
        return null;
      });
    },
    async get(path: string) {
      return wrap(async () => docSnap(await fs.getDoc(fs.doc(database(), path))));
    },
    async query(spec: QuerySpec) {
      return wrap(async () => querySnap(await fs.getDocs(await buildQuery(spec))));
    },
    async aggregate(spec: QuerySpec, aggs: Aggregations) {
      return wrap(async () => {
        const spec2: Record<string, FirestoreModule.AggregateField<unknown>> = {};
        for (const [alias, a] of Object.entries(aggs)) {
          spec2[alias] =
            a[0] === 'count'
              ? fs.count()
              : a[0] === 'sum'
                ? fs.sum(fieldToSdk(a[1]))
                : fs.average(fieldToSdk(a[1]));
        }
        const r = await fs.getAggregateFromServer(await buildQuery(spec), spec2);
        return r.data() as Record<string, number | null>;
      });
    },
    async batch(ops: WriteOp[]) {
      return wrap(async () => {
        const b = fs.writeBatch(database());
        for (const o of ops) {
          const ref = fs.doc(database(), o.path);
          if (o.op === 'set') {
            const opts = setOptions(o.options);
            if (opts) b.set(ref, toSdk(o.data) as FirestoreModule.DocumentData, opts);
            else b.set(ref, toSdk(o.data) as FirestoreModule.DocumentData);
          } else if (o.op === 'update') {
            (b.update as (...a: unknown[]) => unknown)(ref, ...updateArgs(o));
          } else {
            b.delete(ref);
          }
        }
        await b.commit();
        return null;
      });
    },
    /** Reads documents inside a transaction that writes nothing. */
    async txRead(paths: string[]) {
      return wrap(async () =>
        fs.runTransaction(database(), async (tx) => {
          const snaps = [];
          for (const p of paths) snaps.push(docSnap(await tx.get(fs.doc(database(), p))));
          return snaps;
        }),
      );
    },
    /**
     * Two transactions that both read `path` before either commits (a barrier, bounded by
     * barrierMs so a server that serializes readers cannot deadlock the test), then each writes
     * field+1. Both must succeed; the loser is retried by the SDK.
     */
    async contend(path: string, field: string, barrierMs: number) {
      return wrap(async (): Promise<ContentionResult> => {
        const ref = fs.doc(database(), path);
        const attempts: [number, number] = [0, 0];
        let arrived = 0;
        const run = (i: 0 | 1) =>
          fs.runTransaction(database(), async (tx) => {
            attempts[i]++;
            const s = await tx.get(ref);
            if (attempts[i] === 1) {
              arrived++;
              const until = Date.now() + barrierMs;
              while (arrived < 2 && Date.now() < until) await sleep(5);
            }
            tx.update(ref, { [field]: (s.get(field) as number) + 1 });
          });
        await Promise.all([run(0), run(1)]);
        const final = await fs.getDoc(ref);
        return { attempts, finalValue: fromSdk(final.get(field)) };
      });
    },
    async listen(target: ListenTarget, includeMetadataChanges: boolean) {
      return wrap(async () => {
        const id = nextListenerId++;
        const st: ListenerState = { queue: [], wake: null, unsubscribe: () => {} };
        const push = (e: ListenEvent) => {
          st.queue.push(e);
          st.wake?.();
        };
        const onError = (e: { code?: string; message?: string }) =>
          push({ kind: 'error', code: String(e.code), message: String(e.message) });
        const opts = { includeMetadataChanges };
        if ('doc' in target) {
          st.unsubscribe = fs.onSnapshot(
            fs.doc(database(), target.doc),
            opts,
            (s) => push({ kind: 'doc', snap: docSnap(s) }),
            onError,
          );
        } else {
          st.unsubscribe = fs.onSnapshot(
            await buildQuery(target.query),
            opts,
            (s) => push({ kind: 'query', snap: querySnap(s) }),
            onError,
          );
        }
        listeners.set(id, st);
        return id;
      });
    },
    /** Next queued event of a listener, or null after timeoutMs. */
    async nextEvent(id: number, timeoutMs: number) {
      return wrap(async (): Promise<ListenEvent | null> => {
        const st = listeners.get(id);
        if (!st) throw new Error(`no listener ${id}`);
        const until = Date.now() + timeoutMs;
        while (st.queue.length === 0) {
          const left = until - Date.now();
          if (left <= 0) return null;
          await new Promise<void>((r) => {
            const t = setTimeout(r, left);
            st.wake = () => {
              clearTimeout(t);
              r();
            };
          });
          st.wake = null;
        }
        return st.queue.shift()!;
      });
    },
    async unlisten(id: number) {
      return wrap(async () => {
        // Keep the (now silent) queue so a later nextEvent can show that nothing arrives.
        listeners.get(id)?.unsubscribe();
        return null;
      });
    },
    async disableNetwork() {
      return wrap(async () => {
        await fs.disableNetwork(database());
        return null;
      });
    },
    async enableNetwork() {
      return wrap(async () => {
        await fs.enableNetwork(database());
        return null;
      });
    },
    async close() {
      return wrap(async () => {
        for (const st of listeners.values()) st.unsubscribe();
        listeners.clear();
        if (db) await fs.terminate(db);
        if (app) await appMod.deleteApp(app);
        db = undefined;
        app = undefined;
        return null;
      });
    },
  };
}

export type WebOps = ReturnType<typeof createWebOps>;
