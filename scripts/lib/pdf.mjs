/**
 * A minimal, valid PDF 1.4 writer for seed files: Helvetica text, A4 pages, uncompressed content
 * streams (so the text is extractable with a plain parser), a correct cross-reference table.
 * Only WinAnsi-safe ASCII is written; other characters are replaced with '?'.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const FONT_SIZE = 11;
const LEADING = 15;
const TITLE_SIZE = 16;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN - 30) / LEADING);
const CHARS_PER_LINE = 88;

/** ASCII only, with PDF string escapes for \ ( ). */
function pdfString(s) {
  return s
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

/** Greedy word wrap; paragraphs separated by blank lines stay separate. */
export function wrapText(text, width = CHARS_PER_LINE) {
  const lines = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (!words.length) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A PDF whose first page starts with `title` in a larger font, followed by `body` wrapped.
 * `padTo` (bytes) adds an object no page refers to, so that a file can be large without
 * hundreds of pages of text to read (an upload's progress needs bytes, not pages).
 * Returns a Buffer.
 */
export function makePdf({ title, body, author = 'NoteNest', padTo = 0 }) {
  const lines = wrapText(body);
  const pages = [];
  for (let i = 0; i < Math.max(1, lines.length); i += LINES_PER_PAGE) {
    pages.push(lines.slice(i, i + LINES_PER_PAGE));
  }

  // Object numbers: 1 catalog, 2 pages, 3 font, 4 info, then (page, content) pairs.
  const objects = [];
  const pageIds = pages.map((_, i) => 5 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = `<< /Title (${pdfString(title)}) /Author (${pdfString(author)}) /Producer (NoteNest seed) >>`;
  pages.forEach((pageLines, i) => {
    const ops = [];
    let y = PAGE_HEIGHT - MARGIN;
    if (i === 0) {
      ops.push(`BT /F1 ${TITLE_SIZE} Tf ${MARGIN} ${y} Td (${pdfString(title)}) Tj ET`);
      y -= 30;
    }
    ops.push(`BT /F1 ${FONT_SIZE} Tf ${LEADING} TL ${MARGIN} ${y} Td`);
    for (const line of pageLines) ops.push(`(${pdfString(line)}) Tj T*`);
    ops.push('ET');
    ops.push(
      `BT /F1 8 Tf ${PAGE_WIDTH / 2 - 20} ${MARGIN / 2} Td (Page ${i + 1} of ${pages.length}) Tj ET`,
    );
    const stream = ops.join('\n');
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] =
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  if (padTo > 0) {
    const estimate = objects.reduce((n, o) => n + (o ? o.length + 40 : 0), 0) + 64 * objects.length;
    const filler = ' '.repeat(Math.max(0, padTo - estimate));
    objects.push(`<< /Length ${filler.length} >>\nstream\n${filler}\nendstream`);
  }

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) {
    out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The text shown by a PDF written by makePdf (the strings of its Tj operators, one line each).
 * Enough for tests and for indexing seed files; not a general PDF parser.
 */
export function extractPdfText(buf) {
  const src = buf.toString('latin1');
  const lines = [];
  for (const m of src.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    for (const t of m[1].matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
      lines.push(t[1].replace(/\\([\\()])/g, '$1'));
    }
  }
  return lines.join('\n');
}
