import { Code, RpcError } from './errors.js';
import { collectionOf, lastSegment } from './paths.js';
import type { Document } from './types.js';

/** One stored version of a document. `json` is shared with callers and never mutated. */
export interface StoredDoc {
  json: Document & {
    fields: NonNullable<Document['fields']>;
    createTime: string;
    updateTime: string;
  };
  createNs: bigint;
  updateNs: bigint;
}

interface Version {
  /** Commit time from which this version is visible. */
  time: bigint;
  doc: StoredDoc | null;
}

export interface Entry {
  name: string;
  collection: string;
  /** Ascending by time; the last one is the current state (null = deleted). */
  versions: Version[];
  /** Older versions were dropped: reads before versions[0].time cannot be answered. */
  truncated?: boolean;
}

/** How long old versions are kept for readTime reads and transaction checks. */
export const HISTORY_NS = 10n * 60n * 1_000_000_000n;
const MAX_VERSIONS = 64;

/**
 * One database's documents, indexed by name and by parent collection so that a collection query
 * touches only that collection's documents. Tombstones stay in the index while they are still
 * needed by readTime reads and are swept later.
 */
export class DatabaseStore {
  readonly entries = new Map<string, Entry>();
  readonly collections = new Map<string, Map<string, Entry>>();
  private tombstones = 0;

  constructor(readonly root: string) {}

  get(name: string): StoredDoc | null {
    const e = this.entries.get(name);
    return e ? e.versions[e.versions.length - 1].doc : null;
  }

  getAt(name: string, time?: bigint): StoredDoc | null {
    const e = this.entries.get(name);
    if (!e) return null;
    return versionAt(e, time);
  }

  /** The commit time of the current version (0 when never written), for conflict checks. */
  versionTime(name: string): bigint {
    const e = this.entries.get(name);
    return e ? e.versions[e.versions.length - 1].time : 0n;
  }

  put(name: string, doc: StoredDoc | null, time: bigint, historyFloor: bigint): void {
    let e = this.entries.get(name);
    if (!e) {
      if (doc === null) return;
      const collection = collectionOf(name);
      e = { name, collection, versions: [] };
      this.entries.set(name, e);
      let coll = this.collections.get(collection);
      if (!coll) {
        coll = new Map();
        this.collections.set(collection, coll);
      }
      coll.set(name, e);
    }
    const hadVersions = e.versions.length > 0;
    const wasLive = hadVersions && e.versions[e.versions.length - 1].doc !== null;
    e.versions.push({ time, doc });
    pruneVersions(e, historyFloor);
    if (wasLive && doc === null) this.tombstones++;
    if (!wasLive && doc !== null && hadVersions) this.tombstones--;
    if (this.tombstones > 1000 && this.tombstones > this.entries.size / 4) this.sweep(historyFloor);
  }

  /** Drops tombstones whose deletion is older than the history window. */
  sweep(historyFloor: bigint): void {
    let remaining = 0;
    for (const e of this.entries.values()) {
      const last = e.versions[e.versions.length - 1];
      if (last.doc !== null) continue;
      if (last.time < historyFloor) this.remove(e);
      else remaining++;
    }
    this.tombstones = remaining;
  }

  private remove(e: Entry): void {
    this.entries.delete(e.name);
    const coll = this.collections.get(e.collection);
    if (coll) {
      coll.delete(e.name);
      if (coll.size === 0) this.collections.delete(e.collection);
    }
  }

  /** Documents (as of `time`, default now) of one collection. */
  *collectionDocs(collection: string, time?: bigint): Generator<StoredDoc> {
    const coll = this.collections.get(collection);
    if (!coll) return;
    for (const e of coll.values()) {
      const d = time === undefined ? e.versions[e.versions.length - 1].doc : versionAt(e, time);
      if (d) yield d;
    }
  }

  /**
   * Documents at any depth below `parent` (root or a document name); `collectionId` restricts the
   * immediate collection (collection group); empty means every collection.
   */
  *descendantDocs(parent: string, collectionId: string, time?: bigint): Generator<StoredDoc> {
    const prefix = parent + '/';
    for (const [path, coll] of this.collections) {
      if (!path.startsWith(prefix)) continue;
      if (collectionId && lastSegment(path) !== collectionId) continue;
      for (const e of coll.values()) {
        const d = time === undefined ? e.versions[e.versions.length - 1].doc : versionAt(e, time);
        if (d) yield d;
      }
    }
  }

  /** Ids of collections directly below `parent` that hold at least one live document at any depth. */
  collectionIds(parent: string): string[] {
    const prefix = parent + '/';
    const ids = new Set<string>();
    for (const [path, coll] of this.collections) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const id = rest.split('/', 1)[0];
      if (ids.has(id)) continue;
      for (const e of coll.values()) {
        if (e.versions[e.versions.length - 1].doc) {
          ids.add(id);
          break;
        }
      }
    }
    return [...ids];
  }

  /** Names of missing documents in `collection` that have live descendants (showMissing). */
  missingWithChildren(collection: string): string[] {
    const prefix = collection + '/';
    const names = new Set<string>();
    for (const [path, coll] of this.collections) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const id = rest.split('/', 1)[0];
      const name = prefix + id;
      if (names.has(name) || this.get(name)) continue;
      for (const e of coll.values()) {
        if (e.versions[e.versions.length - 1].doc) {
          names.add(name);
          break;
        }
      }
    }
    return [...names];
  }

  liveCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.versions[e.versions.length - 1].doc) n++;
    return n;
  }

  *liveDocs(): Generator<StoredDoc> {
    for (const e of this.entries.values()) {
      const d = e.versions[e.versions.length - 1].doc;
      if (d) yield d;
    }
  }

  clear(): void {
    this.entries.clear();
    this.collections.clear();
    this.tombstones = 0;
  }
}

function versionAt(e: Entry, time: bigint | undefined): StoredDoc | null {
  const vs = e.versions;
  if (time === undefined) return vs[vs.length - 1].doc;
  for (let i = vs.length - 1; i >= 0; i--) if (vs[i].time <= time) return vs[i].doc;
  if (e.truncated) {
    throw new RpcError(
      Code.FAILED_PRECONDITION,
      `The requested read time is too old: the emulator no longer holds that version of ${e.name}.`,
    );
  }
  return null;
}

function pruneVersions(e: Entry, floor: bigint): void {
  const vs = e.versions;
  // Keep the newest version at or before the floor: it is what a read at the floor sees.
  let drop = 0;
  while (drop + 1 < vs.length && vs[drop + 1].time <= floor) drop++;
  if (vs.length - drop > MAX_VERSIONS) drop = vs.length - MAX_VERSIONS;
  if (drop > 0) {
    vs.splice(0, drop);
    e.truncated = true;
  }
}
