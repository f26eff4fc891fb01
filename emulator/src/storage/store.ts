/**
 * Object store: metadata in memory, bytes on disk (one file per object generation in a temp
 * directory owned by this server). Keeping bytes on disk is what keeps a 10 MB upload from
 * multiplying memory: uploads stream into a temp file which is then renamed into place.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Crc32c } from './crc32c.js';

/** Custom-metadata key in which Firebase keeps download tokens (comma-separated). */
export const TOKENS_KEY = 'firebaseStorageDownloadTokens';

/** Optional string fields both APIs can set; `null` in a PATCH deletes them. */
export const OPTIONAL_FIELDS = [
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;
export type OptionalField = (typeof OPTIONAL_FIELDS)[number];

export interface StoredObject {
  bucket: string;
  name: string;
  /** int64 as decimal string, like GCS. Microseconds since epoch so it grows on every write. */
  generation: string;
  metageneration: number;
  size: number;
  md5Hash: string;
  crc32c: string;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  /** User metadata; download tokens live here under TOKENS_KEY, as on real GCS. */
  metadata: Record<string, string>;
  timeCreated: string;
  updated: string;
  /** File name of the bytes inside the store's blob directory. */
  blob: string;
}

export interface ListEntry {
  kind: 'item' | 'prefix';
  name: string;
}

export interface ListResult {
  items: StoredObject[];
  prefixes: string[];
  nextPageToken?: string;
}

export interface ExportManifest {
  version: 1;
  objects: StoredObject[];
}

let lastGeneration = 0n;
/** Strictly increasing generation numbers even within one millisecond. */
function nextGeneration(): string {
  let g = BigInt(Date.now()) * 1000n;
  if (g <= lastGeneration) g = lastGeneration + 1n;
  lastGeneration = g;
  return g.toString();
}

export interface Hashes {
  md5Hash: string;
  crc32c: string;
  size: number;
}

/**
 * md5 + crc32c + size of bytes as they stream past on their way to disk, so an upload is never
 * read back (or held) to be hashed. `copy()` snapshots the state: a resumable session keeps the
 * state of the bytes received so far and rolls back to the snapshot when a chunk is cut off.
 */
export class StreamHasher {
  private constructor(
    private readonly md5: Hash,
    private readonly crc: Crc32c,
    private bytes: number,
  ) {}

  static create(): StreamHasher {
    return new StreamHasher(createHash('md5'), new Crc32c(), 0);
  }

  get size(): number {
    return this.bytes;
  }

  update(b: Uint8Array): void {
    this.md5.update(b);
    this.crc.update(b);
    this.bytes += b.length;
  }

  copy(): StreamHasher {
    return new StreamHasher(this.md5.copy(), this.crc.clone(), this.bytes);
  }

  /** The hashes so far; the hasher stays usable. */
  digest(): Hashes {
    return {
      md5Hash: this.md5.copy().digest('base64'),
      crc32c: this.crc.digestBase64(),
      size: this.bytes,
    };
  }

  /** A pipeline() stage that hashes each chunk and passes the same chunk on (no copy). */
  tap(): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
    const update = (b: Buffer): void => this.update(b);
    return async function* (source) {
      for await (const chunk of source) {
        update(chunk);
        yield chunk;
      }
    };
  }
}

/**
 * Counters for the memory property of the storage issue ("a 10 MB upload must not multiply
 * memory"), kept by the code that touches request and object bytes: how many body bytes are
 * held in memory at once (multipart head and tail, JSON bodies), how many bytes were read back
 * from disk to hash an upload (only a resumable chunk that rewinds does that), and how many
 * bytes downloads streamed from disk.
 */
export class TransferStats {
  private held = 0;
  peakHeld = 0;
  rehashedBytes = 0;
  streamedOutBytes = 0;

  /** `delta` more (or, negative, fewer) body bytes now held in memory. */
  hold(delta: number): void {
    this.held += delta;
    if (this.held > this.peakHeld) this.peakHeld = this.held;
  }

