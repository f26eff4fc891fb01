import { describe, expect, it } from 'vitest';
import type { AuthzRequest } from './authorizer.js';
import { authorizeStorage, parseFieldPath, RulesAuthorizer } from './rules-authorizer.js';
import type { Document, Filter, StructuredQuery, Value } from './types.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function isOwner(uid) { return signedIn() && request.auth.uid == uid; }
    match /users/{userId} {
      allow get: if isOwner(userId);
      allow list: if false;
      allow create: if isOwner(userId) && request.resource.data.keys().hasOnly(['name', 'age']);
      allow update: if isOwner(userId) && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
      allow delete: if isOwner(userId) && get(/databases/$(database)/documents/admins/$(request.auth.uid)).data.on == true;
    }
    match /stories/{storyId} {
      allow list: if resource.data.published == true || resource.data.author == request.auth.uid;
      allow get: if resource.data.published == true;
    }
    match /posts/{postId} {
      allow list: if request.query.limit <= 10 && resource.data.score > 5;
    }
    match /rooms/{roomId} {
      allow get: if request.auth.uid in resource.data.members;
      allow list: if resource.data.visibility in ['public', 'shared'];
    }
    match /{path=**}/comments/{commentId} {
      allow read: if resource.data.public == true;
    }
    match /counters/{id} {
      allow create: if getAfter(/databases/$(database)/documents/index/$(id)).data.ok == true;
    }
    match /index/{id} {
      allow create: if existsAfter(/databases/$(database)/documents/counters/$(id));
    }
    match /errs/{id} {
      allow get: if resource.data.missing == 1;
      allow get: if false;
    }
    match /ordered/{id} {
      allow list: if request.query.orderBy.rank == 'DESC' && request.query.offset == 0;
    }
    match /lots/{id} {
      allow get: if exists(/databases/$(database)/documents/a/1) || exists(/databases/$(database)/documents/a/2)
        || exists(/databases/$(database)/documents/a/3) || exists(/databases/$(database)/documents/a/4)
        || exists(/databases/$(database)/documents/a/5) || exists(/databases/$(database)/documents/a/6)
        || exists(/databases/$(database)/documents/a/7) || exists(/databases/$(database)/documents/a/8)
        || exists(/databases/$(database)/documents/a/9) || exists(/databases/$(database)/documents/a/10)
        || exists(/databases/$(database)/documents/a/11) || true || true;
    }
    match /tags/{id} {
      allow list: if 'owner' in resource.data && resource.data.tags is list && 'x' in resource.data.tags;
    }
    match /ranges/{id} {
      allow list: if resource.data.age >= 18 && resource.data.age != 17;
    }
  }
}`;

const DB = 'projects/p/databases/(default)/documents';

function js(v: unknown): Value {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(js) } };
  return {
    mapValue: {
      fields: Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, js(x)])),
    },
  };
}

function doc(path: string, data: Record<string, unknown>): Document {
  return { name: `${DB}/${path}`, fields: js(data).mapValue!.fields };
}

function base(
  uid: string | null,
  before: Document[] = [],
  after: Document[] = before,
): AuthzRequest {
  const find = (docs: Document[]) => (p: string) => {
    const rel = p
      .replace(/^\/?databases\/[^/]+\/documents\//, '')
      .replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
    return docs.find((d) => d.name === `${DB}/${rel}`) ?? null;
  };
  return {
    projectId: 'p',
    databaseId: '(default)',
    ctx: {
      admin: false,
      auth: uid ? { uid, token: { email: `${uid}@x.com`, email_verified: true } } : null,
    },
    time: '2026-11-21T10:00:00.123456Z',
    lookupBefore: find(before),
    lookupAfter: find(after),
  };
}

const authz = new RulesAuthorizer({ log: () => {} });
authz.setRules('p', [{ content: RULES }]);

function get(
  uid: string | null,
  d: Document | null,
  path = d?.name ?? '',
  others: Document[] = [],
) {
  return authz.authorizeGet({ ...base(uid, others), path, resource: d });
}

function eq(field: string, value: unknown): Filter {
  return { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: js(value) } };
}
function ff(field: string, op: string, value: unknown): Filter {
  return { fieldFilter: { field: { fieldPath: field }, op, value: js(value) } };
}
function and(...filters: Filter[]): Filter {
  return { compositeFilter: { op: 'AND', filters } };
}
function or(...filters: Filter[]): Filter {
  return { compositeFilter: { op: 'OR', filters } };
}

function list(
  uid: string | null,
  coll: string,
  q: Partial<StructuredQuery> = {},
  allDescendants = false,
  parent = DB,
) {
  const structuredQuery: StructuredQuery = { from: [{ collectionId: coll, allDescendants }], ...q };
  return authz.authorizeQuery({ ...base(uid), parent, structuredQuery });
}

describe('RulesAuthorizer: single-document reads', () => {
  it('get: owner allowed / other user denied / signed out denied', () => {
    const d = doc('users/alice', { name: 'A' });
    expect(get('alice', d)).toBeNull();
    expect(get('bob', d)).toBe("\nfalse for 'get' @ L7");
    expect(get(null, d)).toBe("\nfalse for 'get' @ L7");
  });

  it('get of a missing document: resource is null (Null value error)', () => {
    expect(get('x', doc('stories/s1', { published: true }))).toBeNull();
    expect(get('x', null, `${DB}/stories/s1`)).toBe("\nNull value error. for 'get' @ L15");
  });

  it('errors and false are both reported, in order', () => {
    expect(get('x', doc('errs/1', { missing: 1 }))).toBeNull();
    expect(get('x', doc('errs/1', { other: 1 }))).toBe(
      "\nProperty missing is undefined on object. for 'get' @ L34, false for 'get' @ L35",
    );
  });

  it('no matching allow statement', () => {
    expect(get('x', doc('nowhere/1', {}))).toBe('\nNo matching allow statements');
    // 'list' only on /users: a get through `read` does not exist there.
    expect(get('x', doc('posts/1', { score: 10 }))).toBe('\nNo matching allow statements');
  });

  it('more than 10 distinct document lookups deny the request', () => {
    const d = doc('lots/1', {});
    const err = get('x', d);
    expect(err).toMatch(/^\nevaluation error at L\d+:\d+ for 'get' @ L41$/);
  });

  it('`in` on a list field from the document', () => {
    expect(get('u1', doc('rooms/r', { members: ['u1', 'u2'] }))).toBeNull();
    expect(get('u3', doc('rooms/r', { members: ['u1', 'u2'] }))).not.toBeNull();
  });

  it('without rules for a project everything is allowed; parse errors keep old rules', () => {
    const a = new RulesAuthorizer();
    expect(
      a.authorizeGet({ ...base(null), projectId: 'other', path: `${DB}/x/y`, resource: null }),
    ).toBeNull();
    a.setRules('q', [
      {
        content:
          'service cloud.firestore { match /databases/{d}/documents/{x=**} { allow read: if false; } }',
      },
    ]);
    expect(() => a.setRules('q', [{ content: 'service cloud.firestore { match' }])).toThrow(
      /L1:\d+/,
    );
    expect(
      a.authorizeGet({ ...base(null), projectId: 'q', path: `${DB}/x/y`, resource: null }),
    ).toBe("\nfalse for 'get' @ L1");
  });
});

describe('RulesAuthorizer: writes', () => {
  const w = (
    uid: string | null,
    writes: Parameters<RulesAuthorizer['authorizeWrites']>[0]['writes'],
    before: Document[] = [],
    after: Document[] = [],
  ) => authz.authorizeWrites({ ...base(uid, before, after), writes });

  it('create: hasOnly on keys', () => {
    const ok = doc('users/alice', { name: 'A', age: 3 });
    const bad = doc('users/alice', { name: 'A', admin: true });
    expect(w('alice', [{ path: ok.name, kind: 'create', before: null, after: ok }])).toBeNull();
    expect(w('alice', [{ path: bad.name, kind: 'create', before: null, after: bad }])).toBe(
      "\nfalse for 'create' @ L9",
    );
  });

  it('update: diff().affectedKeys() sees the merged document', () => {
    const before = doc('users/alice', { name: 'A', age: 3 });
    const rename = doc('users/alice', { name: 'B', age: 3 });
    const birthday = doc('users/alice', { name: 'A', age: 4 });
    expect(w('alice', [{ path: before.name, kind: 'update', before, after: rename }])).toBeNull();
    expect(w('alice', [{ path: before.name, kind: 'update', before, after: birthday }])).toBe(
      "\nfalse for 'update' @ L10",
    );
  });

  it('delete: get() of another document', () => {
    const d = doc('users/alice', { name: 'A' });
    const adminOn = doc('admins/alice', { on: true });
    const adminOff = doc('admins/alice', { on: false });
    expect(
      w('alice', [{ path: d.name, kind: 'delete', before: d, after: null }], [d, adminOn]),
    ).toBeNull();
    expect(
      w('alice', [{ path: d.name, kind: 'delete', before: d, after: null }], [d, adminOff]),
    ).toBe("\nfalse for 'delete' @ L11");
    expect(w('alice', [{ path: d.name, kind: 'delete', before: d, after: null }], [d])).toBe(
      "\nNull value error. for 'delete' @ L11",
    );
  });

  it('batch: getAfter/existsAfter see the whole batch', () => {
    const counter = doc('counters/c1', { n: 0 });
    const index = doc('index/c1', { ok: true });
    const badIndex = doc('index/c1', { ok: false });
    const both = [
      { path: counter.name, kind: 'create' as const, before: null, after: counter },
      { path: index.name, kind: 'create' as const, before: null, after: index },
    ];
    expect(w('u', both, [], [counter, index])).toBeNull();
    const bad = [both[0]!, { ...both[1]!, after: badIndex }];
    expect(w('u', bad, [], [counter, badIndex])).toBe("\nfalse for 'create' @ L28");
    // The counter alone: index does not exist after the batch.
    expect(w('u', [both[0]!], [], [counter])).toBe("\nNull value error. for 'create' @ L28");
  });
});

describe('RulesAuthorizer: queries (rules are not filters)', () => {
  it('equality filter on the rule field proves it', () => {
    expect(list('u', 'stories', { where: eq('published', true) })).toBeNull();
    expect(list('u', 'stories', { where: eq('published', false) })).toBe(
      "\nfalse for 'list' @ L14",
    );
    expect(list('u', 'stories')).toBe("\nfalse for 'list' @ L14");
  });

  it('equality with request.auth.uid', () => {
    expect(list('alice', 'stories', { where: eq('author', 'alice') })).toBeNull();
    expect(list('alice', 'stories', { where: eq('author', 'bob') })).not.toBeNull();
    expect(list(null, 'stories', { where: eq('author', 'alice') })).not.toBeNull();
  });

  it('rules never depend on existing data: a collection that allows nothing denies', () => {
    expect(list('alice', 'users', { where: eq('name', 'A') })).toBe("\nfalse for 'list' @ L8");
  });

  it('limit and inequality ranges', () => {
    expect(list('u', 'posts', { limit: 10, where: ff('score', 'GREATER_THAN', 5) })).toBeNull();
    expect(list('u', 'posts', { limit: 11, where: ff('score', 'GREATER_THAN', 5) })).not.toBeNull();
    expect(list('u', 'posts', { where: ff('score', 'GREATER_THAN', 5) })).not.toBeNull();
    expect(
      list('u', 'posts', { limit: 5, where: ff('score', 'GREATER_THAN_OR_EQUAL', 6) }),
    ).toBeNull();
    expect(
      list('u', 'posts', { limit: 5, where: ff('score', 'GREATER_THAN_OR_EQUAL', 5) }),
    ).not.toBeNull();
    expect(list('u', 'posts', { limit: 5, where: ff('score', 'LESS_THAN', 100) })).not.toBeNull();
    expect(list('u', 'posts', { limit: 5, where: eq('score', 7) })).toBeNull();
    expect(list('u', 'posts', { limit: { value: 5 }, where: eq('score', 5) })).not.toBeNull();
  });

  it('range implies inequality; != needs proof', () => {
    expect(list('u', 'ranges', { where: ff('age', 'GREATER_THAN_OR_EQUAL', 21) })).toBeNull();
    expect(list('u', 'ranges', { where: ff('age', 'GREATER_THAN_OR_EQUAL', 16) })).not.toBeNull();
  });

  it('in filters split into cases, each must be allowed', () => {
    expect(list('u', 'rooms', { where: ff('visibility', 'IN', ['public', 'shared']) })).toBeNull();
    expect(
      list('u', 'rooms', { where: ff('visibility', 'IN', ['public', 'private']) }),
    ).not.toBeNull();
    expect(list('u', 'rooms', { where: eq('visibility', 'public') })).toBeNull();
    expect(list('u', 'rooms', { where: ff('visibility', 'NOT_IN', ['private']) })).not.toBeNull();
  });

  it('OR queries: every branch must be allowed (possibly by different conditions)', () => {
    expect(
      list('alice', 'stories', { where: or(eq('published', true), eq('author', 'alice')) }),
    ).toBeNull();
    expect(
      list('alice', 'stories', { where: or(eq('published', true), eq('author', 'bob')) }),
    ).not.toBeNull();
    expect(
      list('alice', 'stories', { where: and(eq('published', true), eq('author', 'bob')) }),
    ).toBeNull();
  });

  it('array-contains and field existence from filters/orderBy', () => {
    const ord = [{ field: { fieldPath: 'owner' }, direction: 'ASCENDING' }];
    expect(
      list('u', 'tags', { where: ff('tags', 'ARRAY_CONTAINS', 'x'), orderBy: ord }),
    ).not.toBeNull(); // `is list` unprovable
  });

  it('request.query.orderBy and offset', () => {
    const desc = [{ field: { fieldPath: 'rank' }, direction: 'DESCENDING' }];
    const asc = [{ field: { fieldPath: 'rank' }, direction: 'ASCENDING' }];
    expect(list('u', 'ordered', { orderBy: desc, offset: 0 })).toBeNull();
    expect(list('u', 'ordered', { orderBy: asc, offset: 0 })).not.toBeNull();
    expect(list('u', 'ordered', { orderBy: desc })).not.toBeNull();
  });

  it('collection group queries need a recursive wildcard match', () => {
    expect(list('u', 'comments', { where: eq('public', true) }, true)).toBeNull();
    expect(list('u', 'comments', { where: eq('public', false) }, true)).not.toBeNull();
    expect(list('u', 'stories', { where: eq('published', true) }, true)).toBe(
      '\nNo matching allow statements',
    );
    expect(
      list('u', 'comments', { where: eq('public', true) }, false, `${DB}/stories/s1`),
    ).toBeNull();
  });

  it('__name__ equality pins the document path', () => {
    const name = { referenceValue: `${DB}/users/alice` };
    const q = (uid: string) =>
      authz.authorizeQuery({
        ...base(uid),
        parent: DB,
        structuredQuery: {
          from: [{ collectionId: 'users' }],
          where: { fieldFilter: { field: { fieldPath: '__name__' }, op: 'EQUAL', value: name } },
        },
      });
    expect(q('alice')).toBe("\nfalse for 'list' @ L8"); // list is false even for the owner
  });
});

describe('field paths', () => {
  it('parses dotted and backtick-quoted paths', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`x.y`.z')).toEqual(['x.y', 'z']);
    expect(parseFieldPath('`a\\`b`')).toEqual(['a`b']);
  });
});

describe('authorizeStorage', () => {
  const SRULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow write: if request.auth.uid == uid && request.resource.size < 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && firestore.get(/databases/(default)/documents/users/$(uid)).data.plan == 'pro';
      allow delete: if firestore.exists(/databases/(default)/documents/users/$(uid));
    }
    match /public/{name} {
      allow list: if true;
    }
  }
}`;
  const profile = doc('users/alice', { plan: 'pro' });
  const lookup = (_p: string, _d: string, path: string) =>
    path === 'users/alice' ? profile : null;
  const meta = (size: number, contentType: string) => ({
    name: 'users/alice/a.png',
    bucket: 'bkt',
    size,
    contentType,
    metadata: {},
  });
  const run = (
    uid: string | null,
    method: 'get' | 'create' | 'delete' | 'list',
    rr: ReturnType<typeof meta> | null,
    objectPath = 'users/alice/a.png',
  ) =>
    authorizeStorage({
      rules: SRULES,
      bucket: 'bkt',
      objectPath,
      method,
      auth: uid ? { uid, token: {} } : null,
      resource: null,
      requestResource: rr,
      firestore: { projectId: 'p', lookup },
    });

  it('read by owner / other', () => {
    expect(run('alice', 'get', null)).toBeNull();
    expect(run('bob', 'get', null)).toBe("\nfalse for 'get' @ L5");
  });
  it('create checks size, contentType and firestore.get()', () => {
    expect(run('alice', 'create', meta(100, 'image/png'))).toBeNull();
    expect(run('alice', 'create', meta(100, 'text/plain'))).toBe("\nfalse for 'create' @ L6");
    expect(run('alice', 'create', meta(2 * 1024 * 1024, 'image/png'))).toBe(
      "\nfalse for 'create' @ L6",
    );
  });
  it('firestore.exists() in delete', () => {
    expect(run('alice', 'delete', null)).toBeNull();
    expect(run('bob', 'delete', null, 'users/bob/a.png')).not.toBeNull();
  });
  it('list of a prefix with a trailing slash matches an empty last segment', () => {
    expect(run(null, 'list', null, 'public/')).toBeNull();
    expect(run(null, 'list', null, 'private/')).toBe('\nNo matching allow statements');
  });
});
