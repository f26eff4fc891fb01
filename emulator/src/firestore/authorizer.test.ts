import { describe, expect, it } from 'vitest';
import type { AuthorizedWrite, CallContext, FirestoreAuthorizer } from './authorizer.js';
import { allowAllAuthorizer } from './authorizer.js';
import { FirestoreEngine } from './engine.js';
import type { Document } from './types.js';

const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;
const user: CallContext = { admin: false, auth: { uid: 'u', token: {} } };
const admin: CallContext = { admin: true, auth: null };

/** Records what the engine asks; denies writes to `locked/*`. */
function recorder() {
  const log: string[] = [];
  let lastWrites:
    | { writes: AuthorizedWrite[]; before: (Document | null)[]; after: (Document | null)[] }
    | undefined;
  const a: FirestoreAuthorizer = {
    authorizeGet(r) {
      log.push(`get ${r.path.slice(ROOT.length + 1)} ${r.resource ? 'exists' : 'missing'}`);
      return null;
    },
    authorizeQuery(r) {
      log.push(`query ${JSON.stringify(r.structuredQuery)} ${r.resultPaths?.length}`);
      return null;
    },
    authorizeWrites(r) {
      log.push(
        `writes ${r.writes.map((w) => `${w.kind}:${w.path.slice(ROOT.length + 1)}`).join(',')}`,
      );
      lastWrites = {
        writes: r.writes,
        before: [
          r.lookupBefore('/databases/(default)/documents/c/a'),
          r.lookupBefore(`${ROOT}/c/b`),
        ],
        after: [r.lookupAfter('/databases/(default)/documents/c/a'), r.lookupAfter(`${ROOT}/c/b`)],
      };
      return r.writes.some((w) => w.path.includes('/locked/')) ? 'denied by test' : null;
    },
  };
  return { a, log, last: () => lastWrites! };
}

describe('authorization points', () => {
  it('passes the whole batch once, with before/after lookups', async () => {
    const r = recorder();
    const e = new FirestoreEngine({ authorizer: r.a });
    await e.commit(user, {
      database: DB,
      writes: [{ update: { name: `${ROOT}/c/a`, fields: { v: { integerValue: '1' } } } }],
    });
    await e.commit(user, {
      database: DB,
      writes: [
        { update: { name: `${ROOT}/c/a`, fields: { v: { integerValue: '2' } } } },
        { update: { name: `${ROOT}/c/b`, fields: {} } },
        { delete: `${ROOT}/c/zz` },
      ],
    });
    expect(r.log).toEqual(['writes create:c/a', 'writes update:c/a,create:c/b,delete:c/zz']);
    const l = r.last();
    expect(l.before.map((d) => d?.fields)).toEqual([{ v: { integerValue: '1' } }, undefined]);
    expect(l.after.map((d) => d?.fields)).toEqual([{ v: { integerValue: '2' } }, {}]);
    expect(l.writes[0].before?.fields).toEqual({ v: { integerValue: '1' } });
    expect(l.writes[0].after?.fields).toEqual({ v: { integerValue: '2' } });
  });

  it('a denied write rejects the whole commit with PERMISSION_DENIED', async () => {
    const r = recorder();
    const e = new FirestoreEngine({ authorizer: r.a });
    const err = await e
      .commit(user, {
        database: DB,
        writes: [
          { update: { name: `${ROOT}/c/ok`, fields: {} } },
          { update: { name: `${ROOT}/locked/x`, fields: {} } },
        ],
      })
      .catch((x) => x);
    expect([err.code, err.message]).toEqual([7, 'denied by test']);
    await expect(e.getDocument(admin, { name: `${ROOT}/c/ok` })).rejects.toMatchObject({ code: 5 });
  });

  it('asks for gets (before NOT_FOUND) and queries; admin skips the authorizer', async () => {
    const r = recorder();
    const e = new FirestoreEngine({ authorizer: r.a });
    await e.commit(admin, {
      database: DB,
      writes: [{ update: { name: `${ROOT}/c/a`, fields: {} } }],
    });
    await e.getDocument(user, { name: `${ROOT}/c/a` });
    await e.getDocument(user, { name: `${ROOT}/c/nope` }).catch(() => {});
    await e.batchGetDocuments(user, { database: DB, documents: [`${ROOT}/c/a`] });
    await e.runQuery(user, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } });
    await e.runAggregationQuery(user, {
      parent: ROOT,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'c' }] },
        aggregations: [{ count: {} }],
      },
    });
    await e.getDocument(admin, { name: `${ROOT}/c/a` });
    expect(r.log).toEqual([
      'get c/a exists',
      'get c/nope missing',
      'get c/a exists',
      'query {"from":[{"collectionId":"c"}]} 1',
      'query {"from":[{"collectionId":"c"}]} 1',
    ]);
  });

  it('verify writes are authorized as reads', async () => {
    const r = recorder();
    const e = new FirestoreEngine({ authorizer: r.a });
    await e.commit(admin, {
      database: DB,
      writes: [{ update: { name: `${ROOT}/c/a`, fields: {} } }],
    });
    r.log.length = 0;
    await e.commit(user, {
      database: DB,
      writes: [
        { verify: `${ROOT}/c/a`, currentDocument: { exists: true } },
        { update: { name: `${ROOT}/c/b`, fields: {} } },
      ],
    });
    expect(r.log).toEqual(['get c/a exists', 'writes create:c/b']);
  });

  it('the default allow-all authorizer allows everything', () => {
    expect(allowAllAuthorizer.authorizeWrites({} as never)).toBeNull();
  });

  it('forwards rules to the authorizer and keeps the source', () => {
    const seen: string[] = [];
    const e = new FirestoreEngine({
      authorizer: { ...allowAllAuthorizer, setRules: (p, f) => seen.push(`${p}:${f[0].content}`) },
    });
    e.setRules('p', [{ content: 'rules_version' }]);
    expect(seen).toEqual(['p:rules_version']);
    expect(e.getRules('p')).toEqual([{ content: 'rules_version' }]);
  });

  it('invalid rules fail INVALID_ARGUMENT and keep the previous ones', () => {
    const e = new FirestoreEngine();
    e.setRules('p', [{ content: "rules_version = '2'; service cloud.firestore { }" }]);
    expect(() => e.setRules('p', [{ content: 'service cloud.firestore { match' }])).toThrow(
      expect.objectContaining({ code: 3 }),
    );
    expect(e.getRules('p')).toEqual([
      { content: "rules_version = '2'; service cloud.firestore { }" },
    ]);
  });

  it('with the default rules authorizer, loaded rules are enforced', async () => {
    const e = new FirestoreEngine();
    e.setRules('p', [
      {
        content: `rules_version = '2';
service cloud.firestore { match /databases/{db}/documents { match /c/{id} { allow read: if true; allow write: if request.auth != null && request.auth.uid == id; } } }`,
      },
    ]);
    await e.commit(user, {
      database: DB,
      writes: [{ update: { name: `${ROOT}/c/u`, fields: {} } }],
    });
    await expect(
      e.commit(user, {
        database: DB,
        writes: [{ update: { name: `${ROOT}/c/other`, fields: {} } }],
      }),
    ).rejects.toMatchObject({ code: 7 });
  });
});
