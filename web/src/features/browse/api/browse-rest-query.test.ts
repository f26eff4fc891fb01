import { describe, expect, it } from 'vitest';
import { DEFAULT_CRITERIA, planQuery } from './browse-query';
import { CARD_FIELDS, cursorAfter, fieldsFor, toStructuredQuery } from './browse-rest-query';
import { toBrowseNote } from './browse-model';

describe('toStructuredQuery', () => {
  it('asks for approved notes, newest first, card fields only, one more than a page', () => {
    const q = toStructuredQuery(planQuery(DEFAULT_CRITERIA), 25, null);
    expect(q).toEqual({
      from: [{ collectionId: 'notes' }],
      select: { fields: CARD_FIELDS.map((fieldPath) => ({ fieldPath })) },
      where: {
        fieldFilter: {
          field: { fieldPath: 'approved' },
          op: 'EQUAL',
          value: { booleanValue: true },
        },
      },
      orderBy: [
        { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit: 25,
    });
  });

  it("ANDs the filters; semesters are integers; the search text is not Firestore's", () => {
    const plan = planQuery({
      search: 'operating',
      filters: { subject: 'OS', course: null, semester: 4, college: null },
      sort: 'mostLiked',
    });
    const q = toStructuredQuery(plan, 25, null);
    expect(q.where).toEqual({
      compositeFilter: {
        op: 'AND',
        filters: [
          {
            fieldFilter: {
              field: { fieldPath: 'approved' },
              op: 'EQUAL',
              value: { booleanValue: true },
            },
          },
          {
            fieldFilter: {
              field: { fieldPath: 'subjectName' },
              op: 'EQUAL',
              value: { stringValue: 'OS' },
            },
          },
          {
            fieldFilter: {
              field: { fieldPath: 'semester' },
              op: 'EQUAL',
              value: { integerValue: '4' },
            },
          },
        ],
      },
    });
    expect(q.orderBy?.[0]).toEqual({ field: { fieldPath: 'likesCount' }, direction: 'DESCENDING' });
  });

  it('selects every field a card reads, and the order field', () => {
    const probe: Record<string, unknown> = {};
    const read = new Set<string>();
    toBrowseNote('x', new Proxy(probe, { get: (_, k) => (read.add(String(k)), undefined) }));
    expect([...read].sort()).toEqual([...CARD_FIELDS].sort());
    for (const sort of ['newest', 'mostLiked', 'mostDownloaded'] as const) {
      const plan = planQuery({ ...DEFAULT_CRITERIA, sort });
      expect(fieldsFor(plan)).toContain(plan.orderBy);
    }
  });

  it('starts after a cursor: the last note order value and name, exclusive', () => {
    const plan = planQuery(DEFAULT_CRITERIA);
    const last = {
      name: 'projects/p/databases/(default)/documents/notes/n1',
      fields: { createdAt: { timestampValue: '2026-11-21T10:00:00.123456Z' } },
    };
    const cursor = cursorAfter(plan, last);
    expect(toStructuredQuery(plan, 25, cursor).startAt).toEqual({
      values: [
        { timestampValue: '2026-11-21T10:00:00.123456Z' },
        { referenceValue: 'projects/p/databases/(default)/documents/notes/n1' },
      ],
      before: false,
    });
  });
});
