import { describe, expect, it } from 'vitest';
import { ABOUT_SECTIONS, CONTACT_EMAIL, IMPACT, TEAM } from './content';

describe('about content (spec sections 1 and 9)', () => {
  it('has the sections in the spec order, then Connect With Us', () => {
    expect(ABOUT_SECTIONS.map((s) => s.title)).toEqual([
      'What is NoteNest?',
      'Our Mission',
      'Key Features',
      'Why Choose Us',
      'Who is it for',
      'Platform Impact',
      'Meet the Team',
      'Connect With Us',
    ]);
  });

  it('shows the static figures of section 9', () => {
    expect(IMPACT.map((i) => `${i.value} ${i.label}`)).toEqual([
      '1,200+ Notes',
      '500+ Students',
      '25+ Colleges',
      '100+ Subjects',
    ]);
  });

  it('has two team cards with the role "full stack developer" and a contact address', () => {
    expect(TEAM).toHaveLength(2);
    for (const member of TEAM) expect(member.role).toBe('full stack developer');
    expect(CONTACT_EMAIL).toMatch(/^[^@\s]+@[^@\s]+$/);
  });
});
