import { describe, expect, it } from 'vitest';
import type { CallContext } from './authorizer.js';
import { FirestoreEngine } from './engine.js';

const admin: CallContext = { admin: true, auth: null };

describe('export / import', () => {
  it('round-trips every project and database through JSON, keeping times', async () => {
    const a = new FirestoreEngine();
    const w1 = await a.commit(admin, {
      database: 'projects/p/databases/(default)',
      writes: [
        {
          update: {
            name: 'projects/p/databases/(default)/documents/c/x',
            fields: { n: { doubleValue: NaN }, i: { integerValue: '9223372036854775807' } },
          },
        },
        { update: { name: 'projects/p/databases/(default)/documents/c/x/sub/y', fields: {} } },
      ],
    });
    await a.commit(admin, {
      database: 'projects/q/databases/other',
      writes: [{ update: { name: 'projects/q/databases/other/documents/k/v', fields: {} } }],
    });
    const exported = a.exportData();
    const data = JSON.parse(JSON.stringify(exported));
    expect(data.databases[0].documents[0].fields.n).toEqual({ doubleValue: 'NaN' });

    const b = new FirestoreEngine();
    b.importData(data);
    const x = await b.getDocument(admin, { name: 'projects/p/databases/(default)/documents/c/x' });
    expect(x.createTime).toBe(w1.commitTime);
    expect(x.updateTime).toBe(w1.commitTime);
    expect(x.fields!.n.doubleValue).toBeNaN();
    expect(x.fields!.i).toEqual({ integerValue: '9223372036854775807' });
    expect(
      (await b.getDocument(admin, { name: 'projects/q/databases/other/documents/k/v' })).name,
    ).toContain('k/v');
    expect(
      b.exportData().databases.map((d) => [d.projectId, d.databaseId, d.documents.length]),
    ).toEqual([
      ['p', '(default)', 2],
      ['q', 'other', 1],
    ]);
    // later commits are newer than anything imported
    const w2 = await b.commit(admin, {
      database: 'projects/p/databases/(default)',
      writes: [{ delete: 'projects/p/databases/(default)/documents/c/x' }],
    });
    expect(Date.parse(w2.commitTime) >= Date.parse(w1.commitTime)).toBe(true);
  });

  it('rejects unknown formats', () => {
    expect(() => new FirestoreEngine().importData({ version: 2 } as never)).toThrow(/version 1/);
  });
});
