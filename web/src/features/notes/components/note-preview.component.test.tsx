import { NOTE_MESSAGES } from '@notenest/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoteDetail } from '../api/note-detail-model';
import { NotePreview } from './note-preview';

const NOTE: NoteDetail = {
  id: 'n1',
  title: 'Cell Biology',
  description: '',
  subjectName: 'Biology',
  courseName: 'B.Sc',
  collegeName: 'X',
  semester: 1,
  likesCount: 0,
  commentsCount: 0,
  downloadCount: 0,
  fileUrl: 'http://127.0.0.1:9/file',
  fileName: 'cells.pdf',
  thumbnailUrl: null,
  fileRefused: false,
  createdAt: null,
  batch: null,
  fileType: 'application/pdf',
  uploaderId: 'u1',
  approved: true,
  underReview: false,
};

/** An IntersectionObserver that reports on demand, as a browser does while scrolling. */
const observers: IntersectionObserverCallback[] = [];
class ScrollObserver {
  constructor(callback: IntersectionObserverCallback) {
    observers.push(callback);
  }
  observe() {}
  disconnect() {}
}

function show(note: Partial<NoteDetail>) {
  // Plain markup (note-page.css): no Chakra provider needed.
  return render(<NotePreview note={{ ...NOTE, ...note }} />);
}

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', ScrollObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no network in component tests'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotePreview', () => {
  it('loads nothing until the preview comes near the viewport', async () => {
    show({});
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(screen.queryByTestId('pdf-preview')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // Scrolled near: the reader loads and asks for the file.
    await act(async () => {
      for (const cb of observers)
        cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith(NOTE.fileUrl), { timeout: 10_000 });
  });

  it('says a refused file is not shown, and never fetches it, even in view', async () => {
    show({ fileRefused: true });
    expect(screen.getByTestId('file-refused').textContent).toContain(NOTE_MESSAGES.fileContent);
    await act(async () => {
      for (const cb of observers)
        cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(screen.queryByTestId('pdf-preview')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers View Notes and Download for a Word 97 file (no preview)', () => {
    show({ fileType: 'application/msword', fileName: 'old.doc' });
    expect(screen.getByText(/A preview is available for PDF, DOCX and TXT files/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so when the file cannot be loaded', async () => {
    show({ fileType: 'text/plain', fileName: 'a.txt' });
    await act(async () => {
      for (const cb of observers)
        cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The preview could not be loaded. Use View Notes or Download to open the file.',
    );
  });
});
