/**
 * A small client for Firestore's REST API (`documents:runQuery`, `documents:batchGet`), for reads
 * the SDKs cannot make: Firestore's field masks. `structuredQuery.select` (and a batchGet's
 * `mask`) return only the named fields; neither the full SDK nor Firestore Lite exposes them, and a
 * list that ships every field of every document can be mostly fields it never shows (Browse:
 * ~207 KB for 25 notes, nearly all the search terms notes then held, against a few KB of card
 * fields).
 *
 * It speaks the same wire format the SDKs do (proto3 JSON), to production
 * (https://firestore.googleapis.com) or, when the page is served locally, to the emulator (the
 * same host and port the SDKs connect to, config.ts). Security Rules apply exactly as to the SDKs:
 * the request carries the signed-in user's Firebase ID token as `Authorization: Bearer`, or no
 * token for a visitor. Without that header the request is a "simple" CORS request (text/plain
 * body, like Firestore Lite's), so a visitor's query costs no preflight round trip.
 *
 * No SDK code: this module is plain `fetch`, so a page can read before (or without) loading
 * Firestore Lite. Values are decoded to plain JS: timestamps to Date, integers to number.
 */
import { AppError } from '../errors/app-error';
import { currentIdToken, requireIdToken } from './auth';
import { EMULATOR_PORTS, FIREBASE_OPTIONS, currentEmulatorHost } from './config';

/** A Firestore `Value` in proto3 JSON (https://firebase.google.com/docs/firestore/reference/rest/v1/Value). */
export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: RestValue[] } }
  | { mapValue: { fields?: Record<string, RestValue> } };

export interface RestDocument {
  /** Full resource name: projects/{p}/databases/{d}/documents/{path}. */
  name: string;
  fields?: Record<string, RestValue>;
}

/** A decoded document: its id, its fields as plain values, and the raw fields (for cursors). */
export interface DecodedDocument {
  id: string;
  name: string;
  data: Record<string, unknown>;
  fields: Record<string, RestValue>;
}

/** `StructuredQuery` in proto3 JSON; only the parts callers build (see runQuery). */
export interface StructuredQuery {
  from: { collectionId: string; allDescendants?: boolean }[];
  select?: { fields: { fieldPath: string }[] };
  where?: RestFilter;
  orderBy?: { field: { fieldPath: string }; direction: 'ASCENDING' | 'DESCENDING' }[];
  startAt?: { values: RestValue[]; before: boolean };
  endAt?: { values: RestValue[]; before: boolean };
  limit?: number;
}

export type RestFieldOp = 'EQUAL' | 'ARRAY_CONTAINS';
export type RestFilter =
  | { fieldFilter: { field: { fieldPath: string }; op: RestFieldOp; value: RestValue } }
  | { compositeFilter: { op: 'AND'; filters: RestFilter[] } };

const DATABASE = `projects/${FIREBASE_OPTIONS.projectId}/databases/(default)`;

/** Where Firestore's REST API is: the local emulator, or production. */
export function firestoreRestBase(emulatorHost: string | null = currentEmulatorHost()): string {
  return emulatorHost
    ? `http://${emulatorHost}:${EMULATOR_PORTS.firestore}`
    : 'https://firestore.googleapis.com';
}

/** A JS value as a Firestore Value: what queries compare with (strings, numbers, booleans...). */
export function encodeValue(v: unknown): RestValue {
  if (v === null || v === undefined) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number') {
    // As the SDKs do: an integral number is an integer (a semester `3` equals the stored 3).
    return Number.isSafeInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  }
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(encodeValue) } };
  if (typeof v === 'object') {
    const fields: Record<string, RestValue> = {};
    for (const [k, x] of Object.entries(v)) fields[k] = encodeValue(x);
    return { mapValue: { fields } };
  }
  throw new TypeError(`Cannot encode ${typeof v} as a Firestore value`);
}

/**
 * A Firestore Value as plain JS: integers and doubles to number (NaN and the infinities from
 * their string forms), timestamps to Date, bytes as their base64 string, references as their
 * resource name, geo points as {latitude, longitude}. Anything unrecognised decodes to null.
 */
