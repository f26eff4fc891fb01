/** Builders for Firestore Values in the REST (proto3 JSON) form, for seeding exact wire types. */
import { dbRoot, rest } from './context.js';

export type RestValue = Record<string, unknown>;

export const V = {
  null: (): RestValue => ({ nullValue: null }),
  bool: (b: boolean): RestValue => ({ booleanValue: b }),
  int: (n: number | string): RestValue => ({ integerValue: String(n) }),
  /** NaN/Infinity use the proto3 JSON string spellings */
  double: (n: number): RestValue => ({
    doubleValue: Number.isNaN(n)
      ? 'NaN'
      : n === Infinity
        ? 'Infinity'
        : n === -Infinity
          ? '-Infinity'
          : n,
  }),
  ts: (s: string): RestValue => ({ timestampValue: s }),
  str: (s: string): RestValue => ({ stringValue: s }),
  bytes: (b64: string): RestValue => ({ bytesValue: b64 }),
  ref: (projectId: string, path: string): RestValue => ({
    referenceValue: `${dbRoot(projectId)}/documents/${path}`,
  }),
  geo: (latitude: number, longitude: number): RestValue => ({
    geoPointValue: { latitude, longitude },
  }),
  arr: (...values: RestValue[]): RestValue => ({ arrayValue: values.length ? { values } : {} }),
  map: (fields: Record<string, RestValue>): RestValue => ({
    mapValue: Object.keys(fields).length ? { fields } : {},
  }),
};

/** Commit `update` writes (full replace) through REST; throws on a non-2xx answer. */
export async function restSet(
  projectId: string,
  docs: [path: string, fields: Record<string, RestValue>][],
) {
  const writes = docs.map(([path, fields]) => ({
    update: { name: `${dbRoot(projectId)}/documents/${path}`, fields },
  }));
  const r = await rest(projectId, 'POST', ':commit', { writes });
  if (!r.ok) throw new Error(`REST commit failed: ${r.status} ${r.text}`);
  return r.json as {
    commitTime: string;
    writeResults: { updateTime?: string; transformResults?: RestValue[] }[];
  };
}

/** Reads a document's fields over REST (undefined when NOT_FOUND). */
export async function restGet(projectId: string, path: string) {
  const r = await rest(projectId, 'GET', `/${path}`);
  if (r.status === 404) return undefined;
  if (!r.ok) throw new Error(`REST get failed: ${r.status} ${r.text}`);
  return r.json as {
    name: string;
    fields?: Record<string, RestValue>;
    createTime: string;
    updateTime: string;
  };
}

/** The Value's type key (`integerValue`, `doubleValue`, ...). */
export function typeOf(v: RestValue | undefined): string | undefined {
  return v ? Object.keys(v)[0] : undefined;
}
