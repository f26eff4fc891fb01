/**
 * Issue 16: how long reading a note's file takes, per fixture (test/fixtures/documents, made by
 * real tools) and per MB, with the functions' own reader (functions/lib/documents.js: PDF.js,
 * word-extractor, OCR for scans, thumbnails), the median of RUNS runs each. A 10 MB text file
 * (the upload limit) shows the cost of the largest TXT.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';

const RUNS = 3;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function documentsFigures(root, rows, log = () => {}) {
  const reader = await import(path.join(root, 'functions/lib/documents.js'));
  const dir = path.join(root, 'test/fixtures/documents');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const inputs = manifest.map((f) => ({
    name: f.file,
    type: f.type,
    bytes: readFileSync(path.join(dir, f.file)),
  }));
  const line = 'Lecture notes on operating systems: paging, segmentation and TLB misses.\n';
  inputs.push({
    name: 'generated 10 MB text',
    type: 'text/plain',
    bytes: Buffer.from(line.repeat(Math.floor((10 * 1024 * 1024) / line.length))),
  });
  let totalMs = 0;
  let totalBytes = 0;
  for (const input of inputs) {
    log(`reading ${input.name}`);
    const times = [];
    let result;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      result = await reader.readDocument(new Uint8Array(input.bytes), input.type);
      times.push(performance.now() - t);
    }
    const ms = median(times);
    const mb = input.bytes.length / (1024 * 1024);
    totalMs += ms;
    totalBytes += input.bytes.length;
    const pages = result.pages === null ? '' : `, ${result.pages} p`;
    const ocr = result.ocrPages ? `, ${result.ocrPages} OCR'd` : '';
    rows.push([
      `Extract ${input.name}`,
      `${ms.toFixed(0)} ms for ${(input.bytes.length / 1024).toFixed(1)} KB${pages}${ocr}: ` +
        `${(ms / mb).toFixed(0)} ms/MB, thumbnail ${result.thumbnail?.length ?? 0} B`,
      '',
    ]);
  }
  rows.push([
    'Extract, all inputs',
    `${(totalMs / (totalBytes / (1024 * 1024))).toFixed(0)} ms/MB (${totalMs.toFixed(0)} ms, ` +
      `${(totalBytes / (1024 * 1024)).toFixed(1)} MB)`,
    'read once per file, in the trigger',
  ]);
}
