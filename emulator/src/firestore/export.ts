import { invalidArgument } from './errors.js';
import { parseDocumentName } from './paths.js';
import type { DatabaseStore, StoredDoc } from './store.js';
import { parseTimestamp } from './timestamps.js';
import type { Document, Fields, Value } from './types.js';
import { normalizeFields } from './values.js';

/** JSON-serializable snapshot of every database (DIR/firestore.json). */
export interface FirestoreExport {
  version: 1;
  databases: { projectId: string; databaseId: string; documents: Document[] }[];
}

/** JSON has no NaN/Infinity: doubles use the proto3 JSON strings, which import accepts. */
function exportValue(v: Value): Value {
  if (v.doubleValue !== undefined && !Number.isFinite(v.doubleValue)) {
    return { doubleValue: String(v.doubleValue) as unknown as number };
  }
  if (v.arrayValue) return { arrayValue: { values: (v.arrayValue.values ?? []).map(exportValue) } };
  if (v.mapValue) return { mapValue: { fields: exportFields(v.mapValue.fields ?? {}) } };
  return v;
}

function exportFields(fields: Fields): Fields {
  const out: Fields = {};
  for (const k in fields) out[k] = exportValue(fields[k]);
  return out;
}

export function exportStores(stores: Iterable<[string, DatabaseStore]>): FirestoreExport {
  const databases: FirestoreExport['databases'] = [];
  for (const [database, store] of stores) {
    const [, projectId, , databaseId] = database.split('/');
    const documents = [...store.liveDocs()].map((d) => ({
      ...d.json,
      fields: exportFields(d.json.fields),
    }));
    if (documents.length > 0) databases.push({ projectId, databaseId, documents });
  }
  return { version: 1, databases };
}

/** Validates an exported document and rebuilds the stored form, keeping its original times. */
export function importDocument(doc: Document): StoredDoc {
  parseDocumentName(doc.name);
  if (!doc.createTime || !doc.updateTime)
    throw invalidArgument(`Imported document ${doc.name} lacks createTime/updateTime.`);
  const createNs = parseTimestamp(doc.createTime);
  const updateNs = parseTimestamp(doc.updateTime);
  return {
    json: {
      name: doc.name,
      fields: normalizeFields(doc.fields),
      createTime: doc.createTime,
      updateTime: doc.updateTime,
    },
    createNs,
    updateNs,
  };
}

export function validateExport(data: unknown): FirestoreExport {
  const d = data as FirestoreExport | null;
  if (!d || typeof d !== 'object' || d.version !== 1 || !Array.isArray(d.databases)) {
    throw invalidArgument('Unsupported Firestore export format (expected version 1).');
  }
  return d;
}
