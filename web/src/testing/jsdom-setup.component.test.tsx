import { describe, expect, it } from 'vitest';

// The polyfill's answers are the CSSOM spec's examples (what browsers return).
describe('jsdom setup: CSS.escape', () => {
  it('escapes as browsers do', () => {
    expect(CSS.escape('a:b')).toBe('a\\:b');
    expect(CSS.escape('1abc')).toBe('\\31 abc');
    expect(CSS.escape('-1a')).toBe('-\\31 a');
    expect(CSS.escape('-')).toBe('\\-');
    expect(CSS.escape('«id»')).toBe('«id»');
    expect(CSS.escape(':r1:')).toBe('\\:r1\\:');
  });
});
