/**
 * CRC32C (Castagnoli), incremental. Node 20 has no built-in CRC32C and @google-cloud/storage
 * compares the server's `crc32c` against its own after uploads, so it must be exact.
 */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

export class Crc32c {
  private crc = 0xffffffff;

  update(buf: Uint8Array): this {
    let c = this.crc;
    for (let i = 0; i < buf.length; i++) c = TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
    this.crc = c;
    return this;
  }

  /** An independent copy of the running state (to roll back a cut-off resumable chunk). */
  clone(): Crc32c {
    const c = new Crc32c();
    c.crc = this.crc;
    return c;
  }

  /** Big-endian 4 bytes, base64: the form GCS uses in `crc32c` and `x-goog-hash`. */
  digestBase64(): string {
    const b = Buffer.alloc(4);
    b.writeUInt32BE((this.crc ^ 0xffffffff) >>> 0);
    return b.toString('base64');
  }
}
