/**
 * Firestore index entries per note (issue 28, item 4). With `searchTerms` (up to 1,000 words and
 * their prefixes) and `titleTerms` in 32 composite indexes, a note with a real file cost 18,702
 * entries (1,000 terms, 40 title terms: measured with this counter on the indexes of 9261dc5),
 * close to Firestore's 40,000 per document, which is what capped the words a file could be found
 * by. Search now lives in PostgreSQL (functions/src/search), and a note costs a few dozen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexEntries, type IndexConfig } from '../../scripts/lib/index-entries.mjs';

const config = JSON.parse(
  readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8'),
) as IndexConfig;

/** Every field a note document has once its file is read (docs/data-model.md "notes"). */
const note = {
  title: 'Operating Systems: process scheduling',
  description: 'Round robin, priorities and the CFS scheduler, with worked examples.',
  collegeName: 'IIT Bombay',
  courseName: 'B.Tech',
  subjectName: 'Operating Systems',
  batch: '2024',
  semester: 5,
  fileUrl: 'https://example.test/file',
  fileName: 'os.pdf',
  filePath: 'notes/u1/n1/os.pdf',
  fileType: 'pdf',
  fileSize: 123456,
  uploaderName: 'aarav',
  uploaderId: 'u1',
  approved: true,
  likesCount: 3,
  downloadCount: 7,
  commentsCount: 1,
  createdAt: new Date(),
  updatedAt: new Date(),
  approvedAt: new Date(),
  fileStatus: 'ok',
  thumbnailUrl: 'https://example.test/thumb',
};

describe('index entries per note', () => {
  it('no index of notes holds search terms any more', () => {
    const fields = (config.indexes ?? [])
      .filter((i) => i.collectionGroup === 'notes')
      .flatMap((i) => i.fields.map((f) => f.fieldPath));
    expect(fields).not.toContain('searchTerms');
    expect(fields).not.toContain('titleTerms');
  });

  it('a note costs under 100 entries (was 18,702 with 1,000 search terms)', () => {
    const { single, composite, total } = indexEntries(config, 'notes', note);
    expect(single).toBe(2 * Object.keys(note).length);
    expect(total).toBe(single + composite);
    expect(total).toBeLessThan(100);
  });

  it('a text signature costs its 16 band keys, not its 128 minima (issue 30: exempt)', () => {
    const near = {
      noteId: 'n1',
      bands: Array.from({ length: 16 }, (_, i) => `${i}_0000000${i % 10}`),
      minhash: Array.from({ length: 128 }, (_, i) => i * 7919),
      createdAt: new Date(),
    };
    // noteId 2, bands 16 (array-contains, the LSH lookup), minhash none, createdAt 2.
    expect(indexEntries(config, 'nearHashes', near).total).toBe(20);
    // The file record holds the same signature, read by id only.
    const record = { minhash: near.minhash, sha256: 'a'.repeat(64) };
    expect(indexEntries(config, 'files', record).single).toBe(2);
  });

  it('counts an array-contains composite once per distinct element, and skips exempt fields', () => {
    const small: IndexConfig = {
      indexes: [
        {
          collectionGroup: 'c',
          fields: [
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
          ],
        },
        { collectionGroup: 'c', fields: [{ fieldPath: 'missing', order: 'ASCENDING' }] },
        { collectionGroup: 'other', fields: [{ fieldPath: 'a', order: 'ASCENDING' }] },
      ],
      fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'big', indexes: [] }],
    };
    const r = indexEntries(small, 'c', { a: 1, tags: ['x', 'y', 'x'], big: 'text', m: { k: 1 } });
    // a: 2, tags: 2 distinct, big: exempt, m.k: 2.
    expect(r.single).toBe(6);
    expect(r.byIndex).toEqual([
      { fields: 'a,tags', entries: 2 },
      { fields: 'missing', entries: 0 },
    ]);
    expect(r.total).toBe(8);
  });
});
