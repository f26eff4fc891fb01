/** Spec section 7: add a comment (Browse), edit and delete one (note page). */
import { Router } from 'express';
import { requireAuth, requireCaller } from '../http/auth.js';
import { jsonBody } from '../http/forms.js';
import { ids, validate } from '../http/validate.js';
import { addComment, checkCommentText, deleteComment, editComment } from '../services/comments.js';

export function commentsRoutes(): Router {
  const router = Router();

  router.post(
    '/notes/:id/comment',
    validate({ params: ids('id') }),
    requireAuth,
    async (req, res) => {
      const text = checkCommentText(jsonBody(req.body)['text']);
      const result = await addComment(requireCaller(res), req.params['id'] as string, text);
      res.status(201).json({ success: true, message: 'Comment added successfully', ...result });
    },
  );

  router.put(
    '/notes/comments/:noteId/:commentId',
    validate({ params: ids('noteId', 'commentId') }),
    requireAuth,
    async (req, res) => {
      const text = checkCommentText(jsonBody(req.body)['text']);
      const { noteId, commentId } = req.params as { noteId: string; commentId: string };
      const comment = await editComment(requireCaller(res), noteId, commentId, text);
      res.json({ success: true, message: 'Comment updated successfully', comment });
    },
  );

  router.delete(
    '/notes/comments/:noteId/:commentId',
    validate({ params: ids('noteId', 'commentId') }),
    requireAuth,
    async (req, res) => {
      const { noteId, commentId } = req.params as { noteId: string; commentId: string };
      const commentsCount = await deleteComment(requireCaller(res), noteId, commentId);
      res.json({ success: true, message: 'Comment deleted successfully', commentsCount });
    },
  );
  return router;
}
