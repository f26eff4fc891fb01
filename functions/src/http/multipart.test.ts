import { Readable } from 'node:stream';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { readMultipart } from './multipart.js';

const boundary = '----x1y2';

function body(parts: { headers: string; data: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('preamble\r\n')];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\nepilogue`));
  return Buffer.concat(chunks);
}

const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

/** A request as Cloud Functions hands it (rawBody) or as a stream in chunks of `size` bytes. */
function request(buf: Buffer, size?: number): Request {
  if (size === undefined) return { headers, rawBody: buf } as unknown as Request;
  const chunks: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) chunks.push(buf.subarray(i, i + size));
  return Object.assign(Readable.from(chunks), { headers }) as unknown as Request;
}

const LIMITS = { fileBytes: 1024, totalBytes: 64 * 1024 };

describe('readMultipart', () => {
  // File data that contains almost-delimiters and CRLFs.
  const file = Buffer.concat([
    Buffer.from('%PDF-1.4\r\n--'),
    Buffer.from(`\r\n--${boundary.slice(0, -1)}`),
    Buffer.from([0, 255, 13, 10]),
  ]);
  const buf = body([
    { headers: 'Content-Disposition: form-data; name="title"', data: 'Héllo wörld' },
    {
      headers:
        'Content-Disposition: form-data; name="file"; filename="a b.pdf"\r\nContent-Type: application/pdf',
      data: file,
    },
    { headers: 'Content-Disposition: form-data; name="empty"', data: '' },
  ]);

  it.each([undefined, 1, 7, 64, 100_000])(
    'reads fields and files the same way (body in chunks of %s bytes)',
    async (size) => {
      const r = await readMultipart(request(buf, size), LIMITS);
      expect(r.fields).toEqual({ title: 'Héllo wörld', empty: '' });
      expect(r.files['file']).toMatchObject({
        field: 'file',
        filename: 'a b.pdf',
        contentType: 'application/pdf',
        size: file.length,
        truncated: false,
      });
      expect(r.files['file']!.data.equals(file)).toBe(true);
    },
  );

  it('keeps a file up to the limit and counts the rest', async () => {
    const big = Buffer.alloc(3000, 7);
    const r = await readMultipart(
      request(
        body([
          { headers: 'Content-Disposition: form-data; name="f"; filename="x.txt"', data: big },
        ]),
      ),
      LIMITS,
    );
    expect(r.files['f']).toMatchObject({ size: 3000, truncated: true });
    expect(r.files['f']!.data.length).toBe(1024);
  });

  it('refuses a body over the cap, a field too large, too many fields, and a cut body', async () => {
    await expect(readMultipart(request(buf), { ...LIMITS, totalBytes: 10 })).rejects.toMatchObject({
      status: 413,
    });
    await expect(
      readMultipart(request(buf, 5), { ...LIMITS, totalBytes: 10 }),
    ).rejects.toMatchObject({ status: 413 });
    await expect(readMultipart(request(buf), { ...LIMITS, fieldBytes: 4 })).rejects.toMatchObject({
      status: 413,
      message: 'Form field title is too large',
    });
    await expect(readMultipart(request(buf), { ...LIMITS, fields: 1 })).rejects.toMatchObject({
      status: 400,
      message: 'Too many form fields',
    });
    await expect(
      readMultipart(request(buf.subarray(0, buf.length - 20)), LIMITS),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Malformed multipart body/),
    });
  });

  // Issue 29: a body cut inside a file part errored the part's stream with no listener, and
  // "Unexpected end of form" became an uncaught exception that ended the process.
  describe('a body that ends inside a file part', () => {
    const cut = body([
      { headers: 'Content-Disposition: form-data; name="title"', data: 'Notes' },
      {
        headers: 'Content-Disposition: form-data; name="file"; filename="a.pdf"',
        data: Buffer.alloc(2000, 0x61),
      },
    ]).subarray(0, 600);

    /** Runs `read` while recording uncaught exceptions (the crash this guards against). */
    async function uncaughtDuring(read: () => Promise<unknown>): Promise<unknown[]> {
      const uncaught: unknown[] = [];
      const record = (err: unknown) => uncaught.push(err);
      process.on('uncaughtException', record);
      try {
        await read();
        // A destroyed stream emits its 'error' on process.nextTick; every nextTick callback has
        // run before setImmediate's, so an unheard error would have been thrown by now.
        await new Promise((r) => setImmediate(r));
      } finally {
        process.off('uncaughtException', record);
      }
      return uncaught;
    }

    it.each([undefined, 1, 64])(
      'answers 400 and throws nothing (chunks of %s bytes)',
      async (size) => {
        const uncaught = await uncaughtDuring(() =>
          expect(readMultipart(request(cut, size), LIMITS)).rejects.toMatchObject({
            status: 400,
            message: 'Malformed multipart body: Unexpected end of form',
          }),
        );
        expect(uncaught).toEqual([]);
      },
    );

    it('answers 413 and throws nothing when the cap is passed inside the file', async () => {
      const uncaught = await uncaughtDuring(() =>
        expect(
          readMultipart(request(cut, 100), { ...LIMITS, totalBytes: 300 }),
        ).rejects.toMatchObject({ status: 413 }),
      );
      expect(uncaught).toEqual([]);
    });
  });

  it('refuses a multipart content type without a boundary', async () => {
    const req = { headers: { 'content-type': 'multipart/form-data' }, rawBody: buf };
    await expect(readMultipart(req as unknown as Request, LIMITS)).rejects.toMatchObject({
      status: 400,
    });
  });

  it('reads UTF-8 file names, plain and RFC 5987', async () => {
    const named = (disposition: string) =>
      body([{ headers: `Content-Disposition: form-data; name="f"; ${disposition}`, data: 'x' }]);
    const plain = await readMultipart(request(named('filename="गणित.txt"')), LIMITS);
    expect(plain.files['f']!.filename).toBe('गणित.txt');
    const encoded = await readMultipart(
      request(named(`filename="x"; filename*=UTF-8''%E0%A4%97.txt`)),
      LIMITS,
    );
    expect(encoded.files['f']!.filename).toBe('ग.txt');
  });
});
