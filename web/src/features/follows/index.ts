// Public surface of the follows feature (issue 32). The Follow button and Home's section are
// plain markup and small (their data calls, and the feed, load on first use): Browse and the
// note page import them directly, Home lazily once someone is signed in. The Profile's tab
// (Chakra) is its own chunk, which the profile loads when the tab opens.
export { FollowButton, type FollowButtonProps } from './components/follow-button';
export { default as HomeFollowing } from './components/home-following';
export const loadFollowingTab = () => import('./components/following-tab');
