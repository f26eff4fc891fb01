/**
 * End-to-end test harness: a whole NoteNest stack (firebase-tools' Auth, Functions, Hosting and
 * Google's Firestore emulator, our Storage emulator, the demo seed + the built web/dist) per caller, each on its own random loopback
 * address (127.x.y.z) with the ports of firebase.json, so stacks never collide with each other
 * or with a developer's `npm start` on 127.0.0.1. Build first (`npm run build`; npm test does).
 *
 * Web features: add `src/features/<feature>/<name>.e2e.test.ts` in web/. The `e2e` project of
 * web/vitest.config.ts starts ONE stack for the whole run (test/support/web-e2e-setup.ts); a test
 * reads it with `inject('testStack')` and opens pages with the helpers below:
 *
 *   import type { Browser } from 'playwright-core';
 *   import { afterAll, beforeAll, expect, inject, it } from 'vitest';
 *   import { launchChromium } from '../../../../emulator/src/testing/chromium';
 *   import { createStudent, newPage, signInAs } from '../../../../test/support/stack';
 *
 *   const stack = inject('testStack');
 *   let browser: Browser;
 *   beforeAll(async () => (browser = await launchChromium()));
 *   afterAll(() => browser?.close());
 *   it('shows my profile', async () => {
 *     const page = await newPage(browser, stack);     // fresh context, baseURL = stack.url
 *     await signInAs(page, 'student1@notenest.dev', 'student1234');  // README demo accounts
 *     await page.goto('/profile');
 *   });
 *
 * Where signing in is not what a test is about, `signedInPage(browser, stack, email, password)`
 * opens a page already signed in (one sign-in through the form per file and account, its session
 * reused). The stack is shared by every e2e file of the run: tests should create their own data
 * (createStudent with a unique email) rather than change the demo data others read. A root suite
 * (test/**) that needs a stack of its own calls startTestStack() in beforeAll and stop() in
 * afterAll. NOTENEST_STACK_LOG=1 prints the stack's processes' output.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { isLoopbackHost } from '../../emulator/src/testing/loopback-host.js';
import { PROJECT, startStack, takenPorts, type Stack } from '../../scripts/lib/stack.mjs';

/** What a test needs of a stack (also what the web e2e project provides). */
export interface StackAddress {
  /** The web app, e.g. http://127.31.7.200:5000. */
  url: string;
  /** The loopback address every emulator of the stack binds. */
  host: string;
}

export interface TestStack extends StackAddress {
  ports: Stack['ports'];
  /** Where the stack keeps its data and its pid file (PID_FILE of scripts/lib/stack.mjs). */
  dataDir: string;
  /** The stack's own lines (what it started, what ended): printed with NOTENEST_STACK_LOG=1. */
  logs: string[];
  /** The first of its processes to exit (one that exits unexpectedly stops the stack). */
  exited: Stack['exited'];
  /**
   * Stops every process (within a minute) and removes the data directory; then fails if a
   * function asked for anything beyond loopback (outsideRequestWatcher).
   */
  stop(): Promise<void>;
}

/**
 * The Functions emulator reports each request its functions make to a host it does not know as
 * "External network resource requested!" and the URL on the next line. Our Storage emulator is
 * one it does not know, so loopback URLs are expected; any other is a test (or a function) that
 * reaches beyond the machine, which the guide forbids: the stack's stop() fails with them.
 */
export function outsideRequestWatcher() {
  const outside: string[] = [];
  let warned = false;
  return {
    outside,
    line(text: string) {
      if (/External network resource requested/.test(text)) {
        warned = true;
        return;
      }
      const url = warned ? /- URL: "([^"]+)"/.exec(text)?.[1] : undefined;
      warned = false;
      if (url === undefined) return;
      // A URL it cannot parse is reported too: nothing says where it went.
      if (!URL.canParse(url) || !isLoopbackHost(new URL(url).hostname)) outside.push(url);
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web e2e run's stack (web/vitest.config.ts, project e2e). */
    testStack: StackAddress;
  }
}

const API_KEY = 'demo-api-key';
const AUTH_PORT = 9099;
const FIRESTORE_PORT = 8080;

/** A random 127.x.y.z, never 127.0.0.1 (npm start's default) nor a .0/.255 address. */
function randomLoopback(): string {
  const n = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
  return `127.${n(1, 254)}.${n(0, 255)}.${n(1, 254)}`;
}

