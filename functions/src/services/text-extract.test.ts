import { describe, expect, it } from 'vitest';
import { makePdf, makeZip } from '../testing/stack.js';
import { contentStreamText, extractText } from './text-extract.js';

describe('extractText', () => {
  it('reads Flate-compressed and plain PDF content streams', async () => {
    for (const compress of [true, false]) {
      const pdf = await makePdf(['Kirchhoff (current) law', 'second \\ line'], compress);
      const text = extractText(pdf, 'application/pdf')!;
      expect(text).toContain('Kirchhoff (current) law');
      expect(text).toContain('second \\ line');
    }
  });

  it('reads TJ arrays, hex strings, octal escapes and kerning gaps', () => {
    expect(contentStreamText('BT [(Hel) 20 (lo) -400 (World)] TJ ET')).toBe('Hello World');
    expect(contentStreamText('BT <48692021> Tj ET')).toBe('Hi !');
    expect(contentStreamText('BT (caf\\351) Tj ET')).toBe('café');
  });

  it('reads DOCX paragraphs and entities', async () => {
    const docx = await makeZip({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml':
        '<w:document><w:body><w:p><w:r><w:t>Fourier</w:t></w:r><w:r><w:t xml:space="preserve"> series &amp; transforms</w:t></w:r></w:p><w:p><w:r><w:t>Laplace</w:t></w:r></w:p></w:body></w:document>',
    });
    const text = extractText(
      docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(text).toBe('Fourier series & transforms\nLaplace\n');
  });

  it('reads UTF-8 and Latin-1 text, and returns null for .doc', () => {
    expect(extractText(Buffer.from('\ufeffNaïve Bayes', 'utf8'), 'text/plain')).toBe('Naïve Bayes');
    expect(extractText(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/plain')).toBe('café');
    expect(extractText(Buffer.from('x'), 'application/msword')).toBeNull();
  });

  it('throws on what it cannot read (callers log and index the fields)', () => {
    expect(() => extractText(Buffer.from('not a pdf'), 'application/pdf')).toThrow();
    expect(() =>
      extractText(
        Buffer.from('PK'),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ).toThrow();
  });
});
