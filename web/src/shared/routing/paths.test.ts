import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds note routes with the id encoded as one segment', () => {
    expect(paths.note('abc123')).toBe('/notes/abc123');
    expect(paths.updateNote('a/b c')).toBe('/update-notes/a%2Fb%20c');
  });

  it('keeps both sign-in spellings the spec links to', () => {
    expect(paths.signIn).toBe('/sign-in');
    expect(paths.signInLegacy).toBe('/signin');
  });
});
