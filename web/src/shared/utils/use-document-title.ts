import { useEffect } from 'react';

/** The site's own document title (index.html's <title>, which every page starts with). */
export const SITE_TITLE = 'NoteNest – Share & Discover Academic Notes';

/**
 * The tab's title while the component is shown (what the browser's history, bookmarks and tab
 * strip name the page by); the site's again when it goes. Not "the previous one": a page the
 * server rendered with its own title (functions' GET /notes/:id) starts with it already.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
}
