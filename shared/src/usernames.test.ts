import { describe, expect, it } from 'vitest';
import {
  USERNAME_MESSAGES,
  normalizeUsername,
  usernameFromName,
  usernameKey,
  usernameProblem,
  usernameVariant,
} from './usernames.js';
import { collegeDocId } from './colleges.js';

describe('usernames', () => {
  it('accepts a trimmed name of 2-40 characters', () => {
    expect(usernameProblem('  Aarav Sharma ')).toBeNull();
    expect(usernameProblem('ab')).toBeNull();
    expect(usernameProblem('a'.repeat(40))).toBeNull();
  });

  it('refuses blank, too short or too long names', () => {
    expect(usernameProblem('   ')).toBe(USERNAME_MESSAGES.required);
    expect(usernameProblem(' a ')).toBe(USERNAME_MESSAGES.length);
    expect(usernameProblem('a'.repeat(41))).toBe(USERNAME_MESSAGES.length);
  });

  it('refuses names that cannot be a claim id', () => {
    expect(usernameProblem('a/b')).toBe(USERNAME_MESSAGES.slash);
    expect(usernameProblem('__id__')).toBe(USERNAME_MESSAGES.reserved);
    expect(usernameProblem('..')).toBe(USERNAME_MESSAGES.reserved);
  });

  // Issue 29: a name that displays exactly like another is refused, not a second name.
  it('refuses invisible characters: format (Cf), control (Cc) and line separators', () => {
    for (const hidden of [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\u202E',
      '\u2066',
      '\uFEFF',
      '\u00AD',
      '\u0000',
      '\n',
      '\u2028',
      '\u2029',
    ])
      expect(usernameProblem(`ali${hidden}ce`)).toBe(USERNAME_MESSAGES.invisible);
    // Marks that are part of a letter are not format characters.
    expect(usernameProblem('गणित')).toBeNull();
    expect(usernameProblem('José')).toBeNull();
  });

  it('normalizes compatibility forms (NFKC), and refuses a name stored without it', () => {
    expect(normalizeUsername(' ａｌｉｃｅ ')).toBe('alice');
    expect(normalizeUsername('𝐚𝐥𝐢𝐜𝐞')).toBe('alice');
    expect(normalizeUsername('Jose\u0301')).toBe('José');
    expect(usernameProblem('ａｌｉｃｅ')).toBe(USERNAME_MESSAGES.compatibility);
    expect(usernameProblem(normalizeUsername('ａｌｉｃｅ'))).toBeNull();
  });

  it('makes a name from a display name: normalized, invisible characters dropped', () => {
    expect(usernameFromName(' ａｌｉ\u200Bce ')).toBe('alice');
    expect(usernameProblem(usernameFromName('Pri\u202Eya'))).toBeNull();
  });

  it('variants keep the suffix within 40 characters', () => {
    expect(usernameVariant('Priya Nair', 2)).toBe('Priya Nair 2');
    const long = usernameVariant('x'.repeat(40), 'abc123');
    expect(long).toBe(`${'x'.repeat(33)} abc123`);
    expect(usernameProblem(long)).toBeNull();
  });

  it('college ids are safe document ids', () => {
    expect(collegeDocId('IIT Delhi')).toBe('c_IIT%20Delhi');
    expect(collegeDocId('..')).toBe('c_%2E%2E');
    expect(collegeDocId('A/B')).toBe('c_A%2FB');
  });

  it('keys differ only by case', () => {
    expect(usernameKey('Aarav Sharma')).toBe(usernameKey('aARAV sHARMA'));
    expect(usernameKey('Aarav Sharma')).not.toBe(usernameKey('Aarav  Sharma'));
  });
});
