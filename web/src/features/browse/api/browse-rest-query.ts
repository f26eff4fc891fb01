/**
 * A Browse QueryPlan (browse-query.ts: the list without search text) as the Firestore REST
 * `StructuredQuery` that answers it, with a field mask: only the fields a card shows. Pure, so
 * the exact wire query is unit-tested.
 *
 * The order is the plan's field, descending, then `__name__` descending, spelled out as the SDKs
 * do, so a cursor (the last listed note's order value and name) is unambiguous and the query
 * uses the same composite indexes as before (firestore.indexes.json).
 */
import {
  encodeValue,
  type RestFilter,
  type RestValue,
  type StructuredQuery,
} from '../../../shared/firebase/firestore-rest';
import type { QueryPlan } from './browse-query';

/** What a card (toBrowseNote) reads; everything else of a note stays on the server. */
export const CARD_FIELDS = [
  'title',
  'description',
  'subjectName',
  'courseName',
  'collegeName',
  'semester',
  'likesCount',
  'commentsCount',
  'downloadCount',
  'fileUrl',
  'fileName',
  'thumbnailUrl',
  'fileStatus',
  'createdAt',
] as const;

/** Where a page starts: just after a note with these order-by and `__name__` values. */
export interface RestCursor {
  readonly values: readonly RestValue[];
}

const OPS = { '==': 'EQUAL' } as const;

export function fieldsFor(plan: QueryPlan): string[] {
  const fields: string[] = [...CARD_FIELDS];
  // The cursor after the last note is its order-by value (cursorAfter).
  if (!fields.includes(plan.orderBy)) fields.push(plan.orderBy);
  return fields;
}

export function toStructuredQuery(
  plan: QueryPlan,
  limit: number,
  after: RestCursor | null,
): StructuredQuery {
  const filters: RestFilter[] = plan.where.map((c) => ({
    fieldFilter: { field: { fieldPath: c.field }, op: OPS[c.op], value: encodeValue(c.value) },
  }));
  // One filter is sent bare: Firestore rejects a composite filter of a single filter.
  const where: RestFilter | undefined =
    filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } };
  return {
    from: [{ collectionId: 'notes' }],
    select: { fields: fieldsFor(plan).map((fieldPath) => ({ fieldPath })) },
    ...(where ? { where } : {}),
    orderBy: [
      { field: { fieldPath: plan.orderBy }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ],
    ...(after ? { startAt: { values: [...after.values], before: false } } : {}),
    limit,
  };
}

/** The cursor after a listed note: its raw order-by value (exact, e.g. a timestamp's nanos). */
export function cursorAfter(
  plan: QueryPlan,
  doc: { name: string; fields: Record<string, RestValue> },
): RestCursor {
  return {
    values: [doc.fields[plan.orderBy] ?? { nullValue: null }, { referenceValue: doc.name }],
  };
}