/** A random loopback address on which every port of a stack is free (for `NOTENEST_HOST`). */
export async function freeLoopbackHost(): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const host = randomLoopback();
    if (!(await takenPorts(host)).length) return host;
  }
  throw new Error('no loopback address with free stack ports');
}

/**
 * Where the stack's processes' output is kept when `npm test` asks for it (NOTENEST_TEST_LOGS, a
 * directory: scripts/test-all.mjs): a test that fails on an API's 500 then has the function's
 * error to show beside it, in a CI log that keeps only the end of the run.
 */
function keptLog(host: string) {
  const dir = process.env['NOTENEST_TEST_LOGS'];
  return dir ? createWriteStream(path.join(dir, `${host}.log`), { flags: 'a' }) : undefined;
}

/**
 * Starts a seeded stack on a free random loopback address with a fresh temporary data directory.
 * Resolves when the web app, the API and the emulators answer and the demo data is in.
 */
export async function startTestStack(options: { seed?: boolean } = {}): Promise<TestStack> {
  const verbose = process.env['NOTENEST_STACK_LOG'] === '1';
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const host = await freeLoopbackHost();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nn-stack-'));
    const logs: string[] = [];
    const kept = keptLog(host);
    const watcher = outsideRequestWatcher();
    try {
      const stack = await startStack({
        host,
        dataDir,
        seed: options.seed ?? true,
        log: (line) => {
          logs.push(line);
          kept?.write(`[stack] ${line}\n`);
          if (verbose) process.stderr.write(`[stack ${host}] ${line}\n`);
        },
        output: (tag, line) => {
          if (tag === 'firebase') watcher.line(line);
          kept?.write(`[${tag}] ${line}\n`);
          if (verbose) process.stderr.write(`[${tag} ${host}] ${line}\n`);
        },
      });
      return {
        url: stack.url,
        host,
        ports: stack.ports,
        dataDir,
        logs,
        exited: stack.exited,
        async stop() {
          await stack.stop({ timeoutMs: 60_000 });
          kept?.end();
          await rm(dataDir, { recursive: true, force: true });
          if (watcher.outside.length)
            throw new Error(
              `the stack's functions reached beyond loopback: ${[...new Set(watcher.outside)].join(', ')}`,
            );
        },
      };
    } catch (err) {
      kept?.end();
      await rm(dataDir, { recursive: true, force: true });
      lastError = err;
      // Someone took a port on this address meanwhile: try another one.
      if (!/in use/.test(String((err as Error)?.message))) throw err;
    }
  }
  throw new Error(`no free loopback address for a test stack: ${String(lastError)}`);
}

/**
 * A vitest globalSetup's teardown that stops the run's stack: vitest prints an error thrown by a
 * global teardown but still exits 0, so a failure of stop() (a function that reached beyond
 * loopback) sets the exit code itself.
 */
export function stopAtTeardown(stack: TestStack): () => Promise<void> {
  return async () => {
    try {
      await stack.stop();
    } catch (err) {
      console.error(`The run's test stack: ${String((err as Error)?.message ?? err)}`);
      process.exitCode = 1;
    }
  };
}

/**
 * The app registers a service worker (web/build-plugins/service-worker.ts) that serves its files
 * from a cache: requests it answers never reach Playwright's routes, and a cached page is not the
 * server's. Test contexts block it, but for the offline suite, which asks for it.
 */
export type ServiceWorkers = 'allow' | 'block';

/** A page in a fresh browser context (no shared storage or session) whose baseURL is the stack. */
export async function newPage(browser: Browser, stack: StackAddress): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  return page;
}

/**
 * Each signed-in session kept by signedInPage: the storage of a context that signed in through the
 * form (localStorage, and IndexedDB where Firebase Auth keeps its user), per stack and account.
 */
const sessions = new Map<string, Promise<BrowserContextState>>();
type BrowserContextState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A page in a fresh context already signed in as email/password, on about:blank: the first call
 * for a stack and account signs in through the form (signInAs) and keeps that context's storage;
 * later calls (same test file) start from a copy of it, as a returning user whose session is
 * still there, instead of filling in the form again (seconds each, on a loaded machine). Use it
 * where the test is about what a signed-in user does, not about signing in; use newPage +
 * signInAs where the sign-in itself is under test, or for an account a test changes in a way that
 * ends its sessions (a new password or role: the facade revokes its tokens). Signing out in one
 * such page leaves the kept copy signed in: the SDK's sign-out is local.
 */
