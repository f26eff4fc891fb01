/**
 * Where the conformance suite points, and the emulator's HTTP control surface. The target comes
 * from the vitest globalSetup (FIRESTORE_EMULATOR_HOST if set, else our own emulator on port 0),
 * so the same suite can be run against the official emulator.
 */
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firestore endpoint under test */
    firestoreHost: string;
    /** URL of the page that loads the bundled browser SDK ('' if bundling failed) */
    browserAppUrl: string;
    /** why the bundle is missing, if it is */
    browserAppError: string;
    /** true when the suite started our emulator itself (not FIRESTORE_EMULATOR_HOST) */
    ownEmulator: boolean;
  }
}

export function target(): { host: string; port: number; hostPort: string } {
  const hostPort = inject('firestoreHost');
  const i = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, i), port: Number(hostPort.slice(i + 1)), hostPort };
}

/** A fresh project id per test file: files run in parallel against one emulator. */
export function newProjectId(): string {
  return `demo-${randomBytes(5).toString('hex')}`;
}

/** A collection id unique within the run, so tests in one file never see each other's docs. */
let seq = 0;
export function uniq(prefix = 'c'): string {
  return `${prefix}${++seq}_${randomBytes(3).toString('hex')}`;
}

export function dbRoot(projectId: string): string {
  return `projects/${projectId}/databases/(default)`;
}

export function docName(projectId: string, path: string): string {
  return `${dbRoot(projectId)}/documents/${path}`;
}

export interface HttpResult {
  status: number;
  ok: boolean;
  text: string;
  // REST bodies are checked field by field, so they stay untyped.
  json: any;
}

/** A request to the Firestore endpoint's HTTP/1.1 side, as the official emulator accepts it. */
export async function http(
  method: string,
  path: string,
  body?: unknown,
  opts: { hostPort?: string; auth?: string | null } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  // 'owner' is the emulator's admin token; REST tests act as admin unless told otherwise.
  const auth = opts.auth === undefined ? 'Bearer owner' : opts.auth;
  if (auth) headers.authorization = auth;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://${opts.hostPort ?? target().hostPort}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, ok: res.ok, text, json };
}

/** REST call under /v1/{database}/documents... */
export function rest(
  projectId: string,
  method: string,
  suffix: string,
  body?: unknown,
  hostPort?: string,
) {
  return http(method, `/v1/${dbRoot(projectId)}/documents${suffix}`, body, { hostPort });
}

export async function clearProject(projectId: string, hostPort?: string): Promise<void> {
  const r = await http(
    'DELETE',
    `/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    undefined,
    {
      hostPort,
    },
  );
  if (!r.ok) throw new Error(`clear ${projectId} failed: ${r.status} ${r.text}`);
}

/** Timestamp string -> [seconds, nanos], compared numerically (precision differs by server). */
export function parseTimestamp(ts: string): [number, number] {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(ts);
  if (!m) throw new Error(`not an RFC 3339 UTC timestamp: ${ts}`);
  const seconds = Date.parse(`${m[1]}Z`) / 1000;
  const nanos = Number((m[2] ?? '').padEnd(9, '0'));
  return [seconds, nanos];
}

export function tsToNanos(ts: string | [number, number]): bigint {
  const [s, n] = typeof ts === 'string' ? parseTimestamp(ts) : ts;
  return BigInt(s) * 1_000_000_000n + BigInt(n);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
