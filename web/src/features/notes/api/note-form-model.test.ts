import { describe, expect, it } from 'vitest';
import { MAX_NOTE_FILE_BYTES, NOTE_MESSAGES } from '@notenest/shared';
import {
  EMPTY_VALUES,
  draftOf,
  fileContentProblem,
  fileNameOfUrl,
  storageFileName,
  submitErrorMessage,
  toEditableNote,
  valuesFromNote,
  type EditableNote,
  type NoteFormValues,
} from './note-form-model';
import { pickedFileProblem, validateNoteForm } from './note-form-validation';

const filled: NoteFormValues = {
  title: '  Process scheduling  ',
  description: '',
  collegeName: 'Test College',
  courseName: 'B.Tech CSE',
  subjectName: 'Operating Systems',
  batch: '2022-2026',
  semester: '3',
  fileUrl: '',
  confirmed: true,
};
const pdf = { name: 'os.pdf', size: 1000, type: 'application/pdf' };

const stored: EditableNote = {
  id: 'n1',
  uploaderId: 'u1',
  approved: true,
  title: 'Old title',
  description: 'd',
  collegeName: 'Test College',
  courseName: 'B.Tech CSE',
  subjectName: 'Operating Systems',
  batch: '2021-2025',
  semester: 5,
  fileUrl: 'http://127.0.0.1:9199/v0/b/x/o/notes%2Fu1%2Fn1%2Fa-os.pdf?alt=media&token=t',
  fileName: 'os.pdf',
  filePath: 'notes/u1/n1/a-os.pdf',
  fileType: 'application/pdf',
  fileSize: 1000,
};

describe('Upload validation', () => {
  it('names every missing required field, the file-or-URL rule and the checkbox', () => {
    const r = validateNoteForm(EMPTY_VALUES, null, 'create');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      title: 'Title is required',
      collegeName: 'College is required',
      courseName: 'Course is required',
      subjectName: 'Subject is required',
      batch: 'Batch is required',
      semester: 'Semester is required',
      file: 'Please select a file or provide a file URL',
      confirmed: NOTE_MESSAGES.confirm,
    });
    expect(r.message).toBe('Title is required');
  });

  it('accepts a picked file and leaves its fields to the upload', () => {
    const r = validateNoteForm(filled, pdf, 'create');
    expect(r.ok && r.value).toMatchObject({
      title: 'Process scheduling',
      semester: 3,
      fileUrl: '',
    });
  });

  it('refuses a file over 10 MB and a wrong type before anything is sent', () => {
    const big = { ...pdf, size: MAX_NOTE_FILE_BYTES + 1 };
    expect(pickedFileProblem(big)).toBe(NOTE_MESSAGES.fileTooLarge);
    expect(pickedFileProblem({ name: 'x.png', size: 10, type: 'image/png' })).toBe(
      NOTE_MESSAGES.fileType,
    );
    expect(pickedFileProblem(pdf)).toBeNull();
    const r = validateNoteForm(filled, big, 'create');
    expect(!r.ok && r.errors).toEqual({ file: NOTE_MESSAGES.fileTooLarge });
  });

  it('takes a typed link instead of a file, with its last segment as the file name', () => {
    const r = validateNoteForm(
      { ...filled, fileUrl: 'https://example.com/a/OS%20notes.pdf' },
      null,
      'create',
    );
    expect(r.ok && r.value).toMatchObject({
      fileUrl: 'https://example.com/a/OS%20notes.pdf',
      fileName: 'OS notes.pdf',
      filePath: null,
    });
    const bad = validateNoteForm({ ...filled, fileUrl: 'ftp://example.com/x' }, null, 'create');
    expect(!bad.ok && bad.errors['fileUrl']).toBe(NOTE_MESSAGES.fileUrl);
  });

  it('requires the confirmation checkbox on Upload only', () => {
    const unchecked = { ...filled, confirmed: false };
    expect(validateNoteForm(unchecked, pdf, 'create').ok).toBe(false);
    expect(validateNoteForm(unchecked, null, 'update', stored).ok).toBe(true);
  });
});

