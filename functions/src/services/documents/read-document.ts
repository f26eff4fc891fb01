/**
 * Reading a note's file once it lands (docs/data-model.md "Files"): its text for the search
 * index and its first-page thumbnail, within the caps of limits.ts. Runs in the note-file and
 * note triggers, never in a request: OCR takes about a second a page.
 */
import { CONTENT_SNIFF_BYTES, NOTE_FILE_TYPES, contentMatchesType } from '@notenest/shared';
import { EXTRACT_LIMITS } from './limits.js';
import { startOcr, type Ocr } from './ocr.js';
import { readPdf } from './pdf.js';
import { textThumbnail } from './text-thumbnail.js';
import { readWord } from './word.js';

/** Thumbnails: 240 px wide (a card shows them at 120 CSS px, 2x for sharp screens), WebP. */
export const THUMBNAIL = { width: 240, quality: 60, contentType: 'image/webp' } as const;

export interface DocumentReading {
  /** The file's text, or '' when it has none that could be read. */
  text: string;
  /**
   * A PDF's text page by page (the pages read, within the caps), so a search hit can name its
   * page; null for files without pages (DOCX, DOC, TXT: their text is `text`).
   */
  pageTexts: string[] | null;
  thumbnail: Buffer | null;
  pages: number | null;
  ocrPages: number;
  /** Why part of the file was not read (a cap), or null. */
  truncated: string | null;
  millis: number;
}

/** TXT: UTF-8 (BOM dropped), or Latin-1 when the bytes are not valid UTF-8. */
export function decodeText(data: Uint8Array): string {
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('latin1').decode(body);
  }
}

export class ContentMismatchError extends Error {}

/**
 * Reads a file of one of the note types. Throws ContentMismatchError when the bytes are not of
 * `type`, and the reader's error when the file is damaged; a cap reached is not an error (the
 * part read is returned, with `truncated`).
 */
export async function readDocument(
  data: Uint8Array,
  type: string,
  opts: { thumbnail?: boolean } = {},
): Promise<DocumentReading> {
  const started = Date.now();
  const deadline = started + EXTRACT_LIMITS.millis;
  if (!contentMatchesType(data.subarray(0, CONTENT_SNIFF_BYTES), type))
    throw new ContentMismatchError(`content is not ${type}`);
  const thumbnail = opts.thumbnail ?? true;
  let ocr: Promise<Ocr> | null = null;
  try {
    let text: string;
    let pages: number | null = null;
    let pageTexts: string[] | null = null;
    let ocrPages = 0;
    let truncated: string | null = null;
    let thumb: Buffer | null = null;
    if (type === NOTE_FILE_TYPES.pdf) {
      const pdf = await readPdf(data, {
        deadline,
        ocr: () => (ocr ??= startOcr()),
        thumbnail,
      });
      ({ text, pages, pageTexts, ocrPages, truncated } = pdf);
      thumb = pdf.firstPage?.webp(THUMBNAIL.width, THUMBNAIL.quality) ?? null;
    } else if (type === NOTE_FILE_TYPES.docx || type === NOTE_FILE_TYPES.doc) {
      text = await readWord(data, type === NOTE_FILE_TYPES.docx);
    } else if (type === NOTE_FILE_TYPES.txt) {
      text = decodeText(data);
    } else throw new ContentMismatchError(`not a note file type: ${type}`);
    if (text.length > EXTRACT_LIMITS.chars) {
      text = text.slice(0, EXTRACT_LIMITS.chars);
      truncated ??= `first ${EXTRACT_LIMITS.chars} characters read`;
    }
    if (thumbnail && !thumb && type !== NOTE_FILE_TYPES.pdf && text.trim())
      thumb = await textThumbnail(text.slice(0, 4000), THUMBNAIL.width, THUMBNAIL.quality);
    return {
      text,
      pageTexts,
      thumbnail: thumb,
      pages,
      ocrPages,
      truncated,
      millis: Date.now() - started,
    };
  } finally {
    if (ocr) await (await (ocr as Promise<Ocr>)).end();
  }
}
