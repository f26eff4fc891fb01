import { describe, expect, it } from 'vitest';
import { COURSES, filterCourses, NOTE_LIMITS } from './index.js';

describe('COURSES', () => {
  it('has about 110 distinct programmes', () => {
    expect(COURSES.length).toBeGreaterThanOrEqual(100);
    expect(COURSES.length).toBeLessThanOrEqual(120);
    expect(new Set(COURSES).size).toBe(COURSES.length);
  });
  it('covers every family the spec names', () => {
    for (const c of ['B.Tech CSE', 'B.Sc Physics', 'B.Com', 'BA English', 'BBA', 'MCA', 'LLB'])
      expect(COURSES).toContain(c);
    for (const family of [
      /^B\.Des/,
      /^BFA/,
      /^BHM$/,
      /^M\.(Tech|Sc)/,
      /^PG Diploma|^PGDM/,
      /^PhD/,
      /^(MD|DM|MCh)$/,
      /^Diploma in/,
      /^Certificate in/,
    ])
      expect(
        COURSES.some((c) => family.test(c)),
        String(family),
      ).toBe(true);
  });
  it('fits the courseName limit', () => {
    for (const c of COURSES) {
      expect(c.length).toBeGreaterThanOrEqual(NOTE_LIMITS.courseName.min);
      expect(c.length).toBeLessThanOrEqual(NOTE_LIMITS.courseName.max);
    }
  });
});

describe('filterCourses', () => {
  it('matches by case-insensitive containment', () => {
    expect(filterCourses('cse')).toEqual(['B.Tech CSE', 'M.Tech CSE']);
    expect(filterCourses('  MCA ')).toEqual(['MCA']);
    expect(filterCourses('tech cse')).toContain('B.Tech CSE');
  });
  it('returns every course for an empty query and none for a miss', () => {
    expect(filterCourses('')).toHaveLength(COURSES.length);
    expect(filterCourses('zzzz')).toEqual([]);
  });
  it('can filter another list', () => {
    expect(filterCourses('a', ['Alpha', 'beta', 'Gamma', 'xyz'])).toEqual([
      'Alpha',
      'beta',
      'Gamma',
    ]);
  });
});
