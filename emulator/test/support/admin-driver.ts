/** The scenario vocabulary (spec.ts) implemented with firebase-admin (gRPC, `Bearer owner`). */
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import {
  getFirestore,
  FieldPath,
  FieldValue,
  Filter as AdminFilter,
  AggregateField,
  Timestamp,
  GeoPoint,
  DocumentReference,
  DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
  v1,
} from 'firebase-admin/firestore';
import { credentials } from '@grpc/grpc-js';
import { randomBytes } from 'node:crypto';
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
  QuerySnap,
  QuerySpec,
  SetOptions,
  Tagged,
  UpdateArg,
  WriteOp,
} from './spec.js';
import { DriverError, EventQueue, type Driver, type Listener } from './driver.js';

const GRPC_CODES: Record<number, string> = {
  1: 'cancelled',
  2: 'unknown',
  3: 'invalid-argument',
  4: 'deadline-exceeded',
  5: 'not-found',
  6: 'already-exists',
  7: 'permission-denied',
  8: 'resource-exhausted',
  9: 'failed-precondition',
  10: 'aborted',
  11: 'out-of-range',
  12: 'unimplemented',
  13: 'internal',
  14: 'unavailable',
  15: 'data-loss',
  16: 'unauthenticated',
};

export function normalizeAdminError(e: unknown): DriverError {
  const err = e as { code?: unknown; message?: string };
  const code =
    typeof err.code === 'number'
      ? (GRPC_CODES[err.code] ?? String(err.code))
      : String(err.code ?? 'unknown');
  return new DriverError(code, String(err.message ?? e));
}

export class AdminDriver implements Driver {
  readonly kind = 'admin' as const;
  readonly name = 'admin';
  readonly app: App;
  readonly db: Firestore;

  private gapic: InstanceType<typeof v1.FirestoreClient> | undefined;

  constructor(
    readonly projectId: string,
    private readonly hostPort: string,
  ) {
    this.app = initializeApp({ projectId }, `admin-${projectId}-${randomBytes(4).toString('hex')}`);
    // ssl:false is what makes the client send `Bearer owner` (emulator admin), exactly as with
    // FIRESTORE_EMULATOR_HOST; passing the host explicitly lets one process reach several servers.
    // firebase-admin forwards only some settings to the client, so set host/ssl afterwards.
    this.db = getFirestore(this.app);
    this.db.settings({ host: hostPort, ssl: false });
  }

  private field(f: FieldRef): string | FieldPath {
    if (Array.isArray(f)) return new FieldPath(...f);
    if (f === '__name__') return FieldPath.documentId();
    return f;
  }

