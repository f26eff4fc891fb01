/** The Following screens' words, shared by Home's section and the Profile tab. */
export const FOLLOWING_TAB = {
  tab: 'Following',
  heading: 'New in what you follow',
  manage: 'Manage what you follow',
  empty: 'No approved notes in what you follow yet.',
  nothingFollowed:
    'You follow nothing yet. Follow a subject, a course or a college from Browse’s filters or a note’s details.',
  notify: 'Notify me of new notes in what I follow',
  loadMoreFailed: 'More notes could not be loaded. Please try again.',
} as const;
