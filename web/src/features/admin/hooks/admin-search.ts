/** Typing pause before an admin list is searched again on the server. */
export const SEARCH_DEBOUNCE_MS = 300;
