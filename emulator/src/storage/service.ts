/**
 * The state one storage server holds: its objects, its upload sessions, the rules loaded per
 * bucket (compiled by the pluggable rules language), the Firestore lookup rules may use, and the
 * listener told of object events. The APIs (firebase-api.ts, gcs-api.ts) act on it.
 */
import type {
  FirestoreLookup,
  RulesFile,
  StorageAuthorizer,
  StorageRulesCompiler,
} from './rules-hook.js';
import { DEFAULT_BUCKET_SUFFIX, gcsResource, projectOfBucket } from './resources.js';
import type { StorageObjectAction, StorageServerOptions } from './server.js';
import type { ObjectStore, StoredObject, TransferStats } from './store.js';
import type { UploadSession } from './uploads.js';

export class StorageService {
  readonly sessions = new Map<string, UploadSession>();
  readonly lookup: FirestoreLookup | null;
  /** The port the server listens on (for the links in event payloads), once it does. */
  port: number;
  private readonly rulesSource = new Map<string, RulesFile[]>();
  private readonly authorizers = new Map<string, StorageAuthorizer>();
  private compiler: StorageRulesCompiler | null;

  constructor(
    readonly store: ObjectStore,
    readonly stats: TransferStats,
    private readonly options: StorageServerOptions,
    compiler: StorageRulesCompiler | null,
  ) {
    this.compiler = compiler;
    this.port = options.port ?? 0;
    const firestore = options.firestore;
    this.lookup = firestore ? (p, d, path) => firestore.lookup(p, d, path) : null;
  }

  /** Loads rules for one bucket, or for every bucket with '*' (or a project id). */
  setRules(bucketOrProject: string, files: RulesFile[]): void {
    // Compile first so a syntax error leaves the previous rules in force.
    if (this.compiler) this.authorizers.set(bucketOrProject, this.compiler(files));
    this.rulesSource.set(bucketOrProject, files);
  }

  /** Plugs in the rules language; rules already loaded are compiled now. */
  setRulesCompiler(compiler: StorageRulesCompiler | null): void {
    this.compiler = compiler;
    for (const [key, files] of this.rulesSource) {
      if (compiler) this.authorizers.set(key, compiler(files));
      else this.authorizers.delete(key);
    }
  }

  /** '*' (or a bare project id) applies to every bucket without bucket-specific rules. */
  authorizerFor(bucket: string): StorageAuthorizer | null {
    return (
      this.authorizers.get(bucket) ??
      this.authorizers.get(projectOfBucket(bucket)) ??
      this.authorizers.get('*') ??
      null
    );
  }

  /**
   * The project whose Firestore data `firestore.get()` reads: a default bucket names its
   * project (`p.appspot.com`, `p.firebasestorage.app`), so one emulator serves tests of several
   * projects; any other bucket belongs to the configured project.
   */
  projectFor(bucket: string): string {
    return DEFAULT_BUCKET_SUFFIX.test(bucket)
      ? projectOfBucket(bucket)
      : (this.options.projectId ?? bucket);
  }

  /** Object events go out after the response path has moved on: a slow listener delays nobody. */
  notify(action: StorageObjectAction, o: StoredObject): void {
    const listener = this.options.onObjectEvent;
    if (!listener) return;
    const object = gcsResource(o, `http://${this.options.host ?? '127.0.0.1'}:${this.port}`);
    setImmediate(() => {
      Promise.resolve()
        .then(() => listener({ action, object }))
        .catch(() => undefined);
    });
  }
}