  toSdk(v: Tagged): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.toSdk(x));
    const o = v as Record<string, unknown>;
    if ('$ts' in o) {
      const [s, n] = o.$ts as [number, number];
      return new Timestamp(s, n);
    }
    if ('$geo' in o) {
      const [lat, lng] = o.$geo as [number, number];
      return new GeoPoint(lat, lng);
    }
    if ('$bytes' in o) return Buffer.from(o.$bytes as string, 'base64');
    if ('$ref' in o) return this.db.doc(o.$ref as string);
    if ('$serverTimestamp' in o) return FieldValue.serverTimestamp();
    if ('$increment' in o) return FieldValue.increment(o.$increment as number);
    if ('$arrayUnion' in o)
      return FieldValue.arrayUnion(...(o.$arrayUnion as Tagged[]).map((x) => this.toSdk(x)));
    if ('$arrayRemove' in o)
      return FieldValue.arrayRemove(...(o.$arrayRemove as Tagged[]).map((x) => this.toSdk(x)));
    if ('$maximum' in o) return FieldValue.maximum(o.$maximum as number);
    if ('$minimum' in o) return FieldValue.minimum(o.$minimum as number);
    if ('$delete' in o) return FieldValue.delete();
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = this.toSdk(x);
    return out;
  }

  fromSdk(v: unknown): Tagged {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.fromSdk(x));
    if (v instanceof Timestamp) return { $ts: [v.seconds, v.nanoseconds] };
    if (v instanceof GeoPoint) return { $geo: [v.latitude, v.longitude] };
    if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
    if (v instanceof DocumentReference) return { $ref: v.path };
    const out: Record<string, Tagged> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = this.fromSdk(x);
    return out;
  }

  private filter(f: Filter): AdminFilter {
    if ('and' in f) return AdminFilter.and(...f.and.map((x) => this.filter(x)));
    if ('or' in f) return AdminFilter.or(...f.or.map((x) => this.filter(x)));
    return AdminFilter.where(this.field(f.field), f.op, this.toSdk(f.value));
  }

  private async cursor(c: Cursor): Promise<unknown[]> {
    if ('doc' in c) return [await this.db.doc(c.doc).get()];
    return c.values.map((x) => this.toSdk(x));
  }

  async buildQuery(spec: QuerySpec): Promise<Query> {
    let q: Query = spec.group
      ? this.db.collectionGroup(spec.collection)
      : this.db.collection(spec.collection);
    for (const f of spec.where ?? []) {
      q =
        'field' in f
          ? q.where(this.field(f.field), f.op, this.toSdk(f.value))
          : q.where(this.filter(f));
    }
    for (const [field, dir] of spec.orderBy ?? []) q = q.orderBy(this.field(field), dir ?? 'asc');
    if (spec.startAt) q = q.startAt(...(await this.cursor(spec.startAt)));
    if (spec.startAfter) q = q.startAfter(...(await this.cursor(spec.startAfter)));
    if (spec.endAt) q = q.endAt(...(await this.cursor(spec.endAt)));
    if (spec.endBefore) q = q.endBefore(...(await this.cursor(spec.endBefore)));
    if (spec.limit !== undefined) q = q.limit(spec.limit);
    if (spec.limitToLast !== undefined) q = q.limitToLast(spec.limitToLast);
    if (spec.offset !== undefined) q = q.offset(spec.offset);
    if (spec.select) q = q.select(...spec.select.map((f) => this.field(f)));
    return q;
  }

  docSnap(s: DocumentSnapshot): DocSnap {
    return {
      path: s.ref.path,
      id: s.id,
      exists: s.exists,
      ...(s.exists ? { data: this.fromSdk(s.data()) as Data } : {}),
    };
  }

  querySnap(s: QuerySnapshot): QuerySnap {
    return {
      docs: s.docs.map((d) => ({
        id: d.id,
        path: d.ref.path,
        data: this.fromSdk(d.data()) as Data,
      })),
      changes: s.docChanges().map((c) => ({
        type: c.type,
        id: c.doc.id,
        oldIndex: c.oldIndex,
        newIndex: c.newIndex,
        data: this.fromSdk(c.doc.data()) as Data,
      })),
    };
  }

  private setOpts(o?: SetOptions) {
    if (o?.mergeFields) return { mergeFields: o.mergeFields.map((f) => this.field(f)) };
    if (o?.merge) return { merge: true };
    return undefined;
  }

  private updateArgs(u: UpdateArg): unknown[] {
    if ('data' in u) return [this.toSdk(u.data)];
    return u.pairs.flatMap(([f, v]) => [this.field(f), this.toSdk(v)]);
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof DriverError) throw e;
      throw normalizeAdminError(e);
    }
  }

  set(path: string, data: Data, options?: SetOptions) {
    return this.guard(async () => {
      const o = this.setOpts(options);
      const d = this.toSdk(data) as FirebaseFirestore.DocumentData;
      if (o) await this.db.doc(path).set(d, o);
      else await this.db.doc(path).set(d);
    });
  }
  add(collection: string, data: Data) {
    return this.guard(
      async () =>
        (
          await this.db
            .collection(collection)
            .add(this.toSdk(data) as FirebaseFirestore.DocumentData)
        ).id,
    );
  }
  update(path: string, arg: UpdateArg) {
    return this.guard(async () => {
      await (this.db.doc(path).update as (...a: unknown[]) => Promise<unknown>)(
        ...this.updateArgs(arg),
      );
    });
  }
  delete(path: string) {
    return this.guard(async () => {
      await this.db.doc(path).delete();
    });
  }
  get(path: string) {
    return this.guard(async () => this.docSnap(await this.db.doc(path).get()));
  }
  query(spec: QuerySpec) {
    return this.guard(async () => this.querySnap(await (await this.buildQuery(spec)).get()));
  }
  aggregate(spec: QuerySpec, aggs: Aggregations) {
    return this.guard(async () => {
      const a: Record<string, AggregateField<number | null>> = {};
      for (const [alias, x] of Object.entries(aggs)) {
        a[alias] =
          x[0] === 'count'
            ? AggregateField.count()
            : x[0] === 'sum'
              ? AggregateField.sum(this.field(x[1]))
              : AggregateField.average(this.field(x[1]));
      }
      const r = await (await this.buildQuery(spec)).aggregate(a).get();
      return r.data() as Record<string, number | null>;
    });
  }
  batch(ops: WriteOp[]) {
    return this.guard(async () => {
      const b = this.db.batch();
      for (const o of ops) {
        const ref = this.db.doc(o.path);
        if (o.op === 'set') {
          const so = this.setOpts(o.options);
          const d = this.toSdk(o.data) as FirebaseFirestore.DocumentData;
          if (so) b.set(ref, d, so);
          else b.set(ref, d);
        } else if (o.op === 'update') {
          (b.update as (...a: unknown[]) => unknown)(ref, ...this.updateArgs(o));
        } else b.delete(ref);
      }
      await b.commit();
    });
  }
  txRead(paths: string[]) {
    return this.guard(async () =>
      this.db.runTransaction(async (tx) => {
        const out: DocSnap[] = [];
        for (const p of paths) out.push(this.docSnap(await tx.get(this.db.doc(p))));
        return out;
      }),
    );
  }
  contend(path: string, field: string, barrierMs: number) {
    return this.guard(async (): Promise<ContentionResult> => {
      const ref = this.db.doc(path);
      const attempts: [number, number] = [0, 0];
      let arrived = 0;
      const run = (i: 0 | 1) =>
        this.db.runTransaction(async (tx) => {
          attempts[i]++;
          const s = await tx.get(ref);
          if (attempts[i] === 1) {
            arrived++;
            const until = Date.now() + barrierMs;
            while (arrived < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
          }
          tx.update(ref, { [field]: (s.get(field) as number) + 1 });
        });
      await Promise.all([run(0), run(1)]);
      return { attempts, finalValue: this.fromSdk((await ref.get()).get(field)) };
    });
  }
  async listen(target: ListenTarget): Promise<Listener> {
    const q = new EventQueue();
    const onError = (e: unknown) => {
      const d = normalizeAdminError(e);
      q.push({ kind: 'error', code: d.code, message: d.message } satisfies ListenEvent);
    };
    let unsub: () => void;
    if ('doc' in target) {
      unsub = this.db
        .doc(target.doc)
        .onSnapshot((s) => q.push({ kind: 'doc', snap: this.docSnap(s) }), onError);
    } else {
      const query = await this.buildQuery(target.query);
      unsub = query.onSnapshot((s) => q.push({ kind: 'query', snap: this.querySnap(s) }), onError);
    }
    return q.listener(async () => unsub());
  }
  /**
   * One Commit RPC writing string `fields` to `path`, through the admin SDK's GAPIC client with
   * retries off. WriteBatch.commit() retries RESOURCE_EXHAUSTED for up to 10 minutes (the client's
   * service config), which would hide the server's answer to an oversized request.
   */
  async commitOnce(path: string, fields: Record<string, string>): Promise<void> {
    const i = this.hostPort.lastIndexOf(':');
    this.gapic ??= new v1.FirestoreClient({
      servicePath: this.hostPort.slice(0, i),
      port: Number(this.hostPort.slice(i + 1)),
      sslCreds: credentials.createInsecure(),
      projectId: this.projectId,
    });
    const database = `projects/${this.projectId}/databases/(default)`;
    const values = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, { stringValue: v }]),
    );
    try {
      await this.gapic.commit(
        {
          database,
          writes: [{ update: { name: `${database}/documents/${path}`, fields: values } }],
        },
        { retry: null, otherArgs: { headers: { Authorization: 'Bearer owner' } } },
      );
    } catch (e) {
      throw normalizeAdminError(e);
    }
  }

  async close() {
    await this.gapic?.close().catch(() => {});
    await this.db.terminate().catch(() => {});
    await deleteApp(this.app).catch(() => {});
  }
}
