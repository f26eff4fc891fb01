import { describe, expect, it } from 'vitest';
import {
  MAX_NOTE_FILE_BYTES,
  NOTE_MESSAGES,
  charLength,
  noteFileTypeFor,
  validateNoteFile,
  validateNoteInput,
  type NoteDraft,
} from './index.js';

const base: NoteDraft = {
  title: '  Operating Systems Unit 3 ',
  description: 'Deadlocks and scheduling',
  collegeName: 'IIT Delhi',
  courseName: 'B.Tech CSE',
  subjectName: 'Operating Systems',
  batch: '2022-2026',
  semester: '3',
  fileUrl: 'https://example.com/os.pdf',
};

describe('validateNoteInput', () => {
  it('accepts and normalizes a valid create', () => {
    const r = validateNoteInput(base, 'create');
    expect(r).toEqual({
      ok: true,
      value: {
        title: 'Operating Systems Unit 3',
        description: 'Deadlocks and scheduling',
        collegeName: 'IIT Delhi',
        courseName: 'B.Tech CSE',
        subjectName: 'Operating Systems',
        batch: '2022-2026',
        semester: 3,
        fileUrl: 'https://example.com/os.pdf',
        fileName: null,
        filePath: null,
        fileType: null,
        fileSize: null,
      },
    });
  });

  it('needs a file or a URL on create, with the spec message', () => {
    const r = validateNoteInput({ ...base, fileUrl: '' }, 'create');
    expect(r).toMatchObject({ ok: false, message: NOTE_MESSAGES.fileOrUrl });
    expect(NOTE_MESSAGES.fileOrUrl).toBe('Please select a file or provide a file URL');
  });

  it('accepts a picked file instead of a URL (URL filled after upload)', () => {
    const r = validateNoteInput(
      { ...base, fileUrl: '', file: { name: 'os.PDF', size: 1000, type: 'application/pdf' } },
      'create',
    );
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.fileUrl).toBe('');
  });

  it('reports a bad picked file under "file"', () => {
    const r = validateNoteInput(
      { ...base, file: { name: 'os.exe', size: 10, type: 'application/x-msdownload' } },
      'create',
    );
    expect(r).toMatchObject({ ok: false, errors: { file: NOTE_MESSAGES.fileType } });
  });

  it('makes the file optional on update', () => {
    expect(validateNoteInput({ ...base, fileUrl: undefined }, 'update').ok).toBe(true);
  });

  it('keeps the current file fields on update', () => {
    const r = validateNoteInput(
      {
        ...base,
        fileName: 'os.pdf',
        filePath: 'notes/u1/n1/os.pdf',
        fileType: 'application/pdf',
        fileSize: 1234,
      },
      'update',
    );
    expect(r.ok && r.value).toMatchObject({
      fileName: 'os.pdf',
      filePath: 'notes/u1/n1/os.pdf',
      fileType: 'application/pdf',
      fileSize: 1234,
    });
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['title', { title: 'ab' }, 'Title must be at least 3 characters'],
    ['title', { title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    [
      'description',
      { description: 'x'.repeat(2001) },
      'Description must be at most 2000 characters',
    ],
    ['collegeName', { collegeName: ' ' }, 'College is required'],
    ['collegeName', { collegeName: 'x' }, 'College must be at least 2 characters'],
    ['courseName', { courseName: undefined }, 'Course is required'],
    ['subjectName', { subjectName: 'x'.repeat(121) }, 'Subject must be at most 120 characters'],
    ['subjectName', { subjectName: 42 }, 'Subject must be text'],
    ['batch', { batch: '' }, 'Batch is required'],
    ['batch', { batch: '2019-2023' }, NOTE_MESSAGES.batch],
    ['semester', { semester: '' }, 'Semester is required'],
    ['semester', { semester: '9' }, NOTE_MESSAGES.semester],
    ['semester', { semester: 0 }, NOTE_MESSAGES.semester],
    ['semester', { semester: 2.5 }, NOTE_MESSAGES.semester],
    ['semester', { semester: '3a' }, NOTE_MESSAGES.semester],
    ['fileUrl', { fileUrl: 'ftp://x/y.pdf' }, NOTE_MESSAGES.fileUrl],
    [
      'fileUrl',
      { fileUrl: 'https://' + 'x'.repeat(2041) },
      'File URL must be at most 2048 characters',
    ],
    ['confirmed', { confirmed: false }, NOTE_MESSAGES.confirm],
  ] as const)('%s: %j -> %s', (field, patch, msg) => {
    for (const mode of ['create', 'update'] as const) {
      const r = validateNoteInput({ ...base, ...patch } as NoteDraft, mode);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[field]).toBe(msg);
    }
  });

  it('accepts the limits exactly, counting characters as code points', () => {
    const emoji = '😀'.repeat(120);
    expect(charLength(emoji)).toBe(120);
    const r = validateNoteInput(
      { ...base, title: emoji, description: '', semester: 8, batch: '2023-2027', confirmed: true },
      'create',
    );
    expect(r.ok).toBe(true);
  });

  it('collects every error and reports the first as the message', () => {
    const r = validateNoteInput({}, 'create');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.errors).sort()).toEqual(
        ['batch', 'collegeName', 'courseName', 'file', 'semester', 'subjectName', 'title'].sort(),
      );
      expect(r.message).toBe('Title is required');
    }
  });
});

describe('validateNoteFile', () => {
  it.each([
    ['a.pdf', 'application/pdf'],
    ['a.DOC', 'application/msword'],
    ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a.txt', 'text/plain'],
  ])('accepts %s as %s', (name, type) => {
    expect(noteFileTypeFor(name)).toBe(type);
    expect(validateNoteFile({ name, size: 10, type: '' })).toEqual({
      ok: true,
      value: { name, size: 10, contentType: type },
    });
  });

  it('accepts exactly 10 MiB, refuses one byte more and empty files', () => {
    expect(validateNoteFile({ name: 'a.pdf', size: MAX_NOTE_FILE_BYTES, type: '' }).ok).toBe(true);
    expect(
      validateNoteFile({ name: 'a.pdf', size: MAX_NOTE_FILE_BYTES + 1, type: '' }),
    ).toMatchObject({
      ok: false,
      message: NOTE_MESSAGES.fileTooLarge,
    });
    expect(validateNoteFile({ name: 'a.pdf', size: 0, type: '' })).toMatchObject({
      ok: false,
      message: NOTE_MESSAGES.fileEmpty,
    });
  });

  it('refuses other types, missing extensions and contradicting MIME types', () => {
    for (const name of ['a.png', 'a', 'pdf', 'a.pdf.exe'])
      expect(validateNoteFile({ name, size: 10, type: '' }).ok).toBe(false);
    expect(validateNoteFile({ name: 'a.pdf', size: 10, type: 'text/plain' }).ok).toBe(false);
    // An unknown MIME type (browsers' guess) does not override a known extension.
    expect(
      validateNoteFile({ name: 'a.docx', size: 10, type: 'application/octet-stream' }).ok,
    ).toBe(true);
  });

  it('refuses names longer than 255 characters', () => {
    expect(validateNoteFile({ name: 'x'.repeat(252) + '.pdf', size: 1, type: '' }).ok).toBe(false);
    expect(validateNoteFile({ name: 'x'.repeat(251) + '.pdf', size: 1, type: '' }).ok).toBe(true);
  });
});
