/**
 * Text of a note's file for the search index, without dependencies.
 *
 * - TXT: UTF-8 (BOM dropped), Latin-1 when the bytes are not valid UTF-8.
 * - PDF: every content stream, uncompressed or /FlateDecode (node:zlib), scanned for the text
 *   operators Tj, ', " and TJ (literal and hex strings, kerning gaps read as spaces). Reads the
 *   simple PDFs that most exporters and our seed write with standard fonts. It cannot read:
 *   encrypted PDFs, scans (images), streams under other filters (LZW, ASCII85, DCT, ...), and
 *   fonts whose codes are not Latin-1 (Type0/CID fonts with Identity-H encoding, custom
 *   Differences, ToUnicode CMaps): those give gibberish or nothing, and the note stays
 *   searchable by its fields.
 * - DOCX: word/document.xml out of the ZIP (stored or deflated entries), text of w:t runs.
 * - DOC (Word 97-2003 binary): not read (returns null).
 */
import { inflateRawSync, inflateSync } from 'node:zlib';
import { NOTE_FILE_TYPES } from '@notenest/shared';

/** Extracted text is cut here: the index keeps at most 1000 terms anyway. */
export const MAX_TEXT_CHARS = 2_000_000;

/** The text of a file of one of the note types, or null when the type cannot be read. */
export function extractText(data: Buffer, contentType: string | null): string | null {
  let text: string | null;
  switch (contentType) {
    case NOTE_FILE_TYPES.txt:
      text = decodeText(data);
      break;
    case NOTE_FILE_TYPES.pdf:
      text = extractPdfText(data);
      break;
    case NOTE_FILE_TYPES.docx:
      text = extractDocxText(data);
      break;
    default:
      return null;
  }
  return text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
}

export function decodeText(data: Buffer): string {
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return body.toString('latin1');
  }
}

// ---------------------------------------------------------------- PDF

/** Text shown by the PDF's content streams, one line per text object. */
export function extractPdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  if (!src.startsWith('%PDF-')) throw new Error('not a PDF');
  if (/\/Encrypt\s/.test(src)) throw new Error('encrypted PDF');
  const out: string[] = [];
  const streamRe = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(src))) {
    // The stream dictionary is the "<< ... >>" right before the keyword.
    const dictEnd = src.lastIndexOf('>>', m.index);
    const dictStart = src.lastIndexOf('obj', m.index);
    const dict = dictStart >= 0 && dictEnd > dictStart ? src.slice(dictStart, dictEnd + 2) : '';
    const start = m.index + m[0].length;
    const end = src.indexOf('endstream', start);
    if (end < 0) break;
    streamRe.lastIndex = end + 9;
    // Fonts, images and metadata are not page text.
    if (
      /\/(Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType|XML)|Type\s*\/(XRef|ObjStm|Metadata))/.test(
        dict,
      )
    )
      continue;
    if (/\/Length[123]\b/.test(dict)) continue; // embedded font program
    let bytes = pdf.subarray(start, end);
    const filters = [
      ...dict.matchAll(
        /\/(FlateDecode|Fl|LZWDecode|ASCII85Decode|ASCIIHexDecode|DCTDecode|JPXDecode|RunLengthDecode|CCITTFaxDecode|JBIG2Decode)\b/g,
      ),
    ].map((f) => f[1]);
    if (filters.some((f) => f !== 'FlateDecode' && f !== 'Fl')) continue;
    if (filters.length) {
      try {
        bytes = inflatePdf(bytes);
      } catch {
        continue;
      }
    }
    const text = contentStreamText(bytes.toString('latin1'));
    if (text) out.push(text);
  }
  return out.join('\n');
}

function inflatePdf(bytes: Buffer): Buffer {
  // Streams often end with an EOL before "endstream"; zlib ignores trailing bytes only with
  // finishFlush, which keeps a truncated stream's readable part too.
  try {
    return inflateSync(bytes, { finishFlush: 2 /* Z_SYNC_FLUSH */ });
  } catch {
    return inflateRawSync(bytes, { finishFlush: 2 });
  }
}