export async function signedInPage(
  browser: Browser,
  stack: StackAddress,
  email: string,
  password: string,
  serviceWorkers: ServiceWorkers = 'block',
): Promise<Page> {
  const key = `${stack.url} ${email}`;
  let session = sessions.get(key);
  if (!session) {
    session = (async () => {
      const page = await newPage(browser, stack);
      try {
        await signInAs(page, email, password);
        const state = await page.context().storageState({ indexedDB: true });
        // Firebase Auth's user is in IndexedDB (getAuth's persistence): without it the copy would
        // open signed out and the tests would fail for a reason that is not theirs.
        // (The returned type does not list the origins' indexedDB: read it as the data it is.)
        const kept = JSON.stringify(state.origins).includes('"firebaseLocalStorageDb"');
        if (!kept) throw new Error(`signedInPage: no Firebase Auth session kept for ${email}`);
        return state;
      } finally {
        await page.close();
      }
    })();
    sessions.set(key, session);
    // A failed sign-in is not kept: the next call tries again (and says why).
    session.catch(() => sessions.delete(key));
  }
  const context = await browser.newContext({
    baseURL: stack.url,
    storageState: await session,
    serviceWorkers,
  });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  return page;
}

interface AuthResponse {
  localId: string;
  idToken: string;
}

async function authCall(host: string, method: string, body: object): Promise<AuthResponse> {
  const res = await fetch(
    `http://${host}:${AUTH_PORT}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const json = (await res.json()) as AuthResponse & { error?: { message?: string } };
  if (!res.ok) throw new Error(`Auth emulator ${method}: ${json.error?.message ?? res.status}`);
  return json;
}

/**
 * Signs `page` (from newPage) in as email/password through the sign-in form, as a person does;
 * resolves once the app has left /sign-in for where a sign-in lands, and fails with the form's
 * error message when the app refuses.
 */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  const form = page.locator('form[aria-label="Sign in"]');
  await form.locator('input[type="email"]').fill(email, { timeout: 30_000 });
  await form.locator('input[type="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  const alert = form.locator('[role="alert"]').filter({ hasText: /\S/ });
  const refused = alert.waitFor({ timeout: 30_000 }).then(async () => {
    throw new Error(`sign-in of ${email} failed: ${await alert.textContent()}`);
  });
  refused.catch(() => {});
  await Promise.race([
    page.waitForURL((u) => !/^\/sign-?in$/.test(u.pathname), { timeout: 30_000 }),
    refused,
  ]);
}

/**
 * Creates a student the way sign-up does: an Auth account (Auth emulator REST signUp, display name
 * = username) and the profile `users/{uid}` of docs/data-model.md (Admin SDK against the stack's
 * Firestore emulator). Use a unique email per test: the stack is shared.
 */
export async function createStudent(
  stack: StackAddress,
  student: { email: string; password: string; username: string },
): Promise<{ uid: string; idToken: string }> {
  const { localId: uid, idToken: signUpToken } = await authCall(stack.host, 'signUp', student);
  await authCall(stack.host, 'update', { idToken: signUpToken, displayName: student.username });
  const app = initializeApp({ projectId: PROJECT }, `create-student-${uid}`);
  try {
    const db = getFirestore(app);
    db.settings({ host: `${stack.host}:${FIRESTORE_PORT}`, ssl: false });
    const batch = db.batch();
    batch.set(db.doc(`users/${uid}`), {
      username: student.username,
      email: student.email,
      avatar: null,
      role: 'user',
      createdAt: FieldValue.serverTimestamp(),
      notesCount: 0,
    });
    // The username's claim, as sign-up writes it (usernames are unique whatever their case).
    batch.set(db.doc(`usernames/${student.username.toLowerCase()}`), { uid });
    await batch.commit();
  } finally {
    await deleteApp(app);
  }
  // A fresh sign-in: the tokens from signUp/update can predate the account's validSince (same
  // second), and the facade verifies with checkRevoked, which then refuses them at random.
  const idToken = await idTokenFor(stack, student.email, student.password);
  return { uid, idToken };
}

/** An ID token for an existing email/password account (Auth emulator REST signInWithPassword). */
export async function idTokenFor(
  stack: StackAddress,
  email: string,
  password: string,
): Promise<string> {
  const { idToken } = await authCall(stack.host, 'signInWithPassword', { email, password });
  return idToken;
}
