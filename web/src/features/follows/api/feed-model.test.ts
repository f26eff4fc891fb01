import { describe, expect, it } from 'vitest';
import indexConfig from '../../../../../firestore.indexes.json';
import {
  FEED_ORDER,
  FOLLOW_FIELDS,
  LAST_VISIT_PREFIX,
  decodeCursor,
  encodeCursor,
  feedFilters,
  feedPlace,
  isNew,
  readLastVisit,
  toFeedItem,
  writeLastVisit,
} from './feed-model';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('the Following feed model', () => {
  it('holds one `in` filter per kind followed, names sorted and once, no empty filter', () => {
    expect(
      feedFilters([
        { kind: 'course', name: 'MBA' },
        { kind: 'college', name: 'Ridge University' },
        { kind: 'course', name: 'BBA' },
        { kind: 'course', name: 'BBA' },
      ]),
    ).toEqual([
      { field: 'courseName', names: ['BBA', 'MBA'] },
      { field: 'collegeName', names: ['Ridge University'] },
    ]);
    expect(feedFilters([{ kind: 'subject', name: 'Algebra' }])).toEqual([
      { field: 'subjectName', names: ['Algebra'] },
    ]);
    expect(feedFilters([])).toEqual([]);
  });

  it('maps a note to an item (its approval time, not its upload time), with N/A for a missing place', () => {
    const approvedAt = new Date('2026-11-25T10:00:00Z');
    const item = toFeedItem('n1', {
      title: 'Ledgers',
      subjectName: 'Accounting',
      courseName: 'BBA',
      createdAt: { toDate: () => new Date('2026-11-18T10:00:00Z') },
      approvedAt: { toDate: () => approvedAt },
    });
    expect(item).toEqual({
      id: 'n1',
      title: 'Ledgers',
      subjectName: 'Accounting',
      courseName: 'BBA',
      collegeName: null,
      approvedAt,
    });
    expect(feedPlace(item)).toBe('Accounting · BBA · N/A');
    expect(toFeedItem('n2', {}).title).toBe('Untitled note');
  });

  it('round-trips a cursor and refuses anything else', () => {
    expect(decodeCursor(encodeCursor(1_700_000_000, 123_456_000, 'note/1'))).toEqual({
      seconds: 1_700_000_000,
      nanoseconds: 123_456_000,
      id: 'note/1',
    });
    expect(decodeCursor('not json')).toBeNull();
    expect(decodeCursor('[1,2]')).toBeNull();
    expect(decodeCursor('[1,"2","x"]')).toBeNull();
  });

  it('keeps the last visit per reader, and marks as New what is newer (all on a first visit)', () => {
    const storage = memoryStorage();
    expect(readLastVisit(storage, 'u1')).toBeNull();
    const visit = new Date('2026-11-25T12:00:00Z');
    writeLastVisit(storage, 'u1', visit);
    expect(storage.data.get(`${LAST_VISIT_PREFIX}u1`)).toBe(String(visit.getTime()));
    expect(readLastVisit(storage, 'u1')).toEqual(visit);
    expect(readLastVisit(storage, 'u2')).toBeNull();
    storage.setItem(`${LAST_VISIT_PREFIX}u3`, 'garbage');
    expect(readLastVisit(storage, 'u3')).toBeNull();
    expect(readLastVisit(null, 'u1')).toBeNull();

    const at = (approved: string | null, created = '2026-11-01T00:00:00Z') =>
      toFeedItem('n', {
        createdAt: { toDate: () => new Date(created) },
        ...(approved === null ? {} : { approvedAt: { toDate: () => new Date(approved) } }),
      });
    expect(isNew(at('2026-11-25T12:00:01Z'), visit)).toBe(true);
    expect(isNew(at('2026-11-25T12:00:00Z'), visit)).toBe(false);
    expect(isNew(at(null), visit)).toBe(false);
    expect(isNew(at('2020-01-01T00:00:00Z'), null)).toBe(true);
    // Uploaded a week before the last visit, approved since: new (the upload time plays no part).
    expect(isNew(at('2026-11-25T13:00:00Z', '2026-11-18T00:00:00Z'), visit)).toBe(true);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLastVisit(broken, 'u1')).toBeNull();
    expect(() => writeLastVisit(broken, 'u1', new Date())).not.toThrow();
  });

  it('has an index for each part of the feed query (the emulator does not ask for one)', () => {
    // An `in` over several fields runs as one equality query per field and name, each served by
    // `approved, <field>, <order> desc`; without it, production refuses the feed.
    const fields = (indexConfig.indexes as Array<{ collectionGroup: string; fields: unknown[] }>)
      .filter((i) => i.collectionGroup === 'notes')
      .map((i) => JSON.stringify(i.fields));
    for (const field of Object.values(FOLLOW_FIELDS))
      expect(fields).toContain(
        JSON.stringify([
          { fieldPath: 'approved', order: 'ASCENDING' },
          { fieldPath: field, order: 'ASCENDING' },
          { fieldPath: FEED_ORDER, order: 'DESCENDING' },
        ]),
      );
  });
});