/** Strings drawn by the text operators of one content stream. */
export function contentStreamText(ops: string): string {
  const lines: string[] = [];
  let line = '';
  const operands: (string | { array: (string | number)[] })[] = [];
  let i = 0;
  const n = ops.length;
  const flush = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  while (i < n) {
    const c = ops[i]!;
    if (c === '(') {
      const [s, next] = readLiteral(ops, i);
      operands.push(s);
      i = next;
    } else if (c === '<' && ops[i + 1] !== '<') {
      const close = ops.indexOf('>', i);
      if (close < 0) break;
      operands.push(hexString(ops.slice(i + 1, close)));
      i = close + 1;
    } else if (c === '[') {
      const array: (string | number)[] = [];
      i++;
      while (i < n && ops[i] !== ']') {
        const d = ops[i]!;
        if (d === '(') {
          const [s, next] = readLiteral(ops, i);
          array.push(s);
          i = next;
        } else if (d === '<') {
          const close = ops.indexOf('>', i);
          if (close < 0) break;
          array.push(hexString(ops.slice(i + 1, close)));
          i = close + 1;
        } else if (/[-+.\d]/.test(d)) {
          const num = /^[-+]?(\d+\.?\d*|\.\d+)/.exec(ops.slice(i, i + 32));
          array.push(num ? Number(num[0]) : 0);
          i += num ? num[0].length : 1;
        } else i++;
      }
      i++;
      operands.push({ array });
    } else if (c === '%') {
      const eol = ops.slice(i).search(/[\r\n]/);
      i = eol < 0 ? n : i + eol;
    } else if (/[A-Za-z'"*]/.test(c)) {
      const word = /^[A-Za-z'"*\d]+/.exec(ops.slice(i, i + 16))![0];
      i += word.length;
      const last = operands[operands.length - 1];
      switch (word) {
        case 'Tj':
          if (typeof last === 'string') line += last;
          break;
        case "'":
        case '"':
          flush();
          if (typeof last === 'string') line += last;
          break;
        case 'TJ':
          if (last && typeof last === 'object') {
            for (const part of last.array) {
              if (typeof part === 'string') line += part;
              // A gap wider than ~0.2 em between strings is a word space.
              else if (part < -200) line += ' ';
            }
          }
          break;
        case 'T*':
        case 'Td':
        case 'TD':
        case 'Tm':
          flush();
          break;
        case 'ET':
          flush();
          break;
        case 'BI': {
          // Inline image data is binary: skip to its end.
          const ei = ops.indexOf('EI', i);
          i = ei < 0 ? n : ei + 2;
          break;
        }
      }
      operands.length = 0;
    } else if (/[-+.\d/]/.test(c)) {
      const tok = /^[^\s()<>[\]{}%]+/.exec(ops.slice(i, i + 128));
      i += tok ? tok[0].length || 1 : 1;
    } else i++;
  }
  flush();
  return lines.join('\n');
}

/** A literal string "( ... )" starting at `at`: escapes, octal codes, balanced parentheses. */
function readLiteral(s: string, at: number): [string, number] {
  let depth = 0;
  let out = '';
  let i = at;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      const d = s[i + 1] ?? '';
      const esc: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      if (d in esc) {
        out += esc[d];
        i += 2;
      } else if (/[0-7]/.test(d)) {
        const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4))![0];
        out += String.fromCharCode(parseInt(oct, 8) & 0xff);
        i += 1 + oct.length;
      } else if (d === '\r' || d === '\n') {
        i += d === '\r' && s[i + 2] === '\n' ? 3 : 2; // line continuation
      } else {
        out += d;
        i += 2;
      }
      continue;
    }
    if (c === '(') {
      if (depth++ > 0) out += c;
    } else if (c === ')') {
      if (--depth === 0) return [out, i + 1];
      out += c;
    } else out += c;
    i++;
  }
  return [out, i];
}

function hexString(hex: string): string {
  const clean = hex.replace(/[^0-9a-fA-F]/g, '');
  const padded = clean.length % 2 ? clean + '0' : clean;
  const bytes = Buffer.from(padded, 'hex');
  // UTF-16BE with a BOM (document strings); otherwise one byte per code.
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

// ---------------------------------------------------------------- DOCX

/** Text of word/document.xml in a DOCX (a ZIP), paragraphs on their own lines. */
export function extractDocxText(zip: Buffer): string {
  const xml = zipEntry(zip, 'word/document.xml');
  if (!xml) throw new Error('not a DOCX (no word/document.xml)');
  return xml
    .toString('utf8')
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<(?!\/?w:t[ >])[^>]*>/g, '')
    .replace(/<\/?w:t[^>]*>/g, '')
    .replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
      const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
      if (e[0] !== '#') return named[e.toLowerCase()] ?? '';
      const code =
        e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    });
}

/** One entry of a ZIP archive by name, through the central directory. */
export function zipEntry(zip: Buffer, name: string): Buffer | null {
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let e = 0; e < count && p + 46 <= zip.length; e++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) return null;
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const entryName = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (entryName === name) {
      if (zip.readUInt32LE(local) !== 0x04034b50) return null;
      const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(dataAt, dataAt + compressed);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      return null;
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  return null;
}
