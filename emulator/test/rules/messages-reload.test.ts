/**
 * How rules reach the emulator and how denials are reported:
 * - PERMISSION_DENIED messages name the rules line (`@ L<n>`) like the official emulator;
 * - the owner token (withSecurityRulesDisabled) bypasses rules;
 * - a rules parse error is reported with line and column, and the previous rules stay in force
 *   (through rules-unit-testing's PUT and through a watched rules file);
 * - rules reload when the rules file changes (startEmulator with a rules file in a temp dir).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lineOf, rejection, startRulesHarness, type RulesHarness } from './harness.js';
import { startEmulator, type RunningEmulator } from '../../src/index.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /msg/{id} {
      allow get: if resource.data.open == true;
      allow list: if request.query.limit <= 3;
      allow create: if request.resource.data.n < 10;
      allow update: if request.resource.data.missing.field == 1;
    }
  }
}`;

describe('denial messages and the owner token', () => {
  let h: RulesHarness;
  beforeAll(async () => {
    h = await startRulesHarness({ firestoreRules: RULES });
    await h.env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.firestore().doc('msg/open').set({ open: true });
      await ctx.firestore().doc('msg/shut').set({ open: false });
    });
  }, 60_000);
  afterAll(() => h?.stop());
  const alice = () => h.env.authenticatedContext('alice').firestore();

  it('get allowed', () => assertSucceeds(alice().doc('msg/open').get()));
  it('get denied; message names the allow line', async () => {
    const e = await rejection(alice().doc('msg/shut').get());
    expect(e.code).toBe('permission-denied');
    expect(e.message).toContain(`L${lineOf(RULES, 'allow get:')}`);
  });
  it('query allowed', () => assertSucceeds(alice().collection('msg').limit(3).get()));
  it('query denied; message names the list line', async () => {
    const e = await rejection(alice().collection('msg').limit(4).get());
    expect(e.code).toBe('permission-denied');
    expect(e.message).toContain(`L${lineOf(RULES, 'allow list:')}`);
  });
  it('create allowed', () => assertSucceeds(alice().doc('msg/c1').set({ n: 9 })));
  it('create denied; message names the create line', async () => {
    const e = await rejection(alice().doc('msg/c2').set({ n: 10 }));
    expect(e.code).toBe('permission-denied');
    expect(e.message).toContain(`L${lineOf(RULES, 'allow create:')}`);
  });
  it('update denied by an evaluation error; message names the update line', async () => {
    const e = await rejection(alice().doc('msg/open').update({ x: 1 }));
    expect(e.code).toBe('permission-denied');
    expect(e.message).toContain(`L${lineOf(RULES, 'allow update:')}`);
  });
  it('update allowed when the field is present', () =>
    assertSucceeds(
      alice()
        .doc('msg/open')
        .update({ missing: { field: 1 } }),
    ));
  it('owner token bypasses rules', () =>
    assertSucceeds(
      h.env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc('msg/shut').update({ x: 1 })),
    ));
  it('the same write as a user is denied', () =>
    assertFails(alice().doc('msg/shut').update({ x: 1 })));

  it('a rules parse error is reported with line and column; previous rules stay in force', async () => {
    const bad = RULES.replace(
      'allow get: if resource.data.open == true;',
      'allow get: if resource.data.open == ;',
    );
    const line = lineOf(bad, 'allow get:');
    const e = await rejection(
      initializeTestEnvironment({
        projectId: h.projectId,
        firestore: { ...h.firestore!, rules: bad },
      }),
    );
    expect(e.message).toMatch(new RegExp(`L${line}:\\d+`));
    // previous rules: still allow the open doc and deny the shut one
    await assertSucceeds(alice().doc('msg/open').get());
    await assertFails(alice().doc('msg/shut').get());
  });
});

describe('rules file reload (our emulator, rules from a file)', () => {
  let dir: string;
  let file: string;
  let emu: RunningEmulator;
  let env: RulesTestEnvironment;
  const logs: string[] = [];
  const rulesWith = (cond: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /reload/{id} {
      allow get: if ${cond};
    }
  }
}`;
  /** Retries the operation until it has the expected outcome (the file is polled). */
  async function eventually(
    op: () => Promise<unknown>,
    allowed: boolean,
    ms = 8_000,
  ): Promise<void> {
    const until = Date.now() + ms;
    for (;;) {
      const ok = await op().then(
        () => true,
        () => false,
      );
      if (ok === allowed) return;
      if (Date.now() > until) throw new Error(`still ${ok ? 'allowed' : 'denied'} after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nn-rules-reload-'));
    file = join(dir, 'firestore.rules');
    await writeFile(file, rulesWith('true'));
    emu = await startEmulator({
      firestore: { host: '127.0.0.1', port: 0 },
      projectId: 'demo-reload',
      rules: { firestore: file },
      log: (l) => logs.push(l),
    });
    // No rules passed here: the file's rules apply to every project without rules of its own.
    env = await initializeTestEnvironment({
      projectId: 'demo-reload',
      firestore: { ...emu.firestore! },
    });
    await env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc('reload/d').set({ v: 1 }));
  }, 60_000);
  afterAll(async () => {
    await env?.cleanup().catch(() => {});
    await emu?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const get = () => env.unauthenticatedContext().firestore().doc('reload/d').get();

  it('rules from the file allow at start', () => assertSucceeds(get()));
  it('rewriting the file to deny takes effect', async () => {
    await writeFile(file, rulesWith('false'));
    await eventually(get, false);
    await assertFails(get());
  });
  it('a syntax error in the file is logged with line and column; the deny stays in force', async () => {
    const bad = rulesWith('true &&');
    await writeFile(file, bad);
    const line = lineOf(bad, 'allow get:');
    const until = Date.now() + 8_000;
    while (!logs.some((l) => l.includes('not loaded')) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    const msg = logs.find((l) => l.includes('not loaded')) ?? '';
    expect(msg).toMatch(new RegExp(`L${line}:\\d+`));
    await assertFails(get());
  });
  it('fixing the file allows again', async () => {
    await writeFile(file, rulesWith('resource.data.v == 1'));
    await eventually(get, true);
    await assertSucceeds(get());
  });
});
