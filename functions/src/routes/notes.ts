/**
 * Spec section 7 "Upload, update and note page" plus saved notes (the spec's Archive) and the
 * calls the web app makes after writing a note directly to Firestore: index and recount.
 */
import { Router } from 'express';
import { callerOf, requireAuth, requireCaller, requireSelfOrAdmin } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { fileOf, form } from '../http/forms.js';
import { ids, validate } from '../http/validate.js';
import { deleteNoteCascade } from '../services/cascade.js';
import { recountComments, recountLikes, recountNotes } from '../services/counters.js';
import { rebuildFilterOptions } from '../services/filter-options.js';
import { indexNote } from '../services/indexing.js';
import {
  createNote,
  noteDetail,
  NOTE_ERRORS,
  readableNote,
  saveNote,
  savedNotes,
  unsaveNote,
  updateNote,
} from '../services/notes.js';

export function notesRoutes(): Router {
  const router = Router();

  router.post('/uploading/create', requireAuth, form(), async (req, res) => {
    const note = await createNote(requireCaller(res), {
      fields: req.body as Record<string, unknown>,
      file: fileOf(res, 'file'),
    });
    res.status(201).json({ success: true, message: 'Note created successfully', note });
  });

  router.post(
    '/uploading/update/:id',
    validate({ params: ids('id') }),
    requireAuth,
    form(),
    async (req, res) => {
      const note = await updateNote(requireCaller(res), req.params['id'] as string, {
        fields: req.body as Record<string, unknown>,
        file: fileOf(res, 'file'),
      });
      res.json({ success: true, message: 'Note updated successfully', note });
    },
  );

  router.get('/uploading/get/:id', validate({ params: ids('id') }), async (req, res) => {
    const note = await noteDetail(callerOf(res), req.params['id'] as string);
    res.json({ success: true, message: 'Note fetched successfully', note });
  });

  router.delete(
    '/uploading/delete/:noteId',
    validate({ params: ids('noteId') }),
    requireAuth,
    async (req, res) => {
      const caller = requireCaller(res);
      const noteId = req.params['noteId'] as string;
      const note = await readableNote(caller, noteId);
      if (note['uploaderId'] !== caller.uid && !caller.admin)
        throw new HttpError(403, 'You can only delete your own notes');
      await deleteNoteCascade(noteId);
      res.json({ success: true, message: 'Note deleted successfully' });
    },
  );

  router.post(
    '/notes/archive/:noteId',
    validate({ params: ids('noteId') }),
    requireAuth,
    async (req, res) => {
      await saveNote(requireCaller(res), req.params['noteId'] as string);
      res.json({ success: true, message: 'Note archived successfully' });
    },
  );

  router.post(
    '/notes/remove-archive/:noteId',
    validate({ params: ids('noteId') }),
    requireAuth,
    async (req, res) => {
      const removed = await unsaveNote(requireCaller(res), req.params['noteId'] as string);
      res.json({
        success: true,
        message: removed ? 'Note removed from saved notes' : 'The note was not saved',
      });
    },
  );

  router.get(
    '/notes/archived/:userId',
    validate({ params: ids('userId') }),
    requireAuth,
    async (req, res) => {
      const uid = req.params['userId'] as string;
      const caller = requireSelfOrAdmin(res, uid, 'You can only see your own saved notes');
      res.json(await savedNotes(caller, uid));
    },
  );

  // After the web app creates or edits a note (and its file) directly: search terms from the
  // fields and the file's text, the uploader's notesCount, and the Browse filter options.
  router.post(
    '/notes/:id/index',
    validate({ params: ids('id') }),
    requireAuth,
    async (req, res) => {
      const caller = requireCaller(res);
      const id = req.params['id'] as string;
      const note = await readableNote(caller, id);
      if (note['uploaderId'] !== caller.uid && !caller.admin)
        throw new HttpError(403, NOTE_ERRORS.notYours);
      const result = await indexNote(id);
      const notesCount = await recountNotes(String(note['uploaderId']));
      await rebuildFilterOptions();
      res.json({ success: true, message: 'Note indexed', ...result, notesCount });
    },
  );

  // After the web app adds or deletes a comment (or likes) directly: exact counters.
  router.post(
    '/notes/:id/recount',
    validate({ params: ids('id') }),
    requireAuth,
    async (req, res) => {
      const id = req.params['id'] as string;
      await readableNote(requireCaller(res), id);
      const [commentsCount, likesCount] = [await recountComments(id), await recountLikes(id)];
      res.json({ success: true, commentsCount, likesCount });
    },
  );
  return router;
}
