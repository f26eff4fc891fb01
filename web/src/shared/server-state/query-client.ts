import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one cache of server state (TanStack Query). Only the routes that read server state
 * through it load it (the admin area, the profile, the Update form, the note previews): not the
 * entry chunk, not Home, Browse or the note page's first render.
 *
 * Defaults chosen to keep the screens' behaviour plain and predictable:
 * - no retries: a failure shows its banner at once (the spec's error texts), and the user retries;
 * - no refetch on focus: what the admin is working on does not change under their cursor;
 * - no cache after a screen leaves (gcTime 0): every visit loads what the server holds now, as
 *   the spec's screens do, and a form never starts from an old copy.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
  },
});
