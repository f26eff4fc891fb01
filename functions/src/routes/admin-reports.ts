/**
 * The admin Reports screen's routes (issue 30), under the admin router's requireAdmin:
 * - `GET /admin/reports`: notes with open reports, a page at a time like the other admin lists
 *   (the body an array, `X-Next-Cursor` when more follow), copyright first;
 * - `POST /admin/reports/{id}/dismiss | remove | warn`: the actions, each closing the note's
 *   open reports and telling the reporters (services/reports.ts);
 * - `POST /admin/users/{id}/lift-upload-ban`: an uploader banned for copyright uploads again.
 */
import {
  adminListQuery,
  idParams,
  reportRemoveBody,
  reportWarnBody,
  type ReportedNoteView,
} from '@notenest/shared';
import type { Response, Router } from 'express';
import { HttpError } from '../http/errors.js';
import { valid, validate } from '../http/validate.js';
import type { Page } from '../services/pages.js';
import {
  dismissReports,
  liftUploadBan,
  removeReportedNote,
  reportedNotesPage,
  warnUploader,
} from '../services/reports.js';
import { getProfile, USER_MESSAGES } from '../services/users.js';

const list = { query: adminListQuery };
const byId = { params: idParams('id') };
const remove = { ...byId, body: reportRemoveBody };
const warn = { ...byId, body: reportWarnBody };

function sendPage(res: Response, page: Page<ReportedNoteView>): void {
  if (page.next) res.setHeader('X-Next-Cursor', page.next);
  res.json(page.items);
}

/** Adds the routes to the admin router (which already requires an admin). */
export function addReportRoutes(router: Router): void {
  router.get('/admin/reports', validate(list), async (_req, res) => {
    const { limit, cursor } = valid(res, list).query;
    sendPage(res, await reportedNotesPage({ limit, cursor }));
  });

  router.post('/admin/reports/:id/dismiss', validate(byId), async (_req, res) => {
    await dismissReports(valid(res, byId).params.id);
    res.json({ success: true, message: 'Reports dismissed' });
  });

  router.post('/admin/reports/:id/remove', validate(remove), async (_req, res) => {
    const { params, body } = valid(res, remove);
    const { copyrightStrikes } = await removeReportedNote(params.id, body.copyright === true);
    res.json({ success: true, message: 'Note removed', copyrightStrikes });
  });

  router.post('/admin/reports/:id/warn', validate(warn), async (_req, res) => {
    const { params, body } = valid(res, warn);
    await warnUploader(params.id, body.message);
    res.json({ success: true, message: 'Uploader warned' });
  });

  router.post('/admin/users/:id/lift-upload-ban', validate(byId), async (_req, res) => {
    const uid = valid(res, byId).params.id;
    if (!(await getProfile(uid))) throw new HttpError(404, USER_MESSAGES.notFound);
    await liftUploadBan(uid);
    res.json({ success: true, message: 'Upload ban lifted' });
  });
}
