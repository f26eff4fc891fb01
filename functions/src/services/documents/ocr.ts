/**
 * OCR for scans (pages with no text layer) through tesseract.js, with the English model shipped
 * by @tesseract.js-data/eng: nothing is downloaded at run time. One worker per extraction, made
 * only when a page needs it (about 0.3 s) and ended with it.
 */
import { createRequire } from 'node:module';

export interface Ocr {
  recognize(png: Buffer): Promise<string>;
  end(): Promise<void>;
}

export async function startOcr(): Promise<Ocr> {
  const { createWorker, OEM } = await import('tesseract.js');
  const eng = createRequire(import.meta.url)('@tesseract.js-data/eng') as {
    langPath: string;
    gzip: boolean;
  };
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: eng.langPath,
    gzip: eng.gzip,
    // The model is read from the package; no cache to write (read-only file systems).
    cacheMethod: 'none',
  });
  return {
    async recognize(png) {
      const { data } = await worker.recognize(png);
      return data.text;
    },
    end: async () => {
      await worker.terminate();
    },
  };
}
