/**
 * Spec section 7 "Admin": every route needs the custom claim role 'admin'. Statistics come from
 * aggregation queries; a role change sets the claim and the profile's mirror together; deletes
 * cascade.
 *
 * The lists (users, notes, pending, a college's notes, colleges) keep the spec's answer, an
 * array, but a page of it: at most `limit` (1-100, default 100) items, newest first, and when
 * more follow, the `X-Next-Cursor` header, to send back as `cursor` for the next page. `search`
 * narrows users (username or email words) and notes (title, subject, uploader, file words);
 * `college` narrows notes. So no list reads more than a page whatever the size of the site.
 */
import { ROLES, type Role } from '@notenest/shared';
import { Router, type Request, type Response } from 'express';
import { db } from '../firebase.js';
import { requireAdmin, requireCaller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/forms.js';
import { ids, validate } from '../http/validate.js';
import { deleteNoteCascade, deleteUserCascade } from '../services/cascade.js';
import { collegeView } from '../services/colleges.js';
import { adminNotesPage, NOTE_ERRORS, reviewNote } from '../services/notes.js';
import { pageOf, pageRequest, type Page } from '../services/pages.js';
import { adminStats } from '../services/stats.js';
import {
  applyProfileChanges,
  checkEmail,
  checkUsername,
  getProfile,
  usersPage,
  USER_MESSAGES,
} from '../services/users.js';

function searchOf(req: Request): string {
  const v = req.query['search'];
  if (v === undefined || v === '') return '';
  if (typeof v !== 'string' || v.length > 200) throw new HttpError(400, 'Invalid search');
  return v;
}

/** Answers a page: its items as the body (the spec's array), the next cursor as a header. */
function sendPage<T>(res: Response, page: Page<T>): void {
  if (page.next) res.setHeader('X-Next-Cursor', page.next);
  res.json(page.items);
}

export function adminRoutes(): Router {
  const router = Router();
  router.use('/admin', requireAdmin);

  router.get('/admin/stats', async (_req, res) => {
    res.json({ success: true, ...(await adminStats()) });
  });

  router.get('/admin/users', async (req, res) => {
    sendPage(res, await usersPage(searchOf(req), pageRequest(req.query)));
  });

  router.put('/admin/users/:id', validate({ params: ids('id') }), async (req, res) => {
    const uid = req.params['id'] as string;
    const body = jsonBody(req.body);
    const username = checkUsername(body['username']);
    const email = checkEmail(body['email']);
    const role = body['role'];
    if (!(ROLES as readonly unknown[]).includes(role))
      throw new HttpError(400, 'Role must be user or admin');
    // An admin demoting themselves could leave nobody able to undo it.
    if (uid === requireCaller(res).uid && role !== 'admin')
      throw new HttpError(400, 'You cannot remove your own admin role');
    if (!(await getProfile(uid))) throw new HttpError(404, USER_MESSAGES.notFound);
    const user = await applyProfileChanges(uid, { username, email, role: role as Role });
    res.json({ success: true, message: 'User updated successfully', ...user });
  });

  router.delete('/admin/users/:id', validate({ params: ids('id') }), async (req, res) => {
    const uid = req.params['id'] as string;
    if (uid === requireCaller(res).uid)
      throw new HttpError(400, 'Use Delete Account to delete your own account');
    if (!(await getProfile(uid))) throw new HttpError(404, USER_MESSAGES.notFound);
    const { notes } = await deleteUserCascade(uid);
    res.json({ success: true, message: 'User and their notes deleted', deletedNotes: notes });
  });

  const collegeOf = (v: unknown): string => {
    const college = typeof v === 'string' ? v.trim() : '';
    if (college === '' || college.length > 120) throw new HttpError(400, 'Invalid college name');
    return college;
  };

  router.get('/admin/notes', async (req, res) => {
    const college =
      req.query['college'] === undefined ? undefined : collegeOf(req.query['college']);
    sendPage(res, await adminNotesPage({ search: searchOf(req), college }, pageRequest(req.query)));
  });

  router.get('/admin/notes/pending', async (req, res) => {
    sendPage(
      res,
      await adminNotesPage({ approved: false, search: searchOf(req) }, pageRequest(req.query)),
    );
  });

  router.get('/admin/notes/college/:collegeName', async (req, res) => {
    const college = collegeOf(req.params['collegeName']);
    sendPage(res, await adminNotesPage({ college }, pageRequest(req.query)));
  });

  // The Colleges screen's cards: per-college figures kept by the note trigger, by name; a search
  // matches the start of the name, case-insensitively.
  router.get('/admin/colleges', async (req, res) => {
    const search = searchOf(req).trim().toLowerCase();
    let query = db().collection('colleges').orderBy('nameLower');
    if (search)
      query = query.where('nameLower', '>=', search).where('nameLower', '<', `${search}\uf8ff`);
    sendPage(
      res,
      await pageOf('colleges', query, pageRequest(req.query), (_id, d) => collegeView(d)),
    );
  });

  router.put('/admin/notes/:id/review', validate({ params: ids('id') }), async (req, res) => {
    const approved = jsonBody(req.body)['approved'];
    if (typeof approved !== 'boolean') throw new HttpError(400, 'approved must be true or false');
    const note = await reviewNote(req.params['id'] as string, approved);
    res.json({
      success: true,
      message: approved ? 'Note approved' : 'Note set to pending',
      ...note,
    });
  });

  router.delete('/admin/notes/:id', validate({ params: ids('id') }), async (req, res) => {
    if (!(await deleteNoteCascade(req.params['id'] as string)))
      throw new HttpError(404, NOTE_ERRORS.notFound);
    res.json({ success: true, message: 'Note deleted successfully' });
  });
  return router;
}
