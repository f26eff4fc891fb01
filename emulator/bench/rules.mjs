// Security Rules figures: evaluations per second of a notes-sharing ruleset (functions, get(),
// request.resource.data validation, diff().affectedKeys().hasOnly(), a list proven from query
// filters) through the rules library itself (dist/rules: compileRules + evaluateRules), with a
// mix of get / list / create / update requests built the way src/firestore/rules-authorizer.ts
// builds them: request maps per evaluation, document resources built once (that adapter caches
// them per stored document), a fresh access budget per request.
import { now } from './lib.mjs';
import {
  AccessBudget,
  ANY_ONE,
  compileRules,
  evaluateRules,
  factsFromQuery,
  fromJs,
  RMap,
  RPath,
  RTimestamp,
} from '../dist/rules/index.js';

export const NOTES_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function me() { return request.auth.uid; }
    function notebook(nb) { return get(/databases/$(database)/documents/notebooks/$(nb)).data; }
    function role(nb) { return notebook(nb).roles.get(me(), null); }
    function canRead(nb) { return signedIn() && role(nb) in ['owner', 'editor', 'viewer']; }
    function canEdit(nb) { return signedIn() && role(nb) in ['owner', 'editor']; }
    function validNote(d) {
      return d.keys().hasAll(['title', 'body', 'author', 'updatedAt'])
        && d.keys().hasOnly(['title', 'body', 'author', 'updatedAt', 'tags', 'pinned'])
        && d.title is string && d.title.size() > 0 && d.title.size() <= 200
        && d.body is string && d.body.size() <= 100000
        && d.updatedAt == request.time
        && (!('tags' in d) || (d.tags is list && d.tags.size() <= 20))
        && (!('pinned' in d) || d.pinned is bool);
    }

    match /notebooks/{nb} {
      allow get: if canRead(nb);
      allow list: if signedIn() && me() in resource.data.members;
      allow create: if signedIn() && request.resource.data.roles[me()] == 'owner';
      allow update: if role(nb) == 'owner'
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'roles', 'members']);

      match /notes/{noteId} {
        allow get: if canRead(nb);
        allow list: if canRead(nb) && request.query.limit <= 50;
        allow create: if canEdit(nb) && validNote(request.resource.data)
          && request.resource.data.author == me();
        allow update: if canEdit(nb) && validNote(request.resource.data)
          && request.resource.data.author == resource.data.author
          && request.resource.data.diff(resource.data).affectedKeys()
               .hasOnly(['title', 'body', 'updatedAt', 'tags', 'pinned']);
        allow delete: if role(nb) == 'owner' || resource.data.author == me();
      }
    }
  }
}`;

const DB = ['databases', '(default)', 'documents'];
const resourceOf = (segs, data) =>
  RMap.of({ data: fromJs(data), id: segs.at(-1), __name__: new RPath(segs) });
const auth = (uid) =>
  uid ? RMap.of({ uid, token: fromJs({ email: `${uid}@example.com` }) }) : null;

/** The request mix: each case says whether the ruleset should grant it (checked once, up front). */
function cases(time) {
  const notebooks = new Map();
  for (let i = 0; i < 20; i++) {
    const segs = [...DB, 'notebooks', `nb${i}`];
    notebooks.set(
      new RPath(segs).toString(),
      resourceOf(segs, {
        title: `notebook ${i}`,
        roles: { alice: 'owner', bob: i % 2 ? 'editor' : 'viewer', carol: 'viewer' },
        members: ['alice', 'bob', 'carol'],
      }),
    );
  }
  const services = { get: (p) => notebooks.get(p.toString()) ?? null };
  const noteSegs = (nb, id) => [...DB, 'notebooks', nb, 'notes', id];
  const noteData = (author, extra = {}) => ({
    title: 'Groceries',
    body: 'milk, eggs, '.repeat(20),
    author,
    updatedAt: new Date(Number(time.ns / 1_000_000n) - 60_000),
    tags: ['home', 'list'],
    ...extra,
  });
  const existing = (nb, id, author) => resourceOf(noteSegs(nb, id), noteData(author));
  const stored = {
    a1: existing('nb1', 'n1', 'bob'),
    a2: existing('nb2', 'n2', 'alice'),
    a3: existing('nb3', 'n3', 'bob'),
  };
  const written = (segs, data) => RMap.of({ data: fromJs({ ...data, updatedAt: time }) });

  const get = (who, nb, id, resource, want) => ({
    name: `get ${who}`,
    want,
    build: () => {
      const segs = noteSegs(nb, id);
      return {
        service: 'cloud.firestore',
        path: segs,
        method: 'get',
        request: RMap.of({ auth: auth(who), method: 'get', path: new RPath(segs), time }),
        resource,
        services,
        budget: new AccessBudget(10),
      };
    },
  });
  const list = (who, nb, limit, want) => ({
    name: `list ${who}`,
    want,
    build: () => {
      const coll = [...DB, 'notebooks', nb, 'notes'];
      const query = new Map([['orderBy', RMap.of({ updatedAt: 'DESC' })]]);
      if (limit !== undefined) query.set('limit', BigInt(limit));
      return {
        service: 'cloud.firestore',
        path: [...coll, ANY_ONE],
        method: 'list',
        request: RMap.of({
          auth: auth(who),
          method: 'list',
          path: new RPath(coll),
          time,
          query: new RMap(query),
        }),
        resource: null,
        cases: factsFromQuery({ orderBy: [['updatedAt']] }),
        services,
        budget: new AccessBudget(10),
      };
    },
  });
  const listNotebooks = (who, want) => ({
    name: `list notebooks ${who}`,
    want,
    build: () => {
      const coll = [...DB, 'notebooks'];
      return {
        service: 'cloud.firestore',
        path: [...coll, ANY_ONE],
        method: 'list',
        request: RMap.of({
          auth: auth(who),
          method: 'list',
          path: new RPath(coll),
          time,
          query: RMap.of({ orderBy: RMap.of({}) }),
        }),
        resource: null,
        cases: factsFromQuery({
          filter: { op: 'array-contains', field: ['members'], value: who },
          orderBy: [],
        }),
        services,
        budget: new AccessBudget(10),
      };
    },
  });
  const write = (method, who, nb, id, before, data, want) => ({
    name: `${method} ${who}`,
    want,
    build: () => {
      const segs = noteSegs(nb, id);
      return {
        service: 'cloud.firestore',
        path: segs,
        method,
        request: RMap.of({
          auth: auth(who),
          method,
          path: new RPath(segs),
          time,
          resource: written(segs, data),
        }),
        resource: before,
        services,
        budget: new AccessBudget(10),
      };
    },
  });
  return [
    get('bob', 'nb1', 'n1', stored.a1, true),
    get('carol', 'nb2', 'n2', stored.a2, true),
    get('mallory', 'nb1', 'n1', stored.a1, false),
    list('carol', 'nb4', 24, true),
    list('carol', 'nb4', undefined, false), // no limit: `request.query.limit <= 50` errors
    listNotebooks('bob', true),
    write('create', 'bob', 'nb1', 'new1', null, noteData('bob'), true),
    write('create', 'carol', 'nb1', 'new2', null, noteData('carol'), false), // viewer
    write('create', 'bob', 'nb3', 'new3', null, noteData('bob', { secret: 1 }), false), // extra key
    write('update', 'bob', 'nb1', 'n1', stored.a1, noteData('bob', { body: 'edited' }), true),
    write('update', 'alice', 'nb2', 'n2', stored.a2, noteData('alice', { pinned: true }), true),
    write('update', 'bob', 'nb3', 'n3', stored.a3, noteData('alice'), false), // author changed
  ];
}

export async function rulesBench() {
  const time = RTimestamp.fromMillis(Date.now());
  let t0 = now();
  const rs = compileRules(NOTES_RULES);
  const compileMs = now() - t0;
  const mix = cases(time);
  for (const c of mix) {
    const d = evaluateRules(rs, c.build());
    if (d.allowed !== c.want)
      throw new Error(`rules bench: ${c.name} expected ${c.want}, got ${d.allowed}: ${d.message}`);
  }
  const run = (ms) => {
    let n = 0;
    let allowed = 0;
    const start = now();
    while (now() - start < ms) {
      for (const c of mix) if (evaluateRules(rs, c.build()).allowed) allowed++;
      n += mix.length;
    }
    return { n, allowed, ms: now() - start };
  };
  run(500); // warm-up (JIT)
  const r = run(3000);
  const gets = mix.filter((c) => c.name.startsWith('get')).length;
  const lists = mix.filter((c) => c.name.startsWith('list')).length;
  console.log(
    `rules: ${Math.round((r.n / r.ms) * 1000).toLocaleString('en-US')} evaluations/s over a mix of ${mix.length} ` +
      `(${gets} get, ${lists} list, ${mix.length - gets - lists} create/update; ` +
      `${Math.round((100 * r.allowed) / r.n)}% allowed) on a notes-sharing ruleset; compile ${compileMs.toFixed(1)} ms`,
  );
}
