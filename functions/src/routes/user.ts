/**
 * Spec section 7 "Profile": profile update (JSON or multipart with an avatar), account delete
 * (cascade) and a user's uploads.
 */
import { MAX_AVATAR_BYTES, idParams, profileUpdateBody } from '@notenest/shared';
import { Router, type RequestHandler } from 'express';
import { callerOf, requireCaller, requireSelfOrAdmin } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { fileOf, form } from '../http/forms.js';
import { parseOr400, valid, validate } from '../http/validate.js';
import { deleteUserCascade } from '../services/cascade.js';
import { uploadsOf } from '../services/notes.js';
import { deletePrefix, saveWithToken, safeFileName } from '../services/storage.js';
import { freshSession } from '../services/auth-sessions.js';
import { applyProfileChanges, type ProfileChanges } from '../services/profile-changes.js';
import { adminCount } from '../services/user-roles.js';
import { getProfile, USER_MESSAGES } from '../services/users.js';

/** Raster images only: an SVG avatar served from our bucket could carry script. */
const AVATAR_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function isAvatarImage(data: Buffer, type: string): boolean {
  const hex = data.subarray(0, 12).toString('hex');
  switch (type) {
    case 'image/png':
      return hex.startsWith('89504e47');
    case 'image/jpeg':
      return hex.startsWith('ffd8ff');
    case 'image/gif':
      return hex.startsWith('47494638');
    case 'image/webp':
      return hex.startsWith('52494646') && data.subarray(8, 12).toString('latin1') === 'WEBP';
    default:
      return false;
  }
}

const byId = { params: idParams('id') };
const byUserId = { params: idParams('userId') };

/**
 * The profile's owner only: an admin's edits of others go through PUT /api/admin/users/{id}
 * (role claim included). 401 without a session, 403 for anyone else.
 */
const ownerOnly: RequestHandler = (_req, res, next) => {
  const uid = valid(res, byId).params.id;
  if (requireCaller(res).uid !== uid)
    throw new HttpError(403, 'You can only update your own profile');
  next();
};

export function userRoutes(): Router {
  const router = Router();

  // The caller is checked before form() reads the body: nobody unknown gets the parser's work.
  router.post(
    '/user/update/:id',
    validate(byId),
    ownerOnly,
    form(MAX_AVATAR_BYTES),
    async (req, res) => {
      const uid = valid(res, byId).params.id;
      // After the caller check: someone else's account answers 403 whatever the fields.
      const body = parseOr400(profileUpdateBody, req.body);
      const changes: ProfileChanges = {};
      for (const key of ['username', 'email', 'password', 'avatar'] as const)
        if (body[key] !== undefined) Object.assign(changes, { [key]: body[key] });
      const before = await getProfile(uid);
      if (!before) throw new HttpError(404, USER_MESSAGES.notFound);
      const file = fileOf(res, 'avatar');
      if (file) {
        if (file.truncated) throw new HttpError(413, 'The image is larger than 2 MB');
        const ext = AVATAR_TYPES[file.contentType];
        if (!ext || !isAvatarImage(file.data, file.contentType))
          throw new HttpError(400, 'The avatar must be a PNG, JPEG, GIF or WebP image');
        // One avatar per user: the previous one goes (it would be orphaned otherwise).
        await deletePrefix(`avatars/${uid}/`);
        const name = safeFileName(`avatar-${Date.now()}.${ext}`);
        changes.avatar = await saveWithToken(`avatars/${uid}/${name}`, file.data, file.contentType);
      }
      const user = await applyProfileChanges(uid, changes);
      // Auth revokes every session of an account whose password or email changes, the caller's
      // own too: the answer carries a new one (as sign-in's does), so the caller stays signed in.
      const revoked =
        changes.password !== undefined ||
        (changes.email !== undefined && changes.email !== before['email']);
      const session = revoked ? await freshSession(uid) : null;
      res.json({
        success: true,
        message: 'Profile updated successfully!',
        ...user,
        ...(session && {
          token: session.idToken,
          refreshToken: session.refreshToken,
          expiresIn: session.expiresIn,
        }),
      });
    },
  );

  router.delete('/user/delete/:id', validate(byId), async (_req, res) => {
    const uid = valid(res, byId).params.id;
    requireSelfOrAdmin(res, uid, 'You can only delete your own account');
    const profile = await getProfile(uid);
    if (!profile) throw new HttpError(404, USER_MESSAGES.notFound);
    // Someone must stay able to administer: the last admin cannot delete their account.
    if (profile['role'] === 'admin' && (await adminCount()) <= 1)
      throw new HttpError(409, USER_MESSAGES.lastAdmin);
    await deleteUserCascade(uid);
    res.json({ success: true, message: 'User has been deleted' });
  });

  router.get('/user/uploads/:userId', validate(byUserId), async (_req, res) => {
    res.json(await uploadsOf(callerOf(res), valid(res, byUserId).params.userId));
  });

  return router;
}
