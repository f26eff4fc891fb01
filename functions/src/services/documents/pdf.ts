/**
 * PDFs through PDF.js (pdfjs-dist, Mozilla's reader): the text layer of each page, with fonts'
 * ToUnicode maps, Type0/Identity-H fonts, ligatures and kerned word pieces handled as Firefox
 * handles them. Pages with (almost) no text are rendered with @napi-rs/canvas and OCR'd (scans).
 * The first page is rendered for the thumbnail. Loaded on first use, so the API's cold start
 * does not pay for it.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EXTRACT_LIMITS, checkPdfInflation } from './limits.js';
import type { Ocr } from './ocr.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** PDF.js's font and CMap data, shipped in its package: nothing is fetched. */
function dataDirs() {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: join(root, 'standard_fonts') + '/',
    cMapUrl: join(root, 'cmaps') + '/',
    cMapPacked: true,
  };
}

/** A rendered page: what OCR and the thumbnail need. */
export interface RenderedPage {
  width: number;
  height: number;
  png(): Buffer;
  /** The page scaled to `width` px wide, as WebP. */
  webp(width: number, quality: number): Buffer;
}

export interface PdfResult {
  text: string;
  /** The text of each page read, in order (page i + 1 is pageTexts[i]): the search names pages. */
  pageTexts: string[];
  pages: number;
  pagesRead: number;
  ocrPages: number;
  firstPage: RenderedPage | null;
  truncated: string | null;
}

export async function readPdf(
  data: Uint8Array,
  opts: { deadline: number; ocr: () => Promise<Ocr>; thumbnail: boolean },
): Promise<PdfResult> {
  checkPdfInflation(data, EXTRACT_LIMITS.inflatedBytes);
  const { getDocument, OPS } = await loadPdfJs();
  const doc = await getDocument({
    // PDF.js takes ownership of (detaches) the buffer it is given: pass a copy.
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    ...dataDirs(),
  }).promise;
  const out: string[] = [];
  let chars = 0;
  let ocrPages = 0;
  let truncated: string | null = null;
  let firstPage: RenderedPage | null = null;
  const last = Math.min(doc.numPages, EXTRACT_LIMITS.pages);
  if (doc.numPages > last) truncated = `first ${last} of ${doc.numPages} pages read`;
  let p = 1;
  try {
    for (; p <= last; p++) {
      if (Date.now() > opts.deadline) {
        truncated = `time limit reached after ${p - 1} of ${doc.numPages} pages`;
        break;
      }
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items)
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      // A scan: (almost) no text, and an image to read it from.
      const wantOcr =
        ocrPages < EXTRACT_LIMITS.ocrPages &&
        text.replace(/\s+/g, '').length < EXTRACT_LIMITS.ocrBelowChars &&
        (await drawsImage(page, OPS));
      if (wantOcr || (p === 1 && opts.thumbnail)) {
        // 200 dpi reads print reliably; the thumbnail is scaled down from the same bitmap.
        const rendered = await renderPage(doc, page, wantOcr ? 200 / 72 : 96 / 72);
        if (p === 1 && opts.thumbnail) firstPage = rendered;
        if (wantOcr) {
          ocrPages++;
          text = (await (await opts.ocr()).recognize(rendered.png())) || text;
        }
      }
      page.cleanup();
      out.push(text);
      chars += text.length;
      if (chars >= EXTRACT_LIMITS.chars) {
        truncated = `character limit reached on page ${p}`;
        p++;
        break;
      }
    }
  } finally {
    await doc.destroy();
  }
  return {
    text: out.join('\n'),
    pageTexts: out,
    pages: doc.numPages,
    pagesRead: Math.min(p - 1, last),
    ocrPages,
    firstPage,
    truncated,
  };
}

/** Whether the page paints a bitmap (a scanned page is one image). */
async function drawsImage(page: PdfPage, ops: PdfJs['OPS']): Promise<boolean> {
  const painting = new Set<number>([
    ops.paintImageXObject,
    ops.paintInlineImageXObject,
    ops.paintImageMaskXObject,
    ops.paintImageXObjectRepeat,
  ]);
  const list = await page.getOperatorList();
  return list.fnArray.some((fn) => painting.has(fn));
}

type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDoc['getPage']>>;

async function renderPage(doc: PdfDoc, page: PdfPage, scale: number): Promise<RenderedPage> {
  // Bounded: a huge page size must not make a huge bitmap (4,000 px on the long side).
  const base = page.getViewport({ scale: 1 });
  const fit = Math.min(scale, 4000 / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale: fit });
  const factory = doc.canvasFactory as {
    create(w: number, h: number): { canvas: CanvasLike; context: unknown };
  };
  const { canvas, context } = factory.create(
    Math.max(1, Math.ceil(viewport.width)),
    Math.max(1, Math.ceil(viewport.height)),
  );
  // White paper: transparent pixels would OCR and thumbnail as black.
  const ctx = context as { fillStyle: string; fillRect(...a: number[]): void };
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvasContext: context as never,
    canvas: canvas as never,
    viewport,
  }).promise;
  return {
    width: canvas.width,
    height: canvas.height,
    png: () => canvas.toBuffer('image/png'),
    webp: (width, quality) => {
      const h = Math.max(1, Math.round((canvas.height * width) / canvas.width));
      const small = factory.create(width, h);
      const sctx = small.context as { drawImage(...a: unknown[]): void };
      sctx.drawImage(canvas, 0, 0, width, h);
      return small.canvas.toBuffer('image/webp', quality);
    },
  };
}

interface CanvasLike {
  width: number;
  height: number;
  toBuffer(type: string, quality?: number): Buffer;
}