describe('Update form', () => {
  it('prefills from the note, without the stored file URL in the link box', () => {
    expect(valuesFromNote(stored)).toEqual({
      title: 'Old title',
      description: 'd',
      collegeName: 'Test College',
      courseName: 'B.Tech CSE',
      subjectName: 'Operating Systems',
      batch: '2021-2025',
      semester: '5',
      fileUrl: '',
      confirmed: false,
    });
    const linked = { ...stored, filePath: null, fileUrl: 'https://example.com/x.pdf' };
    expect(valuesFromNote(linked).fileUrl).toBe('https://example.com/x.pdf');
  });

  it('keeps the current file when no file and no other link are given', () => {
    const r = validateNoteForm(valuesFromNote(stored), null, 'update', stored);
    expect(r.ok && r.value).toMatchObject({
      fileUrl: stored.fileUrl,
      fileName: 'os.pdf',
      filePath: 'notes/u1/n1/a-os.pdf',
      fileType: 'application/pdf',
      fileSize: 1000,
    });
  });

  it('replaces the file with a picked one or a different link', () => {
    expect(draftOf(valuesFromNote(stored), pdf, 'update', stored)).toMatchObject({ file: pdf });
    const r = validateNoteForm(
      { ...valuesFromNote(stored), fileUrl: 'https://example.com/new.txt' },
      null,
      'update',
      stored,
    );
    expect(r.ok && r.value).toMatchObject({
      fileUrl: 'https://example.com/new.txt',
      fileName: 'new.txt',
      filePath: null,
      fileType: null,
      fileSize: null,
    });
  });

  it('still requires the descriptive fields', () => {
    const r = validateNoteForm(
      { ...valuesFromNote(stored), title: ' ', semester: '' },
      null,
      'update',
      stored,
    );
    expect(!r.ok && Object.keys(r.errors)).toEqual(['title', 'semester']);
  });

  it('reads a note document defensively', () => {
    expect(toEditableNote('n1', { ...stored, id: undefined })).toEqual(stored);
    expect(toEditableNote('n2', { title: 5 })).toMatchObject({
      id: 'n2',
      title: '',
      fileName: null,
      fileSize: null,
      approved: false,
    });
  });
});

describe('file names and messages', () => {
  it('makes a unique, path-safe Storage name that keeps the extension', () => {
    expect(storageFileName('My notes (v2).PDF', 36 ** 3)).toBe('1000-My_notes_v2_.pdf');
    expect(storageFileName('a/b\\c.txt', 1)).toBe('1-a_b_c.txt');
    expect(storageFileName('.pdf', 1)).toBe('1-.pdf');
    expect(storageFileName(`${'x'.repeat(300)}.docx`, 1).length).toBeLessThanOrEqual(255);
    expect(storageFileName('a.pdf', 1)).not.toBe(storageFileName('a.pdf', 2));
  });

  it('reads no file name from a link without a last segment', () => {
    expect(fileNameOfUrl('https://example.com/')).toBeNull();
    expect(fileNameOfUrl('not a url')).toBeNull();
  });

  it('words the banner: known codes, the error message, the default, "Update failed:"', () => {
    expect(submitErrorMessage({ code: 'permission-denied', message: 'Missing' }, 'create')).toBe(
      'You are not allowed to save this note',
    );
    expect(submitErrorMessage(new Error('Server says no'), 'create')).toBe('Server says no');
    expect(submitErrorMessage(null, 'create')).toBe('Unknown error occurred');
    expect(submitErrorMessage(new Error('boom'), 'update')).toBe('Update failed: boom');
  });
});

describe('fileContentProblem (the bytes of a picked file)', () => {
  it('refuses a program renamed .pdf, with the spec-style message, and accepts a PDF', async () => {
    const exe = new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])]);
    expect(await fileContentProblem(exe, 'application/pdf')).toBe(NOTE_MESSAGES.fileContent);
    expect(await fileContentProblem(new Blob(['%PDF-1.7\n%...']), 'application/pdf')).toBeNull();
    expect(await fileContentProblem(new Blob(['plain words']), 'text/plain')).toBeNull();
  });
});
