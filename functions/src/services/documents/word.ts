/**
 * Word documents through word-extractor: Word 97-2003 binary (.doc, OLE2) and Office Open XML
 * (.docx) alike, body, headers and footers, footnotes, endnotes, comments and text boxes. A
 * DOCX's declared inflated size is checked first (a ZIP bomb is refused before inflating).
 */
import { EXTRACT_LIMITS, ExtractLimitError, zipInflatedBytes } from './limits.js';

export async function readWord(data: Uint8Array, docx: boolean): Promise<string> {
  if (docx) {
    const inflated = zipInflatedBytes(data);
    if (inflated === null) throw new Error('not a ZIP archive');
    if (inflated > EXTRACT_LIMITS.inflatedBytes)
      throw new ExtractLimitError(`inflates to ${inflated} bytes`);
  }
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(
    Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  );
  return [
    doc.getBody(),
    doc.getHeaders({ includeFooters: true }),
    doc.getFootnotes(),
    doc.getEndnotes(),
    doc.getAnnotations(),
    doc.getTextboxes({ includeHeadersAndFooters: true, includeBody: true }),
  ]
    .filter((s) => s && s.trim())
    .join('\n');
}
