import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_COUNTERS,
  HOME_SECTIONS,
  HOW_IT_WORKS_STEPS,
  JOIN,
  STAY_CONNECTED_LINKS,
  TESTIMONIALS,
  WHY_USE_CARDS,
} from './content';

describe('home content (spec sections 2 and 9)', () => {
  it('has the seven sections in the spec order', () => {
    expect(HOME_SECTIONS.map((s) => s.id)).toEqual([
      'hero',
      'how-it-works',
      'why-use',
      'community',
      'testimonials',
      'join',
      'stay-connected',
    ]);
    expect(HOME_SECTIONS[0].title).toBe('Share & Discover Academic Notes Easily!');
  });

  it('lists the four steps and six cards by their spec names', () => {
    expect(HOW_IT_WORKS_STEPS.map((s) => s.title)).toEqual([
      'Upload Notes',
      'Get Verified',
      'Reach Students',
      'Download & Learn',
    ]);
    expect(WHY_USE_CARDS.map((c) => c.title)).toEqual([
      'Verified Quality Notes',
      'Free Downloads',
      'Peer Reviews',
      'Admin Approval',
      'User Interactions',
      'Collaborative Learning',
    ]);
  });

  it('shows the static counters of section 9', () => {
    expect(COMMUNITY_COUNTERS).toEqual([
      { value: '1,200+', label: 'Notes Shared' },
      { value: '2', label: 'Students Helped' },
      { value: '2', label: 'Colleges Covered' },
      { value: '1', label: 'Total Likes' },
    ]);
    expect(JOIN.text).toContain('10,000+ students across India');
    expect(JOIN.buttonLabel).toBe('Start Sharing');
  });

  it('has two testimonials and the four Stay Connected links', () => {
    expect(TESTIMONIALS).toHaveLength(2);
    expect(STAY_CONNECTED_LINKS.map((l) => l.label)).toEqual([
      'Facebook',
      'Instagram',
      'Twitter',
      'Email Us',
    ]);
  });
});
