/**
 * Starts the Cloud Storage emulator (src/storage) with its rules loaded from files (reloaded when
 * they change), data imported and exported, `firestore.get()` in storage rules answered by a
 * Cloud Firestore emulator, and object events delivered to a Cloud Functions emulator. Layout in
 * DESIGN.md.
 */
import { existsSync, promises as fsp, unwatchFile, watchFile, readFileSync } from 'node:fs';
import path from 'node:path';

export interface EndpointOptions {
  host?: string;
  port?: number;
}

export interface EmulatorOptions {
  storage?: EndpointOptions;
  /** Default project (storage rules lookups, events). Default `demo-project`. */
  projectId?: string;
  /** A directory written by exportTo / --export-on-exit. */
  importDir?: string;
  /** The storage rules file, loaded at start and reloaded when it changes. */
  rules?: { storage?: string };
  /** host:port of the Cloud Firestore emulator that `firestore.get()/exists()` in rules read. */
  firestoreHost?: string;
  /** host:port of the Cloud Functions emulator that receives object events. */
  functionsHost?: string;
  /** Log sink for non-fatal problems (rules reload failures). Default: stderr. */
  log?: (line: string) => void;
}

/** What the storage part's startStorageServer returns (DESIGN.md "Storage entry point"). */
export interface StorageHandle {
  host: string;
  port: number;
  setRules(bucketOrProject: string, files: { name?: string; content: string }[]): void;
  clear(): Promise<void> | void;
  exportTo(dir: string): Promise<void>;
  importFrom(dir: string): Promise<void>;
  refuseWrites(): Promise<void>;
  close(): Promise<void>;
}

export interface RunningEmulator {
  storage: { host: string; port: number };
  stop(): Promise<void>;
  exportTo(dir: string): Promise<void>;
  /**
   * Answers every new write 503 and resolves once the running ones are answered: call it before
   * a final exportTo, so that every write acknowledged is in the export.
   */
  refuseWrites(): Promise<void>;
}

export const EXPORT_METADATA = 'notenest-export.json';
const DEFAULT_PROJECT = 'demo-project';
const RULES_POLL_MS = 300;
/** Watch a rules file and feed its content to `apply` now and on every change. */
function watchRules(
  file: string,
  apply: (content: string) => void,
  log: (l: string) => void,
): () => void {
  const load = (initial: boolean) => {
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (err) {
      if (initial) throw new Error(`Cannot read rules file ${file}: ${(err as Error).message}`);
      log(`rules: cannot read ${file}: ${(err as Error).message}`);
      return;
    }
    try {
      apply(content);
      if (!initial) log(`rules: reloaded ${file}`);
    } catch (err) {
      // Keep serving the previous rules; the message says why the new ones were refused.
      log(`rules: ${file} not loaded: ${(err as Error).message}`);
    }
  };
  load(true);
  // Polling survives editors that replace the file (rename) where fs.watch loses track.
  const listener = (
    cur: { mtimeMs: number; size: number },
    prev: { mtimeMs: number; size: number },
  ) => {
    if (cur.mtimeMs !== prev.mtimeMs || cur.size !== prev.size) load(false);
  };
  const watcher = watchFile(file, { interval: RULES_POLL_MS, persistent: false }, listener);
  watcher.unref?.();
  return () => unwatchFile(file, listener);
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const log = options.log ?? ((l: string) => process.stderr.write(l + '\n'));
  const projectId = options.projectId ?? DEFAULT_PROJECT;
  const cleanups: (() => Promise<void> | void)[] = [];
  // Loaded here so importing this module stays cheap.
  const { startStorageServer, firestoreRestLookup, functionsEventSink } =
    await import('./storage/index.js');
  const storage: StorageHandle = await startStorageServer({
    host: options.storage?.host ?? '127.0.0.1',
    port: options.storage?.port ?? 0,
    projectId,
    ...(options.firestoreHost
      ? { firestore: { lookup: firestoreRestLookup(options.firestoreHost) } }
      : {}),
    ...(options.functionsHost
      ? {
          onObjectEvent: functionsEventSink({
            functionsHost: options.functionsHost,
            projectId,
            log,
          }),
        }
      : {}),
  });
  cleanups.push(() => storage.close());
  try {
    if (options.rules?.storage) {
      const file = path.resolve(options.rules.storage);
      cleanups.push(
        watchRules(file, (content) => storage.setRules('*', [{ name: file, content }]), log),
      );
    }
    if (options.importDir) await importFrom(options.importDir, storage);
  } catch (err) {
    for (const c of cleanups.reverse()) await c();
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    storage: { host: storage.host, port: storage.port },
    stop() {
      stopping ??= (async () => {
        for (const c of [...cleanups].reverse()) await c();
      })();
      return stopping;
    },
    exportTo: (dir) => exportTo(dir, storage),
    refuseWrites: () => storage.refuseWrites(),
  };
}

async function exportTo(dir: string, storage: StorageHandle): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  await storage.exportTo(path.join(dir, 'storage'));
  const meta = { version: 2, storage: 'storage' };
  await fsp.writeFile(path.join(dir, EXPORT_METADATA), JSON.stringify(meta, null, 2) + '\n');
}

async function importFrom(dir: string, storage: StorageHandle): Promise<void> {
  const metaFile = path.join(dir, EXPORT_METADATA);
  if (!existsSync(metaFile))
    throw new Error(`Not an export directory (no ${EXPORT_METADATA}): ${dir}`);
  const meta = JSON.parse(await fsp.readFile(metaFile, 'utf8')) as { storage?: string };
  if (meta.storage && existsSync(path.join(dir, meta.storage))) {
    await storage.importFrom(path.join(dir, meta.storage));
  }
}
