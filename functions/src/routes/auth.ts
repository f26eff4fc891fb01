/**
 * Spec section 7 "Authentication": signup, signin (email + password through the Auth REST
 * endpoint, answering the user with role and an ID token), google (profile upsert from a verified
 * token) and signout (revokes refresh tokens).
 */
import { Router } from 'express';
import { auth } from '../firebase.js';
import { callerOf, requireCaller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { jsonBody } from '../http/forms.js';
import { checkEmail, ensureProfile, passwordSignIn, signUp } from '../services/users.js';

export function authRoutes(): Router {
  const router = Router();

  router.post('/auth/signup', async (req, res) => {
    const body = jsonBody(req.body);
    await signUp({ username: body['username'], email: body['email'], password: body['password'] });
    res.status(201).json({ success: true, message: 'Signup successful' });
  });

  router.post('/auth/signin', async (req, res) => {
    const body = jsonBody(req.body);
    const email = checkEmail(body['email']);
    if (typeof body['password'] !== 'string' || body['password'] === '')
      throw new HttpError(400, 'Password is required');
    const session = await passwordSignIn(email, body['password']);
    const user = await ensureProfile(session.uid);
    // The user object is the answer (the spec's client stores it as the current user).
    res.json({
      success: true,
      message: 'Signed in successfully',
      ...user,
      token: session.idToken,
      refreshToken: session.refreshToken,
      expiresIn: session.expiresIn,
    });
  });

  // The browser signs in with Google through the Auth SDK and sends its ID token; the body's
  // name/photo only seed a new profile (the email comes from the verified token).
  router.post('/auth/google', async (req, res) => {
    const caller = requireCaller(res);
    const body = jsonBody(req.body);
    const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    if (str(body['email']) && caller.email && str(body['email'])!.toLowerCase() !== caller.email)
      throw new HttpError(400, 'The email does not match the signed-in account');
    const user = await ensureProfile(caller.uid, {
      name: str(body['name']),
      email: caller.email,
      photo: str(body['photo']),
    });
    res.json({ success: true, message: 'Signed in with Google', ...user });
  });

  // The spec calls it without a body; with a token it also ends the user's other sessions.
  const signout = async (_req: unknown, res: import('express').Response) => {
    const caller = callerOf(res);
    if (caller) await auth().revokeRefreshTokens(caller.uid);
    res.json({ success: true, message: 'User has been signed out' });
  };
  router.get('/auth/signout', signout);
  router.post('/auth/signout', signout);
  return router;
}
