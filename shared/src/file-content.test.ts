import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOTE_FILE_TYPES } from './constants.js';
import { contentMatchesType } from './file-content.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../test/fixtures/documents/${name}`, import.meta.url)));
const ascii = (s: string) => new TextEncoder().encode(s);

describe('contentMatchesType', () => {
  it('accepts every fixture made by real tools as its own type', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../test/fixtures/documents/manifest.json', import.meta.url), 'utf8'),
    ) as { file: string; type: string }[];
    for (const f of manifest)
      expect(contentMatchesType(fixture(f.file), f.type), f.file).toBe(true);
  });

  it('refuses each fixture as a type it is not', () => {
    expect(contentMatchesType(fixture('pdflatex.pdf'), NOTE_FILE_TYPES.docx)).toBe(false);
    expect(contentMatchesType(fixture('libreoffice.docx'), NOTE_FILE_TYPES.doc)).toBe(false);
    expect(contentMatchesType(fixture('word97.doc'), NOTE_FILE_TYPES.pdf)).toBe(false);
    expect(contentMatchesType(fixture('utf8.txt'), NOTE_FILE_TYPES.pdf)).toBe(false);
  });

  it('refuses a Windows executable named .pdf or .txt', () => {
    const exe = new Uint8Array([...ascii('MZ'), 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);
    expect(contentMatchesType(exe, NOTE_FILE_TYPES.pdf)).toBe(false);
    expect(contentMatchesType(exe, NOTE_FILE_TYPES.txt)).toBe(false);
  });

  it('refuses text that starts like a binary format, and text with a NUL byte', () => {
    expect(contentMatchesType(ascii('MZ is how it starts'), NOTE_FILE_TYPES.txt)).toBe(false);
    expect(contentMatchesType(ascii('%PDF-1.7 pretend'), NOTE_FILE_TYPES.txt)).toBe(false);
    expect(contentMatchesType(ascii('plain\u0000text'), NOTE_FILE_TYPES.txt)).toBe(false);
    expect(contentMatchesType(ascii('plain text'), NOTE_FILE_TYPES.txt)).toBe(true);
  });

  it('finds a PDF header within the first KiB only', () => {
    const late = new Uint8Array([...new Uint8Array(1100).fill(0x20), ...ascii('%PDF-1.4')]);
    const early = new Uint8Array([...new Uint8Array(100).fill(0x20), ...ascii('%PDF-1.4')]);
    expect(contentMatchesType(late, NOTE_FILE_TYPES.pdf)).toBe(false);
    expect(contentMatchesType(early, NOTE_FILE_TYPES.pdf)).toBe(true);
  });

  it('refuses an empty file and an unknown type', () => {
    expect(contentMatchesType(new Uint8Array(), NOTE_FILE_TYPES.txt)).toBe(false);
    expect(contentMatchesType(ascii('%PDF-1.4'), 'image/png')).toBe(false);
  });
});
