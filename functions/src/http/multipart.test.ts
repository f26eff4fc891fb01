import { describe, expect, it } from 'vitest';
import { MultipartParser, parsePartHeaders, type PartHeaders } from './multipart.js';

function body(boundary: string, parts: { headers: string; data: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('preamble\r\n')];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\nepilogue`));
  return Buffer.concat(chunks);
}

function parse(boundary: string, buf: Buffer, chunkSize: number) {
  const parts: { h: PartHeaders; data: Buffer }[] = [];
  let cur: Buffer[] = [];
  let h: PartHeaders | null = null;
  const p = new MultipartParser(boundary, {
    start: (headers) => {
      h = headers;
      cur = [];
    },
    data: (c) => cur.push(Buffer.from(c)),
    end: () => parts.push({ h: h!, data: Buffer.concat(cur) }),
  });
  for (let i = 0; i < buf.length; i += chunkSize) p.write(buf.subarray(i, i + chunkSize));
  p.end();
  return parts;
}

describe('MultipartParser', () => {
  const boundary = '----x1y2';
  // File data that contains almost-delimiters and CRLFs.
  const file = Buffer.concat([
    Buffer.from('%PDF-1.4\r\n--'),
    Buffer.from(`\r\n--${boundary.slice(0, -1)}`),
    Buffer.from([0, 255, 13, 10]),
  ]);
  const buf = body(boundary, [
    { headers: 'Content-Disposition: form-data; name="title"', data: 'Héllo wörld' },
    {
      headers:
        'Content-Disposition: form-data; name="file"; filename="a \\"b\\".pdf"\r\nContent-Type: application/pdf',
      data: file,
    },
    { headers: 'Content-Disposition: form-data; name="empty"', data: '' },
  ]);

  it.each([1, 2, 7, 64, 100_000])('splits parts the same way for chunks of %i bytes', (size) => {
    const parts = parse(boundary, buf, size);
    expect(parts.map((p) => p.h.name)).toEqual(['title', 'file', 'empty']);
    expect(parts[0]!.data.toString('utf8')).toBe('Héllo wörld');
    expect(parts[1]!.h).toEqual({
      name: 'file',
      filename: 'a "b".pdf',
      contentType: 'application/pdf',
    });
    expect(parts[1]!.data.equals(file)).toBe(true);
    expect(parts[2]!.data.length).toBe(0);
  });

  it('refuses a body cut before the closing delimiter', () => {
    const cut = buf.subarray(0, buf.length - 20);
    expect(() => parse(boundary, cut, 1000)).toThrow(/unexpected end/);
  });

  it('reads RFC 5987 filenames', () => {
    expect(
      parsePartHeaders(
        `Content-Disposition: form-data; name="f"; filename="x"; filename*=UTF-8''%E0%A4%97.txt`,
      ).filename,
    ).toBe('ग.txt');
  });
});
