// hashing.* of the rules standard library. Each returns bytes, as in production.
import { createHash } from 'node:crypto';

function makeTable(poly: number): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

const CRC32 = makeTable(0xedb88320);
const CRC32C = makeTable(0x82f63b78);

function crc(table: Uint32Array, data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function be32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

export const crc32 = (d: Uint8Array): Uint8Array => be32(crc(CRC32, d));
export const crc32c = (d: Uint8Array): Uint8Array => be32(crc(CRC32C, d));
export const md5 = (d: Uint8Array): Uint8Array =>
  new Uint8Array(createHash('md5').update(d).digest());
export const sha256 = (d: Uint8Array): Uint8Array =>
  new Uint8Array(createHash('sha256').update(d).digest());
