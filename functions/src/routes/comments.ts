/** Spec section 7: add a comment (Browse), edit and delete one (note page). */
import { Router } from 'express';
import { requireAuth, requireCaller } from '../http/auth.js';
import { commentBody, idParams } from '@notenest/shared';
import { valid, validate } from '../http/validate.js';
import { addComment, deleteComment, editComment } from '../services/comments.js';

const noteIds = { params: idParams('id') };
const commentIds = { params: idParams('noteId', 'commentId') };
const text = { body: commentBody };

export function commentsRoutes(): Router {
  const router = Router();

  router.post(
    '/notes/:id/comment',
    validate(noteIds),
    requireAuth,
    validate(text),
    async (_req, res) => {
      const { params, body } = valid(res, { ...noteIds, ...text });
      const result = await addComment(requireCaller(res), params.id, body.text);
      res.status(201).json({ success: true, message: 'Comment added successfully', ...result });
    },
  );

  router.put(
    '/notes/comments/:noteId/:commentId',
    validate(commentIds),
    requireAuth,
    validate(text),
    async (_req, res) => {
      const { params, body } = valid(res, { ...commentIds, ...text });
      const { noteId, commentId } = params;
      const comment = await editComment(requireCaller(res), noteId, commentId, body.text);
      res.json({ success: true, message: 'Comment updated successfully', comment });
    },
  );

  router.delete(
    '/notes/comments/:noteId/:commentId',
    validate(commentIds),
    requireAuth,
    async (_req, res) => {
      const { noteId, commentId } = valid(res, commentIds).params;
      const commentsCount = await deleteComment(requireCaller(res), noteId, commentId);
      res.json({ success: true, message: 'Comment deleted successfully', commentsCount });
    },
  );
  return router;
}
