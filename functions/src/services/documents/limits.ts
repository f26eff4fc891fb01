/**
 * What reading one file may cost (docs/data-model.md "Files"). A 10 MiB upload can inflate to
 * gigabytes (a "zip bomb" in a DOCX, a FlateDecode stream in a PDF), or have thousands of pages:
 * each cap stops the reading there, keeps what was read, and says so in the log.
 */
import { inflateRawSync, inflateSync } from 'node:zlib';

export const EXTRACT_LIMITS = {
  /** Pages whose text layer is read. */
  pages: 300,
  /** Pages with no text layer that are rendered and OCR'd (scans): about a second each. */
  ocrPages: 8,
  /** A page with fewer characters than this is treated as a scan. */
  ocrBelowChars: 16,
  /** Characters kept from a file: the index keeps its most frequent words anyway. */
  chars: 2_000_000,
  /** Bytes all compressed parts of a file may inflate to, together. */
  inflatedBytes: 256 * 1024 * 1024,
  /** Wall time for one file; pages after it are not read (the function's own limit is 300 s). */
  millis: 90_000,
} as const;

export class ExtractLimitError extends Error {}

/**
 * Total size a ZIP's entries declare uncompressed (central directory), checked before a library
 * inflates them; null when the archive has no readable directory. The declared sizes are what
 * inflating them produces (readers stop at the declared size).
 */
export function zipInflatedBytes(zip: Uint8Array): number | null {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let e = 0; e < count; e++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const size = buf.readUInt32LE(p + 24);
    // 0xffffffff: a ZIP64 size, at least 4 GiB.
    total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER / 2 : size;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}

/**
 * Bytes a PDF's Flate streams inflate to, counted stream by stream with zlib's output limit so
 * counting never holds more than the cap: throws ExtractLimitError when they pass `cap`. PDF.js
 * inflates without a limit, so this runs before it. Every stream is tried, whatever its
 * dictionary says (a filter can hide behind an indirect reference); others fail at once.
 */
export function checkPdfInflation(pdf: Uint8Array, cap: number): number {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const src = buf.toString('latin1');
  const streamRe = /stream\r?\n/g;
  let total = 0;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(src))) {
    const start = m.index + m[0].length;
    const end = src.indexOf('endstream', start);
    if (end < 0) break;
    streamRe.lastIndex = end + 9;
    const remaining = cap - total;
    const bytes = buf.subarray(start, end);
    let out: Buffer | null = null;
    for (const inflate of [inflateSync, inflateRawSync]) {
      try {
        out = inflate(bytes, { finishFlush: 2, maxOutputLength: remaining + 1 });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw new ExtractLimitError(`inflates to more than ${cap} bytes`);
      }
    }
    total += out?.length ?? 0;
    if (total > cap) throw new ExtractLimitError(`inflates to more than ${cap} bytes`);
  }
  return total;
}
