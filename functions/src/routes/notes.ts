/**
 * Spec section 7 "Upload, update and note page" plus saved notes (the spec's Archive). What the
 * web app writes directly to Firestore needs no follow-up call: triggers keep the derived data.
 */
import { idParams } from '@notenest/shared';
import { Router } from 'express';
import { callerOf, requireAuth, requireCaller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { fileOf, form } from '../http/forms.js';
import { valid, validate } from '../http/validate.js';
import { deleteNoteCascade } from '../services/cascade.js';
import { noteDetail, readableNote } from '../services/notes.js';
import { createNote, updateNote } from '../services/note-writes.js';
import { saveNote, savedNotes, unsaveNote } from '../services/saved-notes.js';

const byId = { params: idParams('id') };
const byNoteId = { params: idParams('noteId') };
const byUserId = { params: idParams('userId') };

export function notesRoutes(): Router {
  const router = Router();

  router.post('/uploading/create', requireAuth, form(), async (req, res) => {
    const note = await createNote(requireCaller(res), {
      fields: req.body as Record<string, unknown>,
      file: fileOf(res, 'file'),
    });
    res.status(201).json({ success: true, message: 'Note created successfully', note });
  });

  router.post('/uploading/update/:id', validate(byId), requireAuth, form(), async (req, res) => {
    const note = await updateNote(requireCaller(res), valid(res, byId).params.id, {
      fields: req.body as Record<string, unknown>,
      file: fileOf(res, 'file'),
    });
    res.json({ success: true, message: 'Note updated successfully', note });
  });

  router.get('/uploading/get/:id', validate(byId), async (_req, res) => {
    const note = await noteDetail(callerOf(res), valid(res, byId).params.id);
    res.json({ success: true, message: 'Note fetched successfully', note });
  });

  router.delete('/uploading/delete/:noteId', validate(byNoteId), requireAuth, async (_req, res) => {
    const caller = requireCaller(res);
    const noteId = valid(res, byNoteId).params.noteId;
    const note = await readableNote(caller, noteId);
    if (note['uploaderId'] !== caller.uid && !caller.admin)
      throw new HttpError(403, 'You can only delete your own notes');
    await deleteNoteCascade(noteId);
    res.json({ success: true, message: 'Note deleted successfully' });
  });

  router.post('/notes/archive/:noteId', validate(byNoteId), requireAuth, async (_req, res) => {
    await saveNote(requireCaller(res), valid(res, byNoteId).params.noteId);
    res.json({ success: true, message: 'Note archived successfully' });
  });

  router.post(
    '/notes/remove-archive/:noteId',
    validate(byNoteId),
    requireAuth,
    async (_req, res) => {
      const removed = await unsaveNote(requireCaller(res), valid(res, byNoteId).params.noteId);
      res.json({
        success: true,
        message: removed ? 'Note removed from saved notes' : 'The note was not saved',
      });
    },
  );

  router.get('/notes/archived/:userId', validate(byUserId), requireAuth, async (_req, res) => {
    const uid = valid(res, byUserId).params.userId;
    // Saved Notes are private to their owner (docs/data-model.md), admins included.
    const caller = requireCaller(res);
    if (caller.uid !== uid) throw new HttpError(403, 'You can only see your own saved notes');
    res.json(await savedNotes(caller, uid));
  });

  return router;
}
