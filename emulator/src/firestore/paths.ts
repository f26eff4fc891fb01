import { invalidArgument } from './errors.js';
import type { Fields, Value } from './types.js';

/** Resource names: projects/{p}/databases/{d}/documents[/coll/doc...]. */

export interface ResourceName {
  projectId: string;
  databaseId: string;
  /** `projects/p/databases/d` */
  database: string;
  /** `projects/p/databases/d/documents` */
  root: string;
  /** Path segments below the root (collection, doc, collection, ...). */
  segments: string[];
}

const NAME_RE = /^projects\/([^/]+)\/databases\/([^/]+)(?:\/documents(?:\/(.*))?)?$/;

export function parseResourceName(name: string): ResourceName {
  if (typeof name !== 'string') throw invalidArgument('Missing resource name');
  const m = NAME_RE.exec(name);
  if (!m) throw invalidArgument(`Invalid resource name: "${name}"`);
  const [, projectId, databaseId, rest] = m;
  const segments = rest === undefined || rest === '' ? [] : rest.split('/');
  if (segments.some((s) => s === '')) throw invalidArgument(`Invalid resource name: "${name}"`);
  const database = `projects/${projectId}/databases/${databaseId}`;
  return { projectId, databaseId, database, root: `${database}/documents`, segments };
}

export function validateDocumentId(id: string, name: string): void {
  if (id === '.' || id === '..' || /^__.*__$/.test(id)) {
    throw invalidArgument(
      `Document name "${name}" has invalid document id "${id}": ids "." and ".." and ids matching __.*__ are reserved.`,
    );
  }
  if (Buffer.byteLength(id, 'utf8') > 1500) {
    throw invalidArgument(`Document name "${name}" has a document id longer than 1500 bytes.`);
  }
}

/** A document name: even number (>0) of segments below the root. */
export function parseDocumentName(name: string): ResourceName {
  const r = parseResourceName(name);
  if (r.segments.length === 0 || r.segments.length % 2 !== 0) {
    throw invalidArgument(`Document name "${name}" lacks a document id or is a collection path.`);
  }
  return r;
}

/** Parent of a query/collection: the database root or a document. */
export function parseParentName(name: string): ResourceName {
  const r = parseResourceName(name);
  if (r.segments.length % 2 !== 0) throw invalidArgument(`Invalid parent: "${name}"`);
  return r;
}

/** Collection path (full name) that holds a document: name minus its last segment. */
export function collectionOf(docName: string): string {
  return docName.slice(0, docName.lastIndexOf('/'));
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Accepts a full resource name or a rules-style path (`/databases/d/documents/c/x`), because the
 * rules authorizer calls lookups with whatever its get()/exists() produced.
 */
export function toDocumentName(path: string, projectId: string): string {
  if (path.startsWith('projects/')) return path;
  const p = path.startsWith('/') ? path.slice(1) : path;
  if (p.startsWith('databases/')) return `projects/${projectId}/${p}`;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Field paths

const SIMPLE_SEGMENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
const fieldPathCache = new Map<string, string[]>();

/** `a.b`, "`a.b`.c", `__name__`; backslash escapes inside backticks. Results are cached. */
export function parseFieldPath(path: string): string[] {
  const cached = fieldPathCache.get(path);
  if (cached) return cached;
  if (typeof path !== 'string' || path === '') throw invalidArgument('Invalid field path: empty');
  const segs: string[] = [];
  let i = 0;
  while (i <= path.length) {
    let seg = '';
    if (path[i] === '`') {
      i++;
      let closed = false;
      while (i < path.length) {
        const c = path[i];
        if (c === '\\') {
          if (i + 1 >= path.length) break;
          seg += path[i + 1];
          i += 2;
        } else if (c === '`') {
          closed = true;
          i++;
          break;
        } else {
          seg += c;
          i++;
        }
      }
      if (!closed) throw invalidArgument(`Invalid field path: ${path}`);
    } else {
      const dot = path.indexOf('.', i);
      const end = dot === -1 ? path.length : dot;
      seg = path.slice(i, end);
      if (seg.includes('`')) throw invalidArgument(`Invalid field path: ${path}`);
      i = end;
    }
    if (seg === '') throw invalidArgument(`Invalid field path: ${path}`);
    segs.push(seg);
    if (i === path.length) break;
    if (path[i] !== '.') throw invalidArgument(`Invalid field path: ${path}`);
    i++;
    if (i === path.length) throw invalidArgument(`Invalid field path: ${path}`);
  }
  if (fieldPathCache.size > 10_000) fieldPathCache.clear();
  fieldPathCache.set(path, segs);
  return segs;
}

export function formatFieldPath(segs: readonly string[]): string {
  return segs
    .map((s) =>
      SIMPLE_SEGMENT.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`',
    )
    .join('.');
}

export function isNameField(segs: readonly string[]): boolean {
  return segs.length === 1 && segs[0] === '__name__';
}

export function compareFieldPaths(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** True when `prefix` equals or is an ancestor of `path`. */
export function isPrefixPath(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}

export function getField(fields: Fields | undefined, segs: readonly string[]): Value | undefined {
  let cur: Fields | undefined = fields;
  for (let i = 0; i < segs.length; i++) {
    if (!cur) return undefined;
    const v: Value | undefined = cur[segs[i]];
    if (v === undefined) return undefined;
    if (i === segs.length - 1) return v;
    cur = v.mapValue ? (v.mapValue.fields ?? {}) : undefined;
  }
  return undefined;
}

/** Copy-on-write set: stored documents share structure and are never mutated in place. */
export function setField(fields: Fields, segs: readonly string[], value: Value): Fields {
  const out: Fields = { ...fields };
  if (segs.length === 1) {
    out[segs[0]] = value;
    return out;
  }
  const child = fields[segs[0]];
  const childFields = child?.mapValue ? (child.mapValue.fields ?? {}) : {};
  out[segs[0]] = { mapValue: { fields: setField(childFields, segs.slice(1), value) } };
  return out;
}

/** Copy-on-write delete; absent paths leave the fields unchanged (same object). */
export function deleteField(fields: Fields, segs: readonly string[]): Fields {
  const head = segs[0];
  if (!(head in fields)) return fields;
  if (segs.length === 1) {
    const out = { ...fields };
    delete out[head];
    return out;
  }
  const child = fields[head];
  if (!child.mapValue) return fields;
  const inner = child.mapValue.fields ?? {};
  const next = deleteField(inner, segs.slice(1));
  if (next === inner) return fields;
  return { ...fields, [head]: { mapValue: { fields: next } } };
}

/** Keeps only the given paths (DocumentMask / projection). */
export function applyMask(
  fields: Fields | undefined,
  paths: readonly (readonly string[])[],
): Fields {
  let out: Fields = {};
  if (!fields) return out;
  for (const p of paths) {
    if (isNameField(p)) continue;
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
