/** Spec section 7: PUT /notes/{id}/like toggles the caller's like. */
import { Router } from 'express';
import { requireAuth, requireCaller } from '../http/auth.js';
import { idParams } from '@notenest/shared';
import { valid, validate } from '../http/validate.js';
import { toggleLike } from '../services/likes.js';

const like = { params: idParams('id') };

export function likesRoutes(): Router {
  const router = Router();
  router.put('/notes/:id/like', validate(like), requireAuth, async (_req, res) => {
    const { params } = valid(res, like);
    const result = await toggleLike(requireCaller(res), params.id);
    res.json({ success: true, message: result.liked ? 'Note liked' : 'Like removed', ...result });
  });
  return router;
}
