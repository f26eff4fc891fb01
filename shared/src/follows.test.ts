import { describe, expect, it } from 'vitest';
import { followKey, parseFollowKey } from './follows.js';

describe('follow keys', () => {
  it('encode the kind and the exact name, with no slash and no bare dots', () => {
    expect(followKey('course', 'B.Tech')).toBe('course_B%2ETech');
    expect(followKey('subject', 'Data / Structures')).toBe('subject_Data%20%2F%20Structures');
    expect(followKey('college', '..')).toBe('college_%2E%2E');
    expect(followKey('subject', 'physics')).not.toBe(followKey('subject', 'Physics'));
  });

  it('parse back what they encode and nothing else', () => {
    expect(parseFollowKey(followKey('college', 'IIT Delhi'))).toEqual({
      kind: 'college',
      name: 'IIT Delhi',
    });
    for (const bad of ['course_', 'teacher_X', 'course_B.Tech', 'course_%E0%A4', 'subjectX', ''])
      expect(parseFollowKey(bad)).toBeNull();
  });
});