  snapshot(): { peakHeld: number; rehashedBytes: number; streamedOutBytes: number } {
    return {
      peakHeld: this.peakHeld,
      rehashedBytes: this.rehashedBytes,
      streamedOutBytes: this.streamedOutBytes,
    };
  }

  reset(): void {
    this.peakHeld = this.held;
    this.rehashedBytes = 0;
    this.streamedOutBytes = 0;
  }
}

/** Hashes the first `length` bytes of a file (streamed from disk). */
export async function hashFilePrefix(file: string, length: number): Promise<StreamHasher> {
  const h = StreamHasher.create();
  if (length > 0)
    for await (const chunk of createReadStream(file, { start: 0, end: length - 1 }))
      h.update(chunk as Buffer);
  return h;
}

export class ObjectStore {
  private readonly objects = new Map<string, StoredObject>();
  readonly root: string;
  private readonly blobDir: string;
  private readonly tmpDir: string;

  private constructor(root: string) {
    this.root = root;
    this.blobDir = path.join(root, 'blobs');
    this.tmpDir = path.join(root, 'tmp');
  }

  static async create(): Promise<ObjectStore> {
    const root = await fsp.mkdtemp(path.join(tmpdir(), 'notenest-storage-'));
    const s = new ObjectStore(root);
    await fsp.mkdir(s.blobDir, { recursive: true });
    await fsp.mkdir(s.tmpDir, { recursive: true });
    return s;
  }

  private key(bucket: string, name: string): string {
    return `${bucket}\u0000${name}`;
  }

  /** A fresh path for an upload in progress (same filesystem as blobs, so rename is cheap). */
  tempPath(): string {
    return path.join(this.tmpDir, randomUUID());
  }

  blobPath(o: StoredObject): string {
    return path.join(this.blobDir, o.blob);
  }

  get(bucket: string, name: string): StoredObject | null {
    return this.objects.get(this.key(bucket, name)) ?? null;
  }

  /**
   * Turns a fully written temp file into the object's new generation. `meta` carries the
   * caller-settable fields; `hashes` (and size) were computed while the bytes streamed in.
   */
  async commit(
    bucket: string,
    name: string,
    tmpFile: string,
    meta: Pick<StoredObject, 'contentType' | 'metadata'> &
      Partial<Pick<StoredObject, OptionalField>>,
    h: Hashes,
  ): Promise<StoredObject> {
    const blob = randomUUID();
    await fsp.rename(tmpFile, path.join(this.blobDir, blob));
    const now = new Date().toISOString();
    const prev = this.get(bucket, name);
    const obj: StoredObject = {
      bucket,
      name,
      generation: nextGeneration(),
      metageneration: 1,
      size: h.size,
      md5Hash: h.md5Hash,
      crc32c: h.crc32c,
      contentType: meta.contentType,
      metadata: { ...meta.metadata },
      timeCreated: now,
      updated: now,
      blob,
    };
    for (const f of OPTIONAL_FIELDS) if (meta[f] != null) obj[f] = meta[f];
    this.objects.set(this.key(bucket, name), obj);
    if (prev) await fsp.rm(this.blobPath(prev), { force: true });
    return obj;
  }

  /** Replaces metadata in place (bytes untouched), bumping metageneration. */
  updateMetadata(o: StoredObject, next: StoredObject): StoredObject {
    const updated: StoredObject = {
      ...next,
      bucket: o.bucket,
      name: o.name,
      blob: o.blob,
      generation: o.generation,
      size: o.size,
      md5Hash: o.md5Hash,
      crc32c: o.crc32c,
      timeCreated: o.timeCreated,
      metageneration: o.metageneration + 1,
      updated: new Date().toISOString(),
    };
    this.objects.set(this.key(o.bucket, o.name), updated);
    return updated;
  }

