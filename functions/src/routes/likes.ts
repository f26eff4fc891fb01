/** Spec section 7: PUT /notes/{id}/like toggles the caller's like. */
import { Router } from 'express';
import { requireAuth, requireCaller } from '../http/auth.js';
import { ids, validate } from '../http/validate.js';
import { toggleLike } from '../services/likes.js';

export function likesRoutes(): Router {
  const router = Router();
  router.put('/notes/:id/like', validate({ params: ids('id') }), requireAuth, async (req, res) => {
    const result = await toggleLike(requireCaller(res), req.params['id'] as string);
    res.json({ success: true, message: result.liked ? 'Note liked' : 'Like removed', ...result });
  });
  return router;
}
