/**
 * Every path the app links to, in one place: features link to each other through these instead
 * of string literals, so a renamed route breaks the type check rather than a link.
 * Both sign-in spellings exist because the spec links to both (section 2).
 */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  signInLegacy: '/signin',
  signUp: '/sign-up',
  about: '/about',
  browse: '/browse',
  profile: '/profile',
  uploadNotes: '/uploading-notes',
  adminDashboard: '/admin-dashboard',
  notifications: '/notifications',
  note: (notesId: string) => `/notes/${encodeURIComponent(notesId)}`,
  updateNote: (updateId: string) => `/update-notes/${encodeURIComponent(updateId)}`,
} as const;
