/**
 * Cloud Functions entry (bundled to lib/index.js by build.mjs). `api` serves the REST facade.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';
import { db } from './firebase.js';

const app = createApp({
  async pingFirestore() {
    await db().collection('meta').doc('filterOptions').get();
  },
});

export const api = onRequest({ region: 'us-central1' }, app);