  async delete(bucket: string, name: string): Promise<boolean> {
    const o = this.get(bucket, name);
    if (!o) return false;
    this.objects.delete(this.key(bucket, name));
    await fsp.rm(this.blobPath(o), { force: true });
    return true;
  }

  /**
   * GCS listing semantics: names under `prefix`; with a delimiter, names with the delimiter
   * after the prefix collapse into one prefix entry. Items and prefixes are paged together in
   * lexicographic order; the page token is the last entry returned (opaque, base64).
   */
  list(
    bucket: string,
    opts: { prefix?: string; delimiter?: string; pageToken?: string; maxResults?: number },
  ): ListResult {
    const prefix = opts.prefix ?? '';
    const delimiter = opts.delimiter ?? '';
    const max = opts.maxResults && opts.maxResults > 0 ? Math.min(opts.maxResults, 1000) : 1000;
    const after = opts.pageToken ? Buffer.from(opts.pageToken, 'base64url').toString('utf8') : null;
    const names: StoredObject[] = [];
    for (const o of this.objects.values())
      if (o.bucket === bucket && o.name.startsWith(prefix)) names.push(o);
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const entries: { kind: 'item' | 'prefix'; name: string; obj?: StoredObject }[] = [];
    for (const o of names) {
      const rest = o.name.slice(prefix.length);
      const i = delimiter ? rest.indexOf(delimiter) : -1;
      if (i >= 0) {
        const p = prefix + rest.slice(0, i + delimiter.length);
        const last = entries[entries.length - 1];
        if (!(last && last.kind === 'prefix' && last.name === p))
          entries.push({ kind: 'prefix', name: p });
      } else {
        entries.push({ kind: 'item', name: o.name, obj: o });
      }
    }
    const start = after === null ? 0 : entries.findIndex((e) => e.name > after);
    const page = start < 0 ? [] : entries.slice(start, start + max);
    const more = start >= 0 && start + max < entries.length;
    const result: ListResult = {
      items: page.filter((e) => e.kind === 'item').map((e) => e.obj!),
      prefixes: page.filter((e) => e.kind === 'prefix').map((e) => e.name),
    };
    if (more)
      result.nextPageToken = Buffer.from(page[page.length - 1]!.name, 'utf8').toString('base64url');
    return result;
  }

  all(): StoredObject[] {
    return [...this.objects.values()];
  }

  async clear(bucket?: string): Promise<void> {
    for (const o of [...this.objects.values()])
      if (bucket === undefined || o.bucket === bucket) await this.delete(o.bucket, o.name);
  }

  /** Writes `dir/objects.json` + `dir/blobs/<blob>`: the storage part of an export directory. */
  async exportTo(dir: string): Promise<void> {
    await fsp.mkdir(path.join(dir, 'blobs'), { recursive: true });
    const objects = this.all();
    for (const o of objects) await fsp.copyFile(this.blobPath(o), path.join(dir, 'blobs', o.blob));
    const manifest: ExportManifest = { version: 1, objects };
    await fsp.writeFile(path.join(dir, 'objects.json'), JSON.stringify(manifest, null, 1));
  }

  /** Replaces the current contents with an export written by exportTo. */
  async importFrom(dir: string): Promise<void> {
    const manifest = JSON.parse(
      await fsp.readFile(path.join(dir, 'objects.json'), 'utf8'),
    ) as ExportManifest;
    if (manifest.version !== 1)
      throw new Error(`unsupported storage export version ${String(manifest.version)}`);
    await this.clear();
    for (const o of manifest.objects) {
      const blob = randomUUID();
      await fsp.copyFile(path.join(dir, 'blobs', o.blob), path.join(this.blobDir, blob));
      this.objects.set(this.key(o.bucket, o.name), { ...o, blob });
    }
  }

  async destroy(): Promise<void> {
    this.objects.clear();
    await fsp.rm(this.root, { recursive: true, force: true });
  }
}
