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
import {
  adminListQuery,
  adminUserBody,
  collegeNameParams,
  idParams,
  rejectBody,
  reviewBody,
} from '@notenest/shared';
import { Router, type Response } from 'express';
import { db } from '../firebase.js';
import { requireAdmin, requireCaller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { valid, validate } from '../http/validate.js';
import { deleteNoteCascade, deleteUserCascade } from '../services/cascade.js';
import { addReportRoutes } from './admin-reports.js';
import { collegeView } from '../services/colleges.js';
import { NOTE_ERRORS } from '../services/notes.js';
import { adminNotesPage, reviewNote } from '../services/note-review.js';
import { tellRejected } from '../services/notifications.js';
import { pageOf, type Page } from '../services/pages.js';
import { adminStats } from '../services/stats.js';
import { applyProfileChanges } from '../services/profile-changes.js';
import { usersPage } from '../services/user-list.js';
import { getProfile, USER_MESSAGES } from '../services/users.js';

/** Answers a page: its items as the body (the spec's array), the next cursor as a header. */
function sendPage<T>(res: Response, page: Page<T>): void {
  if (page.next) res.setHeader('X-Next-Cursor', page.next);
  res.json(page.items);
}

const list = { query: adminListQuery };
const byId = { params: idParams('id') };
const userEdit = { ...byId, body: adminUserBody };
const review = { ...byId, body: reviewBody };
const remove = { ...byId, body: rejectBody };
const collegeNotes = { params: collegeNameParams, query: adminListQuery };

export function adminRoutes(): Router {
  const router = Router();
  router.use('/admin', requireAdmin);

  router.get('/admin/stats', async (_req, res) => {
    res.json({ success: true, ...(await adminStats()) });
  });

  router.get('/admin/users', validate(list), async (_req, res) => {
    const { search, limit, cursor } = valid(res, list).query;
    sendPage(res, await usersPage(search, { limit, cursor }));
  });

  router.put('/admin/users/:id', validate(userEdit), async (_req, res) => {
    const { params, body } = valid(res, userEdit);
    const uid = params.id;
    const { username, email, role } = body;
    // An admin demoting themselves could leave nobody able to undo it.
    if (uid === requireCaller(res).uid && role !== 'admin')
      throw new HttpError(400, 'You cannot remove your own admin role');
    if (!(await getProfile(uid))) throw new HttpError(404, USER_MESSAGES.notFound);
    const user = await applyProfileChanges(uid, { username, email, role });
    res.json({ success: true, message: 'User updated successfully', ...user });
  });

  router.delete('/admin/users/:id', validate(byId), async (_req, res) => {
    const uid = valid(res, byId).params.id;
    if (uid === requireCaller(res).uid)
      throw new HttpError(400, 'Use Delete Account to delete your own account');
    if (!(await getProfile(uid))) throw new HttpError(404, USER_MESSAGES.notFound);
    const { notes } = await deleteUserCascade(uid);
    res.json({ success: true, message: 'User and their notes deleted', deletedNotes: notes });
  });

  router.get('/admin/notes', validate(list), async (_req, res) => {
    const { search, college, limit, cursor } = valid(res, list).query;
    sendPage(res, await adminNotesPage({ search, college }, { limit, cursor }));
  });

  router.get('/admin/notes/pending', validate(list), async (_req, res) => {
    const { search, limit, cursor } = valid(res, list).query;
    sendPage(res, await adminNotesPage({ approved: false, search }, { limit, cursor }));
  });

  router.get('/admin/notes/college/:collegeName', validate(collegeNotes), async (_req, res) => {
    const { params, query } = valid(res, collegeNotes);
    sendPage(res, await adminNotesPage({ college: params.collegeName }, query));
  });

  // The Colleges screen's cards: per-college figures kept by the note trigger, by name; a search
  // matches the start of the name, case-insensitively.
  router.get('/admin/colleges', validate(list), async (_req, res) => {
    const { search: typed, limit, cursor } = valid(res, list).query;
    const search = typed.trim().toLowerCase();
    let query = db().collection('colleges').orderBy('nameLower');
    if (search)
      query = query.where('nameLower', '>=', search).where('nameLower', '<', `${search}\uf8ff`);
    sendPage(res, await pageOf('colleges', query, { limit, cursor }, (_id, d) => collegeView(d)));
  });

  router.put('/admin/notes/:id/review', validate(review), async (_req, res) => {
    const { params, body } = valid(res, review);
    const { approved } = body;
    const note = await reviewNote(params.id, approved);
    res.json({
      success: true,
      message: approved ? 'Note approved' : 'Note set to pending',
      ...note,
    });
  });

  // Deleting a pending note is Reject on Pending Approvals: its uploader is told, with the
  // optional reason (issue 30). The note is read first: the cascade leaves nothing to tell from.
  router.delete('/admin/notes/:id', validate(remove), async (_req, res) => {
    const { params, body } = valid(res, remove);
    const before = await db().doc(`notes/${params.id}`).get();
    if (!(await deleteNoteCascade(params.id))) throw new HttpError(404, NOTE_ERRORS.notFound);
    const note = before.data();
    if (note && note['approved'] !== true)
      await tellRejected(params.id, note, body.reason || undefined, requireCaller(res).uid);
    res.json({ success: true, message: 'Note deleted successfully' });
  });
  // The Reports screen (issue 30).
  addReportRoutes(router);
  return router;
}
