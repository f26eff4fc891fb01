import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NoteThumbnail, fileLabel } from './note-thumbnail';

afterEach(cleanup);

describe('NoteThumbnail', () => {
  it('shows the first-page image, decorative and lazy, in a fixed box', () => {
    render(<NoteThumbnail url="https://x.test/t.webp" fileName="a.pdf" />);
    const box = screen.getByTestId('note-thumbnail');
    const img = box.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://x.test/t.webp');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['68', '96']);
    expect(box.textContent).toBe('');
  });

  it('shows the file type while there is no image (hidden from screen readers)', () => {
    render(<NoteThumbnail url={null} fileName="lecture notes.docx" />);
    const box = screen.getByTestId('note-thumbnail');
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe('DOCX');
    expect(box.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
  });

  it('labels a linked file (no extension) LINK', () => {
    expect(fileLabel(null)).toBe('LINK');
    expect(fileLabel('notes')).toBe('LINK');
    expect(fileLabel('Notes.PDF')).toBe('PDF');
  });
});
