/**
 * Spec section 7 "Admin": every route needs the custom claim role 'admin'. Statistics come from
 * aggregation queries; a role change sets the claim and the profile's mirror together; deletes
 * cascade.
 */
import { ROLES, type Role } from '@notenest/shared';
import { Router } from 'express';
import { requireAdmin, requireCaller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/forms.js';
import { ids, validate } from '../http/validate.js';
import { deleteNoteCascade, deleteUserCascade } from '../services/cascade.js';
import { adminNotes, NOTE_ERRORS, reviewNote } from '../services/notes.js';
import { adminStats } from '../services/stats.js';
import {
  applyProfileChanges,
  checkEmail,
  checkUsername,
  getProfile,
  listUsers,
  USER_MESSAGES,
} from '../services/users.js';

export function adminRoutes(): Router {
  const router = Router();
  router.use('/admin', requireAdmin);

  router.get('/admin/stats', async (_req, res) => {
    res.json({ success: true, ...(await adminStats()) });
  });

  router.get('/admin/users', async (_req, res) => {
    res.json(await listUsers());
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

  router.get('/admin/notes', async (_req, res) => {
    res.json(await adminNotes());
  });

  router.get('/admin/notes/pending', async (_req, res) => {
    res.json(await adminNotes({ approved: false }));
  });

  router.get('/admin/notes/college/:collegeName', async (req, res) => {
    const college = String(req.params['collegeName']).trim();
    if (college === '' || college.length > 120) throw new HttpError(400, 'Invalid college name');
    res.json(await adminNotes({ college }));
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
