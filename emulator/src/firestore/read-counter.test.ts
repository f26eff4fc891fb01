import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../server.js';
import { ReadCounter, aggregationReads, queryReads } from './read-counter.js';

describe('ReadCounter', () => {
  it('counts per database, reports and resets per project', () => {
    const c = new ReadCounter();
    c.add('projects/a/databases/(default)', 2);
    c.add('projects/a/databases/other', 3);
    c.add('projects/b/databases/(default)', 5);
    expect(c.get('a')).toEqual({ total: 5, databases: { '(default)': 2, other: 3 } });
    c.reset('a');
    expect(c.get('a')).toEqual({ total: 0, databases: {} });
    expect(c.get('b').total).toBe(5);
  });

  it('bills empty queries and aggregations one read, aggregations per 1,000 entries', () => {
    expect(queryReads(0)).toBe(1);
    expect(queryReads(7)).toBe(7);
    expect(aggregationReads(0)).toBe(1);
    expect(aggregationReads(1000)).toBe(1);
    expect(aggregationReads(1001)).toBe(2);
  });
});

describe('reads endpoint (GET/DELETE /emulator/v1/projects/{p}/reads)', () => {
  const ALLOW_READS =
    "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents {" +
    ' match /open/{d} { allow read, write: if true; } match /closed/{d} { allow write: if true; } } }';
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  let base: string;
  const docs = (p: string) => `${base}/v1/projects/${p}/databases/(default)/documents`;
  const reads = async (p: string) =>
    (await (await fetch(`${base}/emulator/v1/projects/${p}/reads`)).json()) as {
      total: number;
      databases: Record<string, number>;
    };
  const post = (url: string, body: object) =>
    fetch(url, { method: 'POST', body: JSON.stringify(body) });

  beforeAll(async () => {
    emu = await startEmulator({ firestore: { port: 0 } });
    base = `http://127.0.0.1:${emu.firestore!.port}`;
    emu.engine.setRules('p1', [{ content: ALLOW_READS }]);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${docs('p1')}/open/d${i}`, {
        method: 'PATCH',
        body: JSON.stringify({ fields: { n: { integerValue: String(i) } } }),
      });
      expect(res.status).toBe(200);
    }
    await fetch(`${docs('p1')}/closed/x`, { method: 'PATCH', body: '{"fields":{}}' });
  });
  afterAll(() => emu?.stop());

  it('counts lookups, query results and empty queries; writes are not reads', async () => {
    await fetch(`${base}/emulator/v1/projects/p1/reads`, { method: 'DELETE' });
    expect(await reads('p1')).toEqual({ total: 0, databases: {} });

    expect((await fetch(`${docs('p1')}/open/d1`)).status).toBe(200);
    expect((await fetch(`${docs('p1')}/open/missing`)).status).toBe(404);
    expect((await reads('p1')).total).toBe(2);

    const query = (where?: object) =>
      post(`${docs('p1')}:runQuery`, {
        structuredQuery: { from: [{ collectionId: 'open' }], ...(where ? { where } : {}) },
      });
    expect((await query()).status).toBe(200);
    expect((await reads('p1')).total).toBe(5);
    const none = {
      fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value: { integerValue: '9' } },
    };
    expect((await query(none)).status).toBe(200);
    expect(await reads('p1')).toEqual({ total: 6, databases: { '(default)': 6 } });

    // Refused by the rules: not billed.
    expect((await fetch(`${docs('p1')}/closed/x`)).status).toBe(403);
    expect((await reads('p1')).total).toBe(6);

    // Another project's counter is separate.
    expect((await reads('p2')).total).toBe(0);
    await fetch(`${base}/emulator/v1/projects/p1/reads`, { method: 'DELETE' });
    expect((await reads('p1')).total).toBe(0);
  });
});