export function decodeValue(v: RestValue): unknown {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('timestampValue' in v) {
    const d = new Date(v.timestampValue);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if ('stringValue' in v) return v.stringValue;
  if ('bytesValue' in v) return v.bytesValue;
  if ('referenceValue' in v) return v.referenceValue;
  if ('geoPointValue' in v) {
    return { latitude: v.geoPointValue.latitude ?? 0, longitude: v.geoPointValue.longitude ?? 0 };
  }
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(decodeValue);
  if ('mapValue' in v) return decodeFields(v.mapValue.fields ?? {});
  return null;
}

export function decodeFields(fields: Record<string, RestValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = decodeValue(v);
  return out;
}

export function decodeDocument(doc: RestDocument): DecodedDocument {
  const fields = doc.fields ?? {};
  return {
    id: decodeURIComponent(doc.name.slice(doc.name.lastIndexOf('/') + 1)),
    name: doc.name,
    data: decodeFields(fields),
    fields,
  };
}

/** The resource name of a document path ("notes/abc"), as a cursor's `__name__` value. */
export function documentName(path: string): string {
  return `${DATABASE}/documents/${path}`;
}

/** The documents of a runQuery answer (a JSON array of results, some without a document). */
export function documentsOf(results: unknown): DecodedDocument[] {
  if (!Array.isArray(results)) throw new Error('Unexpected runQuery answer');
  return results
    .map((r: { document?: RestDocument }) => r?.document)
    .filter((d): d is RestDocument => !!d && typeof d.name === 'string')
    .map(decodeDocument);
}

/**
 * `signedIn`, as the facade's: a read only the signed-in user may make (their own documents)
 * waits for Auth to load and sends their token. `anonymous`: a read of what the rules show
 * everyone (approved notes) goes without a token, so it never waits for a returning user's Auth
 * to restore the session. Otherwise the token of an Auth this page has started is sent (once it
 * has restored the session), and none when Auth was never started.
 */
export interface RestOptions {
  signedIn?: boolean;
  anonymous?: boolean;
}

async function call(
  url: string,
  init: RequestInit,
  { signedIn, anonymous }: RestOptions = {},
): Promise<unknown> {
  const token = anonymous ? null : signedIn ? await requireIdToken() : await currentIdToken();
  const headers: Record<string, string> = { 'Content-Type': 'text/plain' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const res = await fetch(url, { ...init, headers });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (body as { error?: { status?: string; message?: string } } | null)?.error;
    throw new AppError('server', error?.message ?? `Firestore answered ${res.status}`, {
      status: res.status,
      code: error?.status ?? null,
      serverMessage: error?.message ?? null,
    });
  }
  return body;
}

/**
 * Runs a query over a collection (`from`) under `parent` (a document path such as "notes/n1"
 * for its subcollections; the database root by default) and returns its documents, in order.
 */
export async function runQuery(
  structuredQuery: StructuredQuery,
  parent = '',
  options: RestOptions = {},
): Promise<DecodedDocument[]> {
  const under = parent ? `/${parent.split('/').map(encodeURIComponent).join('/')}` : '';
  const url = `${firestoreRestBase()}/v1/${DATABASE}/documents${under}:runQuery`;
  return documentsOf(
    await call(url, { method: 'POST', body: JSON.stringify({ structuredQuery }) }, options),
  );
}

/**
 * One document ("meta/filterOptions"), or null when it does not exist; with `fields`, only those
 * (a field mask). Read through `documents:batchGet`, which answers a missing document as
 * `missing`: a document GET answers it 404, which the browser logs as a failed request in the
 * console on every page that asks whether something exists (the note page asks whether the note
 * is in the reader's Saved Notes).
 */
export async function getDocument(
  path: string,
  fields?: readonly string[],
  options: RestOptions = {},
): Promise<DecodedDocument | null> {
  return (await batchGetDocuments([path], fields, options)).get(path) ?? null;
}

/**
 * Several documents by path in one request (`documents:batchGet`), with a field mask (all their
 * fields without one); each path maps to its document, or null when it does not exist. Rules
 * judge each as a get.
 */
export async function batchGetDocuments(
  paths: readonly string[],
  fields?: readonly string[],
  options: RestOptions = {},
): Promise<Map<string, DecodedDocument | null>> {
  const found = new Map<string, DecodedDocument | null>();
  if (paths.length === 0) return found;
  const url = `${firestoreRestBase()}/v1/${DATABASE}/documents:batchGet`;
  const answer = await call(
    url,
    {
      method: 'POST',
      body: JSON.stringify({
        documents: paths.map(documentName),
        ...(fields ? { mask: { fieldPaths: [...fields] } } : {}),
      }),
    },
    options,
  );
  if (!Array.isArray(answer)) throw new Error('Unexpected batchGet answer');
  const byName = new Map(paths.map((p) => [documentName(p), p]));
  for (const r of answer as { found?: RestDocument; missing?: string }[]) {
    if (r.found && byName.has(r.found.name))
      found.set(byName.get(r.found.name)!, decodeDocument(r.found));
    else if (r.missing && byName.has(r.missing)) found.set(byName.get(r.missing)!, null);
  }
  return found;
}
