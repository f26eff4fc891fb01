/**
 * Whether a file's first bytes are what its declared type says (docs/data-model.md "Files").
 * The same check runs in the upload form (before anything is sent), in the facade (before a file
 * is stored) and in the note-file trigger (for files uploaded straight to Storage, which never
 * pass the facade): a program named `x.pdf` is refused wherever it comes in.
 *
 * - PDF: "%PDF-" within the first 1 KiB (readers accept leading junk up to there).
 * - DOCX: a ZIP (local file header "PK\x03\x04").
 * - DOC: an OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1).
 * - TXT: no NUL byte in the first 8 KiB, and not the signature of a binary format we know
 *   (executables, archives, images, PDFs), so a renamed binary is not served as text.
 */
import { NOTE_FILE_TYPES } from './constants.js';

/** The bytes a check needs: pass at least this many from the start of the file. */
export const CONTENT_SNIFF_BYTES = 8192;

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Leading bytes of binary formats that must not pass as text. */
const BINARY_SIGNATURES: readonly number[][] = [
  [0x4d, 0x5a], // MZ: Windows executables
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0x50, 0x4b, 0x03, 0x04], // ZIP (and DOCX)
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x1f, 0x8b], // gzip
  OLE2,
];

function startsWith(bytes: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

function indexOfAscii(bytes: Uint8Array, needle: string, limit: number): number {
  const n = needle.length;
  const end = Math.min(bytes.length, limit) - n;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < n; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** True when `head` (the file's first CONTENT_SNIFF_BYTES or all of it) fits `type`. */
export function contentMatchesType(head: Uint8Array, type: string): boolean {
  switch (type) {
    case NOTE_FILE_TYPES.pdf:
      return indexOfAscii(head, '%PDF-', 1024) >= 0;
    case NOTE_FILE_TYPES.docx:
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case NOTE_FILE_TYPES.doc:
      return startsWith(head, OLE2);
    case NOTE_FILE_TYPES.txt: {
      if (head.length === 0) return false;
      if (BINARY_SIGNATURES.some((sig) => startsWith(head, sig))) return false;
      const end = Math.min(head.length, CONTENT_SNIFF_BYTES);
      for (let i = 0; i < end; i++) if (head[i] === 0) return false;
      return true;
    }
    default:
      return false;
  }
}
