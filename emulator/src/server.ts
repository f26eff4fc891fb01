/**
 * Wires the Firestore engine, its transport port, and (optionally) the storage server together,
 * plus rules loading/reloading and import/export (layout in DESIGN.md).
 */
import { existsSync, promises as fsp, unwatchFile, watchFile, readFileSync } from 'node:fs';
import path from 'node:path';
import { FirestoreEngine } from './firestore/engine.js';
import { RulesAuthorizer } from './firestore/rules-authorizer.js';
import type { EngineApi } from './transport/engine-api.js';
import { startFirestoreTransport, type FirestoreTransport } from './transport/index.js';
import type { WebChannelOptions } from './transport/webchannel.js';

export interface EndpointOptions {
  host?: string;
  port?: number;
}

export interface EmulatorOptions {
  /** Start the Firestore port. When neither firestore nor storage is given, both start. */
  firestore?: EndpointOptions;
  storage?: EndpointOptions;
  /** Default project (storage rules lookups). Rules files apply to every project ("*") that has no rules of its own. Default `demo-project`. */
  projectId?: string;
  /** A directory written by exportTo / --export-on-exit. */
  importDir?: string;
  /** Rules files loaded at start and reloaded when they change. */
  rules?: { firestore?: string; storage?: string };
  /** Log sink for non-fatal problems (rules reload failures). Default: stderr. */
  log?: (line: string) => void;
  /** Transport timings (tests shorten them). */
  webchannel?: WebChannelOptions;
  /** Use this engine instead of creating one (tests). */
  engine?: EmulatorEngine;
}

/** The engine as server.ts uses it: the transport API plus import/export. */
export interface EmulatorEngine extends EngineApi {
  exportData(): unknown;
  importData(data: never): void;
  /** A document by path, for cross-service reads (storage rules' firestore.get()). */
  lookup(projectId: string, databaseId: string, path: string): unknown;
}

/** What the storage part's startStorageServer returns (DESIGN.md "Storage entry point"). */
export interface StorageHandle {
  host: string;
  port: number;
  setRules(bucketOrProject: string, files: { name?: string; content: string }[]): void;
  clear(): Promise<void> | void;
  exportTo(dir: string): Promise<void>;
  importFrom(dir: string): Promise<void>;
  close(): Promise<void>;
}

export interface RunningEmulator {
  firestore?: { host: string; port: number };
  storage?: { host: string; port: number };
  engine: EmulatorEngine;
  stop(): Promise<void>;
  exportTo(dir: string): Promise<void>;
}

export const EXPORT_METADATA = 'notenest-export.json';
const DEFAULT_PROJECT = 'demo-project';
const RULES_POLL_MS = 300;

/**
 * The engine exactly as the emulator runs it (rules authorizer included). Exported so transport
 * tests exercise the real engine rather than a stand-in.
 */
export function createFirestoreEngine(
  log: (l: string) => void = (l) => process.stderr.write(l + '\n'),
): FirestoreEngine {
  return new FirestoreEngine({ authorizer: new RulesAuthorizer({ log }) });
}

async function startStorage(
  opts: EndpointOptions,
  projectId: string,
  engine: EmulatorEngine,
): Promise<StorageHandle> {
  // Loaded on demand so a Firestore-only start does not pay for the storage part.
  const { startStorageServer } = await import('./storage/index.js');
  return startStorageServer({
    host: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    projectId,
    // storage rules' firestore.get()/exists() read the live Firestore data of this process
    firestore: { lookup: (p, d, docPath) => engine.lookup(p, d, docPath) },
  });
}

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
  const wantFirestore = !!options.firestore || !options.storage;
  const wantStorage = !!options.storage || !options.firestore;

  const engine: EmulatorEngine = options.engine ?? createFirestoreEngine(log);
  const cleanups: (() => Promise<void> | void)[] = [];
  let transport: FirestoreTransport | undefined;
  let storage: StorageHandle | undefined;

  try {
    if (options.importDir) await importFrom(options.importDir, engine, undefined);
    if (wantFirestore) {
      if (options.rules?.firestore) {
        const file = path.resolve(options.rules.firestore);
        // '*' = every project without rules of its own (rules-unit-testing PUTs per project).
        cleanups.push(
          watchRules(file, (content) => engine.setRules('*', [{ name: file, content }]), log),
        );
      }
      transport = await startFirestoreTransport(engine, {
        host: options.firestore?.host ?? '127.0.0.1',
        port: options.firestore?.port ?? 0,
        ...(options.webchannel ? { webchannel: options.webchannel } : {}),
      });
      const t = transport;
      cleanups.push(() => t.close());
    }
    if (wantStorage) {
      storage = await startStorage(options.storage ?? {}, projectId, engine);
      const s = storage;
      cleanups.push(() => s.close());
      if (options.rules?.storage) {
        const file = path.resolve(options.rules.storage);
        cleanups.push(
          watchRules(file, (content) => s.setRules('*', [{ name: file, content }]), log),
        );
      }
      if (options.importDir) await importFrom(options.importDir, undefined, storage);
    }
  } catch (err) {
    for (const c of cleanups.reverse()) await c();
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    ...(transport ? { firestore: { host: transport.host, port: transport.port } } : {}),
    ...(storage ? { storage: { host: storage.host, port: storage.port } } : {}),
    engine,
    stop() {
      stopping ??= (async () => {
        for (const c of [...cleanups].reverse()) await c();
      })();
      return stopping;
    },
    exportTo: (dir) => exportTo(dir, engine, storage),
  };
}

async function exportTo(
  dir: string,
  engine: EmulatorEngine,
  storage: StorageHandle | undefined,
): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  // Write to a temporary name and rename so a crash mid-export never leaves a torn file.
  const tmp = path.join(dir, `firestore.json.${process.pid}.tmp`);
  await fsp.writeFile(tmp, JSON.stringify(engine.exportData()));
  await fsp.rename(tmp, path.join(dir, 'firestore.json'));
  const meta: Record<string, unknown> = { version: 1, firestore: 'firestore.json' };
  if (storage) {
    await storage.exportTo(path.join(dir, 'storage'));
    meta.storage = 'storage';
  }
  await fsp.writeFile(path.join(dir, EXPORT_METADATA), JSON.stringify(meta, null, 2) + '\n');
}

async function importFrom(
  dir: string,
  engine: EmulatorEngine | undefined,
  storage: StorageHandle | undefined,
): Promise<void> {
  const metaFile = path.join(dir, EXPORT_METADATA);
  if (!existsSync(metaFile))
    throw new Error(`Not an export directory (no ${EXPORT_METADATA}): ${dir}`);
  const meta = JSON.parse(await fsp.readFile(metaFile, 'utf8')) as {
    firestore?: string;
    storage?: string;
  };
  if (engine && meta.firestore) {
    const data = JSON.parse(await fsp.readFile(path.join(dir, meta.firestore), 'utf8')) as never;
    engine.importData(data);
  }
  if (storage && meta.storage && existsSync(path.join(dir, meta.storage))) {
    await storage.importFrom(path.join(dir, meta.storage));
  }
}
