import { describe, expect, it } from 'vitest';
import { downloadNameFor } from './file-download';

describe('downloadNameFor', () => {
  it('uses the stored file name, else one from the title', () => {
    expect(downloadNameFor({ title: 'x', fileName: 'deadlocks.pdf' })).toBe('deadlocks.pdf');
    expect(downloadNameFor({ title: 'Fourier Series (Unit 2)', fileName: null })).toBe(
      'fourier-series-unit-2',
    );
    expect(downloadNameFor({ title: '!!!', fileName: null })).toBe('note');
  });
});
