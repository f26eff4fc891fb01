/** esbuild entry for Chromium: the browser build of the web SDK plus the shared web-ops. */
import * as fs from 'firebase/firestore';
import * as appMod from 'firebase/app';
import { createWebOps } from './web-ops.js';

(globalThis as unknown as { nn: ReturnType<typeof createWebOps> }).nn = createWebOps(fs, appMod);
