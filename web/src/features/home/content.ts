/**
 * Home page copy (spec section 2, figures from section 9). Kept as data, apart from layout, so the
 * texts and their order are reviewed (and tested) in one place.
 */

export const HOME_SECTIONS = [
  { id: 'hero', title: 'Share & Discover Academic Notes Easily!' },
  { id: 'how-it-works', title: 'How It Works' },
  { id: 'why-use', title: 'Why Use NoteNest?' },
  { id: 'community', title: 'Our Growing Community' },
  { id: 'testimonials', title: 'What Students Are Saying' },
  { id: 'join', title: 'Join the Movement' },
  { id: 'stay-connected', title: 'Stay Connected' },
] as const;

export type HomeSectionId = (typeof HOME_SECTIONS)[number]['id'];

export function sectionTitle(id: HomeSectionId): string {
  const section = HOME_SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`unknown home section ${id}`);
  return section.title;
}

export const HERO = {
  subtitle:
    'Upload your lecture notes, find verified notes from students across colleges and courses, ' +
    'and download them for free.',
  uploadLabel: 'Upload Notes',
  browseLabel: 'Browse Notes',
};

export const HOW_IT_WORKS_STEPS = [
  { title: 'Upload Notes', text: 'Share your notes as a PDF, Word or text file in a few clicks.' },
  { title: 'Get Verified', text: 'Our admins review every note before it goes live.' },
  { title: 'Reach Students', text: 'Approved notes reach students across colleges and courses.' },
  {
    title: 'Download & Learn',
    text: 'Find notes by college, course, semester and subject, and download them for free.',
  },
] as const;

export const WHY_USE_CARDS = [
  {
    title: 'Verified Quality Notes',
    text: 'Every note is checked by an admin before other students see it.',
  },
  { title: 'Free Downloads', text: 'All notes are free to download, always.' },
  { title: 'Peer Reviews', text: 'Likes and comments from classmates show which notes help most.' },
  { title: 'Admin Approval', text: 'A moderation step keeps spam and off-topic uploads out.' },
  { title: 'User Interactions', text: 'Like, comment on, share and save the notes you use.' },
  {
    title: 'Collaborative Learning',
    text: 'Fill the gaps of a missed lecture with notes from students who were there.',
  },
] as const;

/** Static marketing figures, hard-coded by the spec (section 9): not live statistics. */
export const COMMUNITY_COUNTERS = [
  { value: '1,200+', label: 'Notes Shared' },
  { value: '2', label: 'Students Helped' },
  { value: '2', label: 'Colleges Covered' },
  { value: '1', label: 'Total Likes' },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'I missed two weeks of Operating Systems lectures and caught up in a weekend with notes ' +
      'from a senior. The approval step means they are actually good.',
    name: 'Priya S.',
    detail: 'B.Tech CSE, Semester 5',
  },
  {
    quote:
      'Uploading my Economics notes took a minute, and it feels great to see juniors liking and ' +
      'downloading them.',
    name: 'Rahul M.',
    detail: 'B.Com, Semester 3',
  },
] as const;

export const JOIN = {
  text: 'Help 10,000+ students across India by sharing the notes you already have.',
  buttonLabel: 'Start Sharing',
};

/** Placeholders until NoteNest has real accounts (spec: "four placeholder links"). */
export const STAY_CONNECTED_LINKS = [
  { label: 'Facebook', href: '#' },
  { label: 'Instagram', href: '#' },
  { label: 'Twitter', href: '#' },
  { label: 'Email Us', href: 'mailto:hello@notenest.example' },
] as const;
