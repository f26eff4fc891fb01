/**
 * Cloud Functions entry (bundled to lib/index.js by build.mjs). `api` serves the REST facade.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';
import { auth, db } from './firebase.js';

const app = createApp({
  async pingFirestore() {
    await db().collection('meta').doc('filterOptions').get();
  },
  verifier: {
    // checkRevoked: after sign-out (revokeRefreshTokens) or account deletion the old ID token
    // stops working at once instead of living out its hour.
    verify: (token) => auth().verifyIdToken(token, true),
  },
});

export const api = onRequest({ region: 'us-central1' }, app);
