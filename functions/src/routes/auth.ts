/**
 * Spec section 7 "Authentication": signup, signin (email + password through the Auth REST
 * endpoint, answering the user with role and an ID token), google (profile upsert from a verified
 * token) and signout (revokes refresh tokens).
 */
import { googleBody, signInBody, signUpBody } from '@notenest/shared';
import { Router } from 'express';
import { auth } from '../firebase.js';
import { callerOf, requireCaller } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { valid, validate } from '../http/validate.js';
import { ensureProfile, signUp } from '../services/accounts.js';
import { passwordSignIn } from '../services/auth-sessions.js';

const signup = { body: signUpBody };
const signin = { body: signInBody };
const google = { body: googleBody };

export function authRoutes(): Router {
  const router = Router();

  router.post('/auth/signup', validate(signup), async (_req, res) => {
    await signUp(valid(res, signup).body);
    res.status(201).json({ success: true, message: 'Signup successful' });
  });

  router.post('/auth/signin', validate(signin), async (_req, res) => {
    const { email, password } = valid(res, signin).body;
    const session = await passwordSignIn(email, password);
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
  router.post('/auth/google', validate(google), async (_req, res) => {
    const caller = requireCaller(res);
    const { name, email, photo } = valid(res, google).body;
    if (email && caller.email && email.toLowerCase() !== caller.email)
      throw new HttpError(400, 'The email does not match the signed-in account');
    const user = await ensureProfile(caller.uid, { name, email: caller.email, photo });
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
