/**
 * About page copy (spec sections 1 and 9). Kept as data, apart from layout, so the section order
 * and texts are reviewed (and tested) in one place.
 */

export const ABOUT_SECTIONS = [
  { id: 'what', title: 'What is NoteNest?' },
  { id: 'mission', title: 'Our Mission' },
  { id: 'features', title: 'Key Features' },
  { id: 'why', title: 'Why Choose Us' },
  { id: 'audience', title: 'Who is it for' },
  { id: 'impact', title: 'Platform Impact' },
  { id: 'team', title: 'Meet the Team' },
  { id: 'connect', title: 'Connect With Us' },
] as const;

export type AboutSectionId = (typeof ABOUT_SECTIONS)[number]['id'];

export function aboutTitle(id: AboutSectionId): string {
  const section = ABOUT_SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`unknown about section ${id}`);
  return section.title;
}

export const WHAT =
  'NoteNest is a free platform where college students upload, browse, search, download, like, ' +
  'comment on, share and save academic notes. Every note is checked by an admin before it counts ' +
  'as approved, so what you find is worth your time.';

export const MISSION =
  'Our mission is to make good study material free and easy to find for every student, across ' +
  'colleges and courses, by letting the students who wrote it share it.';

/** The features the spec says the About page claims (section 1). */
export const KEY_FEATURES = [
  {
    title: 'Upload and download notes',
    text: 'Share your notes in seconds and download others for free.',
  },
  { title: 'Smart filters', text: 'Filter by college, course, semester and subject.' },
  {
    title: 'Like, comment and interact',
    text: 'Tell classmates which notes helped and ask questions.',
  },
  {
    title: 'Admin approval',
    text: 'Every note is reviewed for quality assurance before it goes live.',
  },
  {
    title: 'Simple interface',
    text: 'A clean, fast interface that works on your phone and laptop.',
  },
] as const;

export const WHY_CHOOSE_US = [
  'Always free: no paywalls, no subscriptions.',
  'Verified notes: admins approve every upload.',
  'Made by students, for students.',
  'Notes from many colleges and courses in one place.',
] as const;

/** The audiences the spec names (section 1). */
export const AUDIENCES = [
  'College students',
  'Busy learners who missed lectures',
  'Contributors',
  'Knowledge seekers',
] as const;

/** Static marketing figures, hard-coded by the spec (section 9): not live statistics. */
export const IMPACT = [
  { value: '1,200+', label: 'Notes' },
  { value: '500+', label: 'Students' },
  { value: '25+', label: 'Colleges' },
  { value: '100+', label: 'Subjects' },
] as const;

export const TEAM = [
  {
    name: 'Aditi Verma',
    role: 'full stack developer',
    blurb: 'Builds the upload and browse experience and keeps the notes pipeline fast.',
    initials: 'AV',
    color: '#0f766e',
  },
  {
    name: 'Rahul Khanna',
    role: 'full stack developer',
    blurb: 'Works on accounts, moderation and the admin tools that keep the notes trustworthy.',
    initials: 'RK',
    color: '#1e40af',
  },
] as const;

export const CONTACT_EMAIL = 'hello@notenest.example';

export const CONNECT_TEXT =
  'Questions, ideas or a note that should not be here? We would love to hear from you.';
