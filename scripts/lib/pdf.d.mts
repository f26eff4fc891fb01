export function wrapText(text: string, width?: number): string[];
export function makePdf(options: {
  title: string;
  body: string;
  author?: string;
  padTo?: number;
}): Buffer;
export function extractPdfText(buf: Buffer): string;
