/**
 * The in-page preview's readers, each loaded only when a preview is opened or scrolled into view
 * (dynamic imports: none of this is in the note page's first load):
 * - PDF: PDF.js (pdfjs-dist) renders pages to canvases, so phones that show no PDF in an iframe
 *   (Chrome on Android, Safari on iOS) see the pages too. Its worker is a file of our own origin
 *   (the CSP's worker-src), and it never evaluates code from the file (isEvalSupported: false).
 * - DOCX: mammoth turns the document into plain HTML (headings, paragraphs, lists, tables,
 *   images), which is then kept to a short list of tags and attributes before it is shown.
 * - TXT: the text, cut at TEXT_PREVIEW_CHARS.
 */
import { readOfflineFile } from '../../offline';

/** Pages the PDF preview shows; Download has the rest. */
export const PDF_PREVIEW_PAGES = 50;

/** The largest text file shown inline; longer files are cut (Download has the whole file). */
export const TEXT_PREVIEW_CHARS = 200_000;

/**
 * The file (Storage download URLs are readable cross-origin): a copy kept "Available offline"
 * first (issue 32), so a kept note's preview opens with no network, and without downloading the
 * file again online; else the network.
 */
async function fetchFile(url: string): Promise<Response> {
  const kept = await readOfflineFile(url);
  if (kept) return kept;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The file could not be read (status ${response.status})`);
  return response;
}

export async function fetchFileBytes(url: string): Promise<ArrayBuffer> {
  return (await fetchFile(url)).arrayBuffer();
}

/** A TXT file's text, cut at TEXT_PREVIEW_CHARS. */
export async function fetchText(url: string): Promise<{ text: string; cut: boolean }> {
  const text = await (await fetchFile(url)).text();
  return text.length > TEXT_PREVIEW_CHARS
    ? { text: text.slice(0, TEXT_PREVIEW_CHARS), cut: true }
    : { text, cut: false };
}

export interface PdfPreviewDocument {
  numPages: number;
  /** Page size at scale 1 (PDF points), for laying out a page before it is drawn. */
  pageSize(n: number): Promise<{ width: number; height: number }>;
  /** Draws page n into the canvas, `cssWidth` CSS pixels wide (sharp at the screen's ratio). */
  render(n: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void>;
  destroy(): Promise<void>;
}

export async function openPdf(bytes: ArrayBuffer): Promise<PdfPreviewDocument> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false })
    .promise;
  return {
    numPages: doc.numPages,
    async pageSize(n) {
      const viewport = (await doc.getPage(n)).getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    },
    async render(n, canvas, cssWidth) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
      // Drawn off screen, then copied: a resize that starts another drawing of the same page
      // never shares a canvas with one in progress (PDF.js refuses that).
      const scratch = document.createElement('canvas');
      scratch.width = Math.floor(viewport.width);
      scratch.height = Math.floor(viewport.height);
      await page.render({ canvas: scratch, viewport }).promise;
      canvas.width = scratch.width;
      canvas.height = scratch.height;
      canvas.getContext('2d')?.drawImage(scratch, 0, 0);
    },
    destroy: () => doc.destroy(),
  };
}

/** Tags the DOCX preview keeps (mammoth writes no others worth showing). */
const DOCX_TAGS = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TD',
  'TH',
  'STRONG',
  'EM',
  'B',
  'I',
  'U',
  'S',
  'SUB',
  'SUP',
  'BR',
  'A',
  'IMG',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'SPAN',
]);

/**
 * Keeps only DOCX_TAGS (others are replaced by their children), no attribute but an http(s)
 * link's href and an embedded image's data: src. The document is the uploader's, so nothing in
 * it may script, style or frame the page.
 */
export function sanitizeDocxHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of Array.from(node.children)) {
      clean(child);
      if (!DOCX_TAGS.has(child.tagName)) {
        child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const keep =
          (child.tagName === 'A' && attr.name === 'href' && /^https?:\/\//i.test(attr.value)) ||
          (child.tagName === 'IMG' &&
            attr.name === 'src' &&
            /^data:image\/(png|jpeg|gif)/i.test(attr.value)) ||
          (child.tagName === 'IMG' && attr.name === 'alt');
        if (!keep) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('rel', 'noopener noreferrer nofollow');
        child.setAttribute('target', '_blank');
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}

export async function docxToHtml(bytes: ArrayBuffer): Promise<string> {
  const mammoth = (await import('mammoth/mammoth.browser.min.js')).default as {
    convertToHtml(input: { arrayBuffer: ArrayBuffer }): Promise<{ value: string }>;
  };
  const { value } = await mammoth.convertToHtml({ arrayBuffer: bytes });
  return sanitizeDocxHtml(value);
}
