/**
 * Firestore index entries one document costs (issue 28, item 4), counted as Firestore's
 * documentation counts them ("Index entries" and the limit of 40,000 per document):
 * - automatic single-field indexes: every field that is not an array or a map has two entries
 *   (ascending and descending); an array has one array-contains entry per distinct element; a
 *   map's subfields are counted the same way; an exempted field (fieldOverrides with no indexes)
 *   has none;
 * - each composite index of the document's collection whose fields the document all has: one
 *   entry, or one per distinct element of its array-contains field.
 * Pure: reads the index definitions given (firestore.indexes.json's shape) and one document's data.
 */

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}

/** Distinct elements of an array, compared as Firestore compares values (here: by JSON). */
function distinct(array) {
  return new Set(array.map((v) => JSON.stringify(v))).size;
}

function exempted(overrides, collection, fieldPath) {
  return overrides.some(
    (o) => o.collectionGroup === collection && o.fieldPath === fieldPath && o.indexes?.length === 0,
  );
}

function singleFieldEntries(data, collection, overrides, prefix = '') {
  let n = 0;
  for (const [key, value] of Object.entries(data)) {
    const fieldPath = prefix + key;
    if (exempted(overrides, collection, fieldPath)) continue;
    if (Array.isArray(value)) n += distinct(value);
    else if (isPlainObject(value))
      n += singleFieldEntries(value, collection, overrides, `${fieldPath}.`);
    else n += 2;
  }
  return n;
}

function valueAt(data, fieldPath) {
  let v = data;
  for (const part of fieldPath.split('.')) {
    if (!isPlainObject(v) || !(part in v)) return undefined;
    v = v[part];
  }
  return v;
}

/**
 * { single, composite, total, byIndex } for a document `data` of `collection` under `config`
 * (the parsed firestore.indexes.json).
 */
export function indexEntries(config, collection, data) {
  const overrides = config.fieldOverrides ?? [];
  const single = singleFieldEntries(data, collection, overrides);
  const byIndex = [];
  for (const index of config.indexes ?? []) {
    if (index.collectionGroup !== collection) continue;
    let entries = 1;
    for (const field of index.fields) {
      const value = valueAt(data, field.fieldPath);
      if (value === undefined) {
        entries = 0;
        break;
      }
      if (field.arrayConfig === 'CONTAINS') entries *= Array.isArray(value) ? distinct(value) : 0;
    }
    byIndex.push({ fields: index.fields.map((f) => f.fieldPath).join(','), entries });
  }
  const composite = byIndex.reduce((sum, i) => sum + i.entries, 0);
  return { single, composite, total: single + composite, byIndex };
}
