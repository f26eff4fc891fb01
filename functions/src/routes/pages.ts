/**
 * Pages served as HTML by the function (firebase.json rewrites their paths here rather than to a
 * static file): Browse and the note page, whose first page of notes and note are data that
 * changes, so they cannot be prerendered at build time like the other routes
 * (web/build-plugins/prerender.ts).
 */
import compression from 'compression';
import { Router, type Response } from 'express';
import { browsePage, notePage } from '../services/web-pages.js';

/** A page: a CDN may keep it for a few seconds; a browser always asks again. */
function sendPage(res: Response, html: string): void {
  res.status(200).set('Cache-Control', 'public, max-age=0, s-maxage=15').type('html').send(html);
}

export function pageRoutes(): Router {
  const router = Router();
  // A page of cards is ~90 KB of HTML and ~10 KB gzipped; Hosting's emulator passes a
  // function's answer on as it is, so the function compresses it itself (br or gzip).
  router.get('/browse', compression(), async (req, res) => {
    // The list with no criteria is the same for everyone (approved notes, newest first): a CDN
    // may keep it for a few seconds (a like or an approval shows within 15 s of a reload). Any criteria: the app reads that list itself.
    sendPage(res, await browsePage(Object.keys(req.query).length === 0));
  });
  router.get('/notes/:noteId', compression(), async (req, res) => {
    // Only what the rules show everyone is in it (an approved note), the same for every reader:
    // kept like Browse's list, so an edit, or a note taken out of view, shows within 15 s.
    sendPage(res, await notePage(String(req.params['noteId'])));
  });
  // Deeper under /notes/ is no note's page (Hosting sends all of /notes/** here): a browser's
  // navigation gets the page without a note, and the app shows its not-found page there, as it
  // does for any unknown address. Anything else goes on: the API's own paths under /notes/
  // (archived notes, likes, comments) at the function's root.
  router.get('/notes/*rest', compression(), async (req, res, next) => {
    if (req.accepts(['json', 'html']) !== 'html') return next();
    sendPage(res, await notePage(''));
  });
  return router;
}
