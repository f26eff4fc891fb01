/** @firebase/rules-unit-testing against the real server: its HTTP control calls and gRPC contexts. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { startEmulator, type RunningEmulator } from '../server.js';

describe('@firebase/rules-unit-testing', () => {
  let emu: RunningEmulator;
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    emu = await startEmulator({ firestore: { port: 0 } });
    env = await initializeTestEnvironment({
      projectId: 'demo-rut',
      firestore: {
        host: '127.0.0.1',
        port: emu.firestore!.port,
        rules:
          "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents {\n" +
          '  match /users/{uid} { allow read, write: if request.auth != null && request.auth.uid == uid; } } }',
      },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
    await emu?.stop();
  });

  it('applies rules per auth context, bypasses them when disabled, clears data', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const anon = env.unauthenticatedContext().firestore();
    await assertSucceeds(setDoc(doc(alice, 'users/alice'), { name: 'A' }));
    await assertFails(setDoc(doc(alice, 'users/bob'), { name: 'B' }));
    await assertFails(getDoc(doc(anon, 'users/alice')));
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), 'users/bob'), { name: 'B' });
    });
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (ctx) => {
      const s = await getDoc(doc(ctx.firestore(), 'users/bob'));
      if (s.exists()) throw new Error('clearFirestore did not clear');
    });
  });
});
