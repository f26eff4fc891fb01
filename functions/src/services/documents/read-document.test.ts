/**
 * Every word of every fixture (test/fixtures/documents, made by real tools) comes out of the
 * reader, scans included (OCR); thumbnails are small WebP images; the caps hold.
 */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { NOTE_FILE_TYPES, tokenize } from '@notenest/shared';
import { describe, expect, it } from 'vitest';
import { EXTRACT_LIMITS, checkPdfInflation, zipInflatedBytes } from './limits.js';
import { ContentMismatchError, decodeText, readDocument } from './read-document.js';

const dir = new URL('../../../../test/fixtures/documents/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as {
  file: string;
  type: string;
  text: string;
}[];
const bytes = (file: string) => new Uint8Array(readFileSync(new URL(file, dir)));

describe('readDocument on files made by real tools', () => {
  for (const f of manifest) {
    it(`reads every word of ${f.file}`, async () => {
      const r = await readDocument(bytes(f.file), f.type);
      const words = new Set(tokenize(r.text));
      const missing = tokenize(f.text).filter((w) => !words.has(w));
      expect(missing, `${f.file} read as ${JSON.stringify(r.text.slice(-400))}`).toEqual([]);
      // A thumbnail of a few KB, WebP ("RIFF....WEBP").
      expect(r.thumbnail, f.file).not.toBeNull();
      expect(r.thumbnail!.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(r.thumbnail!.length).toBeLessThan(20_000);
      expect(r.truncated).toBeNull();
    }, 30_000);
  }

  it('OCRs only the scan: text layers are read as they are', async () => {
    expect((await readDocument(bytes('scanned-page.pdf'), NOTE_FILE_TYPES.pdf)).ocrPages).toBe(1);
    expect((await readDocument(bytes('pdflatex.pdf'), NOTE_FILE_TYPES.pdf)).ocrPages).toBe(0);
  }, 30_000);

  it('reads all 40 pages of a long PDF', async () => {
    const r = await readDocument(bytes('long-40-pages.pdf'), NOTE_FILE_TYPES.pdf);
    expect(r.pages).toBe(40);
    expect(tokenize(r.text)).toContain('ergodic');
    // Page by page as well (the search names the page of a hit): the same text, cut at pages.
    expect(r.pageTexts).toHaveLength(40);
    expect(r.pageTexts!.join('\n')).toBe(r.text);
    expect(r.pageTexts!.filter((p) => tokenize(p).includes('ergodic')).length).toBeGreaterThan(0);
  });

  it('gives no pages for a file without them (DOC)', async () => {
    const r = await readDocument(bytes('word97.doc'), NOTE_FILE_TYPES.doc, { thumbnail: false });
    expect(r.pageTexts).toBeNull();
    expect(r.text).toContain('Carnot');
  });
});

describe('readDocument refuses what is not its type', () => {
  it('a Windows executable named .pdf', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    await expect(readDocument(exe, NOTE_FILE_TYPES.pdf)).rejects.toBeInstanceOf(
      ContentMismatchError,
    );
  });

  it('a DOC sent as DOCX, and the same DOC as DOC read', async () => {
    await expect(readDocument(bytes('word97.doc'), NOTE_FILE_TYPES.docx)).rejects.toBeInstanceOf(
      ContentMismatchError,
    );
    expect((await readDocument(bytes('word97.doc'), NOTE_FILE_TYPES.doc)).text).toContain('Carnot');
  });
});

describe('caps', () => {
  it('a PDF stream that inflates past the cap is refused before PDF.js inflates it', () => {
    const bomb = deflateSync(Buffer.alloc(4 * 1024 * 1024));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj << /Length 0 /Filter /FlateDecode >>\nstream\n'),
      bomb,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    expect(checkPdfInflation(pdf, 8 * 1024 * 1024)).toBe(4 * 1024 * 1024);
    expect(() => checkPdfInflation(pdf, 1024 * 1024)).toThrow(/inflates to more than/);
  });

  it('a DOCX whose entries declare more than the cap is refused before inflating', async () => {
    const docx = bytes('libreoffice.docx');
    const declared = zipInflatedBytes(docx)!;
    expect(declared).toBeGreaterThan(docx.length);
    // The same archive with one entry's declared size raised past the cap.
    const forged = Buffer.from(docx);
    const cd = forged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    forged.writeUInt32LE(EXTRACT_LIMITS.inflatedBytes + 1, cd + 24);
    await expect(readDocument(forged, NOTE_FILE_TYPES.docx)).rejects.toThrow(/inflates to/);
  });

  it('text keeps at most the character cap', async () => {
    const big = new TextEncoder().encode('word '.repeat(EXTRACT_LIMITS.chars / 4));
    const r = await readDocument(big, NOTE_FILE_TYPES.txt, { thumbnail: false });
    expect(r.text.length).toBe(EXTRACT_LIMITS.chars);
    expect(r.truncated).toMatch(/characters/);
  });

  it('TXT in Latin-1 is read when it is not UTF-8', () => {
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toBe('hi');
  });
});
