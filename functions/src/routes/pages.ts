/**
 * Pages served as HTML by the function (firebase.json rewrites their paths here rather than to a
 * static file): Browse, whose first page of notes is data that changes, so it cannot be
 * prerendered at build time like the other routes (web/build-plugins/prerender.ts).
 */
import compression from 'compression';
import { Router } from 'express';
import { browsePage } from '../services/browse-page.js';

export function pageRoutes(): Router {
  const router = Router();
  // A page of cards is ~90 KB of HTML and ~10 KB gzipped; Hosting's emulator passes a
  // function's answer on as it is, so the function compresses it itself (br or gzip).
  router.get('/browse', compression(), async (req, res) => {
    // The list with no criteria is the same for everyone (approved notes, newest first): a CDN
    // may keep it for a few seconds (a like or an approval shows within 15 s of a reload). Any criteria: the app reads that list itself.
    const html = await browsePage(Object.keys(req.query).length === 0);
    res.status(200).set('Cache-Control', 'public, max-age=0, s-maxage=15').type('html').send(html);
  });
  return router;
}
