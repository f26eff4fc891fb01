/**
 * The target of the endpoint tests: the whole seeded stack of globalSetup emulators-setup.ts (the
 * built function and its triggers in firebase-tools' Functions emulator, Google's Firestore
 * emulator, our Storage emulator, the demo data), reached through Hosting's `/api/**` rewrite for
 * paths starting with `/api/` and directly at the function's URL (`.../us-central1/api/...`) for
 * the others, as the spec lists both. The stack is shared by the files of the run (they run one
 * after another): tests use their own accounts and notes and count relative to what was there.
 *
 * The Admin SDK of the test process (`adminApp()` of ../firebase.ts) talks to the same emulators
 * as the function, for the tests' direct checks.
 */
import { inject } from 'vitest';

export const PROJECT = 'demo-notenest';

export interface Stack {
  /** The URL a request for `path` (e.g. `/api/health` or `/health?deep=true`) goes to. */
  url(path: string): string;
  authHost: string;
  storageHost: string;
  stop(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const { host, ports, url } = inject('emulatorStack');
  const functionUrl = `http://${host}:${ports.functions}/${PROJECT}/us-central1/api`;
  process.env['GCLOUD_PROJECT'] = PROJECT;
  process.env['FIRESTORE_EMULATOR_HOST'] = `${host}:${ports.firestore}`;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `${host}:${ports.storage}`;
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `${host}:${ports.auth}`;
  return {
    url: (path) => (/^\/api(\/|\?|$)/.test(path) ? url : functionUrl) + path,
    authHost: `${host}:${ports.auth}`,
    storageHost: `${host}:${ports.storage}`,
    // The stack belongs to the run (globalSetup stops it).
    stop: async () => {},
  };
}

/**
 * Polls `read` until `done(value)` (triggers run after the write that fires them). The default
 * wait is well under the via-emulators test timeout (vitest.config.ts), so a wait that fails
 * says what it waited for and what it last read, rather than only that the test timed out.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 60_000, what = 'the expected value' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (done(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Account {
  uid: string;
  email: string;
  password: string;
  token: string;
}

/** Email/password sign-in through the Auth emulator's REST API; the ID token and its claims. */
export async function signIn(authHost: string, email: string, password: string) {
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId: string; idToken: string };
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  const claims = JSON.parse(
    Buffer.from(body.idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  return { uid: body.localId, token: body.idToken, claims };
}

/** The tests' one request helper: JSON (or text) answers from the stack's API. */
export function client(stack: Pick<Stack, 'url'>) {
  return async function call(
    method: string,
    path: string,
    opts: {
      token?: string;
      json?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) body = opts.form;
    const res = await fetch(stack.url(path), { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text so a test failure shows it
    }
    return { status: res.status, body: parsed };
  };
}

/** Signs up through the API and signs in; `tag` keeps emails distinct across test files. */
export async function createAccount(stack: Stack, tag: string, username: string): Promise<Account> {
  const email = `${username.toLowerCase().replace(/\W+/g, '')}.${tag}@example.test`;
  const password = 'secret123';
  const r = await client(stack)('POST', '/api/auth/signup', {
    json: { username, email, password },
  });
  if (r.status !== 201) throw new Error(`signup of ${email}: ${JSON.stringify(r.body)}`);
  const s = await signIn(stack.authHost, email, password);
  return { uid: s.uid, email, password, token: s.token };
}

/** A minimal PDF whose one content stream shows `lines` (Flate-compressed unless told). */
export async function makePdf(lines: string[], compress = true): Promise<Buffer> {
  const { deflateSync } = await import('node:zlib');
  const ops = `BT /F1 12 Tf 72 720 Td ${lines
    .map((l) => `(${l.replace(/([\\()])/g, '\\$1')}) Tj T*`)
    .join(' ')} ET`;
  const data = compress ? deflateSync(Buffer.from(ops, 'latin1')) : Buffer.from(ops, 'latin1');
  const dict = `<< /Length ${data.length}${compress ? ' /Filter /FlateDecode' : ''} >>`;
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
        '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
        '3 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>\nendobj\n' +
        `4 0 obj\n${dict}\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

/** Waits until `read()` deep-equals `expected` (derived data written by a trigger). */
export async function settles(read: () => Promise<unknown>, expected: unknown): Promise<void> {
  const want = JSON.stringify(expected);
  await eventually(read, (v) => JSON.stringify(v) === want, { what: want });
}
