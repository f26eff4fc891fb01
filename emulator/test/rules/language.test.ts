/**
 * Rules language end to end: syntax forms, operators, the standard library, functions/let and
 * error semantics, each driven by a real create through @firebase/rules-unit-testing (web SDK
 * Node build). Every pair below is one allowed write and one denied write to a document of the
 * same collection whose data differs in ONE value, so the deny is aimed at the rule under test.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { startRulesHarness, type RulesHarness } from './harness.js';

// The compat namespace's merged typings do not resolve under NodeNext; the runtime objects are there.
const compat = (
  firebase as unknown as {
    firestore: {
      Timestamp: { fromDate(d: Date): unknown; fromMillis(ms: number): unknown };
      GeoPoint: new (lat: number, lng: number) => unknown;
      Blob: { fromUint8Array(a: Uint8Array): unknown };
      FieldValue: { delete(): unknown };
    };
  }
).firestore;

export const LANGUAGE_RULES = `rules_version = '2';
// A line comment before the service.
/* A block comment
   spanning lines. */
service cloud.firestore {
  match /databases/{database}/documents {
    function d() { return request.resource.data; }

    // ---- operators and syntax forms
    match /arith/{id} { allow create: if d().a + d().b * 2 == 7 && d().a - d().b == -2 && 7 / 2 == 3 && 7 % 3 == 1 && -d().a == -1; }
    match /floats/{id} { allow create: if d().x / 2 == 1.25 && d().x * 2 == 5.0; }
    match /compare/{id} { allow create: if d().n > 5 && d().n >= 6 && d().n < 10 && d().n <= 9 && d().n != 7 && 'abc' < 'abd'; }
    match /mixed/{id} { allow create: if d().n == 3.0 && d().n < 3.5; }
    match /logic/{id} { allow create: if (d().a || d().b) && !d().c; }
    match /ternary/{id} { allow create: if d().kind == 'big' ? d().n > 100 : d().n > 0; }
    match /inlist/{id} { allow create: if d().role in ['reader', 'writer']; }
    match /inmap/{id} { allow create: if 'k' in d().m; }
    match /types/{id} {
      allow create: if (d().t == 'string' && d().v is string)
        || (d().t == 'int' && d().v is int)
        || (d().t == 'float' && d().v is float)
        || (d().t == 'number' && d().v is number)
        || (d().t == 'bool' && d().v is bool)
        || (d().t == 'list' && d().v is list)
        || (d().t == 'map' && d().v is map)
        || (d().t == 'timestamp' && d().v is timestamp)
        || (d().t == 'latlng' && d().v is latlng)
        || (d().t == 'bytes' && d().v is bytes)
        || (d().t == 'path' && d().v is path)
        || (d().t == 'null' && d().v == null);
    }
    match /access/{id} { allow create: if d().m.a.b == 1 && d().m['a']['b'] == 1 && d().l[1] == 'y'; }
    match /listrange/{id} { allow create: if d().l[1:3] == ['b', 'c']; }
    match /strindex/{id} { allow create: if d().s[0] == 'h' && d().s[1:3] == 'el'; }

    // ---- strings and conversions
    match /strsize/{id} { allow create: if d().s.size() == 5; }
    match /regex/{id} { allow create: if d().email.matches('[a-z]+@example[.]com'); }
    match /split/{id} { allow create: if d().csv.split(',').size() == 3 && d().csv.split(',')[1] == 'b'; }
    match /case/{id} { allow create: if d().s.lower() == 'abc' && d().s.upper() == 'ABC'; }
    match /trim/{id} { allow create: if d().s.trim() == 'x'; }
    match /replace/{id} { allow create: if d().s.replace('-', '_') == 'a_b_c'; }
    match /utf8/{id} { allow create: if d().s.toUtf8().size() == 4 && d().s.size() == 2; }
    match /conv/{id} { allow create: if int(d().s) == 42 && float('1.5') == 1.5 && string(d().n) == '7' && bool('true') && int(2.9) == 2; }

    // ---- math
    match /math/{id} { allow create: if math.abs(d().n) == 3 && math.ceil(2.1) == 3 && math.floor(2.9) == 2 && math.round(2.5) == 3 && math.sqrt(16) == 4 && math.pow(2, 10) == 1024; }
    match /nan/{id} { allow create: if math.isNaN(d().x) && !math.isInfinite(d().x); }

    // ---- lists and sets
    match /hasall/{id} { allow create: if d().tags.hasAll(['a', 'b']); }
    match /hasany/{id} { allow create: if d().tags.hasAny(['x', 'y']); }
    match /hasonly/{id} { allow create: if d().tags.hasOnly(['a', 'b']); }
    match /join/{id} { allow create: if d().l.join('-') == 'a-b'; }
    match /concat/{id} { allow create: if d().l.concat(['z']) == ['a', 'z'] && d().l + ['z'] == ['a', 'z']; }
    match /removeall/{id} { allow create: if d().l.removeAll(['x']) == ['a']; }
    match /toset/{id} { allow create: if d().l.toSet() == ['a', 'b'].toSet() && d().l.toSet().size() == 2; }
    match /setops/{id} { allow create: if d().l.toSet().difference(['a'].toSet()) == ['b'].toSet() && d().l.toSet().intersection(['a', 'z'].toSet()) == ['a'].toSet() && d().l.toSet().union(['z'].toSet()).size() == 3; }

    // ---- maps
    match /keys/{id} { allow create: if d().keys().hasOnly(['a', 'b']) && d().size() == 2; }
    match /values/{id} { allow create: if d().m.values().hasAll([1, 2]); }
    match /getdefault/{id} { allow create: if d().get('opt', 'dflt') == 'dflt'; }
    match /getpath/{id} { allow create: if d().get(['m', 'n'], 0) == 5; }
    match /diff/{kind} {
      allow update: if (kind.matches('added.*') && d().diff(resource.data).addedKeys() == ['n'].toSet())
        || (kind.matches('removed.*') && d().diff(resource.data).removedKeys() == ['b'].toSet())
        || (kind.matches('changed.*') && d().diff(resource.data).changedKeys() == ['a'].toSet())
        || (kind.matches('unchanged.*') && d().diff(resource.data).unchangedKeys().hasAll(['b']))
        || (kind.matches('affected.*') && d().diff(resource.data).affectedKeys().hasOnly(['a', 'n']));
    }

    // ---- timestamp, duration, latlng, bytes, hashing, path, debug
    match /ts/{id} {
      allow create: if d().t > timestamp.date(2020, 1, 1) && d().t.year() == 2024 && d().t.month() == 2
        && d().t.day() == 29 && d().t.hours() == 13 && d().t.minutes() == 45 && d().t.seconds() == 30
        && d().t.dayOfWeek() == 4 && d().t.dayOfYear() == 60 && d().t.date() == timestamp.date(2024, 2, 29)
        && d().t.time() == duration.time(13, 45, 30, 0) && d().t == timestamp.value(d().t.toMillis());
    }
    match /dur/{id} {
      allow create: if d().end - d().start < duration.value(1, 'h') && duration.value(90, 'm').seconds() == 5400
        && duration.abs(duration.value(-1, 's')) == duration.value(1, 's') && d().start + duration.value(1, 'd') > d().end;
    }
    match /geo/{id} { allow create: if d().g.distance(latlng.value(48.8566, 2.3522)) < 10000 && d().g.latitude() > 48 && d().g.longitude() < 3; }
    match /bytes/{id} { allow create: if d().y.size() == 3 && d().y == b'\\x01\\x02\\x03' && d().y.toBase64() == 'AQID' && d().y.toHexString().lower() == '010203'; }
    match /hash/{id} {
      allow create: if hashing.sha256(d().s) == hashing.sha256(b'abc')
        && hashing.sha256(d().s).toHexString().lower() == 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
        && hashing.md5(d().s).toHexString().lower() == '900150983cd24fb0d6963f7d28e17f72'
        && hashing.crc32(d().s).toHexString().lower() == '352441c2'
        && hashing.crc32c(d().s).toHexString().lower() == '364b3fb7';
    }
    match /paths/{id} {
      allow create: if d().r == /databases/$(database)/documents/users/$(request.auth.uid)
        && path('/databases/' + database + '/documents/users/' + request.auth.uid) == d().r && d().r[4] == request.auth.uid;
    }
    match /debug/{id} { allow create: if debug(d().n) == 1; }

    // ---- functions and let
    function small(x) { let lim = 10; return x < lim; }
    function twice(x) { return x * 2; }
    match /fn/{id} { allow create: if small(twice(d().n)); }
    match /fnscope/{owner} {
      function mine() { return request.auth.uid == owner; }
      allow create: if mine();
    }
    function area(m) {
      let w = m.w;
      let h = m.h;
      return w * h;
    }
    match /letmany/{id} { allow create: if area(d()) <= 12; }

    // ---- error semantics
    match /err_missing/{id} { allow create: if d().opt == 1; }
    match /err_or/{id} { allow create: if d().missing > 0 || d().ok == true; }
    match /err_or2/{id} { allow create: if d().ok == true || d().missing > 0; }
    match /err_and/{id} { allow create: if d().ok == true && d().maybe > 0; }
    match /err_andfalse/{id} { allow create: if !(d().missing > 0 && d().ok == true); }
    match /err_type/{id} { allow create: if d().n + 1 > 1; }
    match /err_div/{id} { allow create: if 10 / d().n > 0; }
    match /err_null/{id} { allow create: if d().p.q == 1; }
    match /err_nonbool/{id} { allow create: if d().b && true; }
    match /err_regex/{id} { allow create: if 'abc'.matches(d().re); }
    match /err_conv/{id} { allow create: if int(d().s) > 0; }
    match /err_index/{id} { allow create: if d().l[2] == 'c'; }
    match /err_fn/{id} { allow create: if d().n == 1 || noSuchFunction(); }
  }
}`;

let h: RulesHarness;
beforeAll(async () => {
  h = await startRulesHarness({ firestoreRules: LANGUAGE_RULES });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const alice = () => h.env.authenticatedContext('alice').firestore();
let seq = 0;
const id = (p: string) => `${p}-${++seq}`;

type Data = Record<string, unknown>;
interface Pair {
  name: string;
  coll: string;
  allow: () => Data;
  deny: () => Data;
}

const ts = (iso: string) => compat.Timestamp.fromDate(new Date(iso));
const blob = (...b: number[]) => compat.Blob.fromUint8Array(new Uint8Array(b));

const PAIRS: Pair[] = [
  // operators
  {
    name: 'arithmetic + - * / % and unary minus',
    coll: 'arith',
    allow: () => ({ a: 1, b: 3 }),
    deny: () => ({ a: 1, b: 2 }),
  },
  { name: 'float arithmetic', coll: 'floats', allow: () => ({ x: 2.5 }), deny: () => ({ x: 2 }) },
  {
    name: 'comparison operators',
    coll: 'compare',
    allow: () => ({ n: 8 }),
    deny: () => ({ n: 7 }),
  },
  {
    name: 'int compares equal to float',
    coll: 'mixed',
    allow: () => ({ n: 3 }),
    deny: () => ({ n: 4 }),
  },
  {
    name: '|| && !',
    coll: 'logic',
    allow: () => ({ a: false, b: true, c: false }),
    deny: () => ({ a: false, b: true, c: true }),
  },
  {
    name: 'ternary picks the branch',
    coll: 'ternary',
    allow: () => ({ kind: 'small', n: 50 }),
    deny: () => ({ kind: 'big', n: 50 }),
  },
  {
    name: 'in on a list',
    coll: 'inlist',
    allow: () => ({ role: 'writer' }),
    deny: () => ({ role: 'owner' }),
  },
  {
    name: 'in on map keys',
    coll: 'inmap',
    allow: () => ({ m: { k: 0 } }),
    deny: () => ({ m: { j: 0 } }),
  },
  {
    name: 'is string',
    coll: 'types',
    allow: () => ({ t: 'string', v: 'x' }),
    deny: () => ({ t: 'string', v: 1 }),
  },
  {
    name: 'is int',
    coll: 'types',
    allow: () => ({ t: 'int', v: 1 }),
    deny: () => ({ t: 'int', v: 1.5 }),
  },
  {
    name: 'is float',
    coll: 'types',
    allow: () => ({ t: 'float', v: 1.5 }),
    deny: () => ({ t: 'float', v: 1 }),
  },
  {
    name: 'is number',
    coll: 'types',
    allow: () => ({ t: 'number', v: 1.5 }),
    deny: () => ({ t: 'number', v: '1.5' }),
  },
  {
    name: 'is bool',
    coll: 'types',
    allow: () => ({ t: 'bool', v: false }),
    deny: () => ({ t: 'bool', v: 0 }),
  },
  {
    name: 'is list',
    coll: 'types',
    allow: () => ({ t: 'list', v: [] }),
    deny: () => ({ t: 'list', v: {} }),
  },
  {
    name: 'is map',
    coll: 'types',
    allow: () => ({ t: 'map', v: { a: 1 } }),
    deny: () => ({ t: 'map', v: [1] }),
  },
  {
    name: 'is timestamp',
    coll: 'types',
    allow: () => ({ t: 'timestamp', v: ts('2024-01-01T00:00:00Z') }),
    deny: () => ({ t: 'timestamp', v: '2024-01-01' }),
  },
  {
    name: 'is latlng',
    coll: 'types',
    allow: () => ({ t: 'latlng', v: new compat.GeoPoint(1, 2) }),
    deny: () => ({ t: 'latlng', v: [1, 2] }),
  },
  {
    name: 'is bytes',
    coll: 'types',
    allow: () => ({ t: 'bytes', v: blob(1) }),
    deny: () => ({ t: 'bytes', v: 'AQ==' }),
  },
  {
    name: 'is path (reference)',
    coll: 'types',
    allow: () => ({ t: 'path', v: alice().doc('users/x') }),
    deny: () => ({ t: 'path', v: 'users/x' }),
  },
  {
    name: '== null',
    coll: 'types',
    allow: () => ({ t: 'null', v: null }),
    deny: () => ({ t: 'null', v: 0 }),
  },
  {
    name: 'member and index access',
    coll: 'access',
    allow: () => ({ m: { a: { b: 1 } }, l: ['x', 'y'] }),
    deny: () => ({ m: { a: { b: 1 } }, l: ['x', 'z'] }),
  },
  {
    name: 'list range l[i:j]',
    coll: 'listrange',
    allow: () => ({ l: ['a', 'b', 'c', 'd'] }),
    deny: () => ({ l: ['a', 'c', 'b', 'd'] }),
  },
  {
    name: 'string index and range',
    coll: 'strindex',
    allow: () => ({ s: 'hello' }),
    deny: () => ({ s: 'hallo' }),
  },
  // strings
  {
    name: 'string size()',
    coll: 'strsize',
    allow: () => ({ s: 'abcde' }),
    deny: () => ({ s: 'abcdef' }),
  },
  {
    name: 'matches() is a full match',
    coll: 'regex',
    allow: () => ({ email: 'ann@example.com' }),
    deny: () => ({ email: 'ann@example.com.evil' }),
  },
  {
    name: 'split()',
    coll: 'split',
    allow: () => ({ csv: 'a,b,c' }),
    deny: () => ({ csv: 'a,c,b' }),
  },
  {
    name: 'lower() and upper()',
    coll: 'case',
    allow: () => ({ s: 'aBc' }),
    deny: () => ({ s: 'aBd' }),
  },
  { name: 'trim()', coll: 'trim', allow: () => ({ s: '  x ' }), deny: () => ({ s: ' x y ' }) },
  {
    name: 'replace() replaces all',
    coll: 'replace',
    allow: () => ({ s: 'a-b-c' }),
    deny: () => ({ s: 'a-b.c' }),
  },
  {
    name: 'toUtf8() counts bytes',
    coll: 'utf8',
    allow: () => ({ s: 'éé' }),
    deny: () => ({ s: 'ée' }),
  },
  {
    name: 'int() float() string() bool() conversions',
    coll: 'conv',
    allow: () => ({ s: '42', n: 7 }),
    deny: () => ({ s: '41', n: 7 }),
  },
  // math
  {
    name: 'math.abs/ceil/floor/round/sqrt/pow',
    coll: 'math',
    allow: () => ({ n: -3 }),
    deny: () => ({ n: -4 }),
  },
  {
    name: 'math.isNaN / isInfinite',
    coll: 'nan',
    allow: () => ({ x: NaN }),
    deny: () => ({ x: 1.5 }),
  },
  // lists and sets
  {
    name: 'hasAll()',
    coll: 'hasall',
    allow: () => ({ tags: ['a', 'b', 'c'] }),
    deny: () => ({ tags: ['a', 'c'] }),
  },
  {
    name: 'hasAny()',
    coll: 'hasany',
    allow: () => ({ tags: ['y'] }),
    deny: () => ({ tags: ['z'] }),
  },
  {
    name: 'hasOnly()',
    coll: 'hasonly',
    allow: () => ({ tags: ['a'] }),
    deny: () => ({ tags: ['a', 'c'] }),
  },
  {
    name: 'join()',
    coll: 'join',
    allow: () => ({ l: ['a', 'b'] }),
    deny: () => ({ l: ['b', 'a'] }),
  },
  {
    name: 'concat() and list +',
    coll: 'concat',
    allow: () => ({ l: ['a'] }),
    deny: () => ({ l: ['b'] }),
  },
  {
    name: 'removeAll()',
    coll: 'removeall',
    allow: () => ({ l: ['x', 'a', 'x'] }),
    deny: () => ({ l: ['x', 'b'] }),
  },
  {
    name: 'toSet() ignores order and duplicates',
    coll: 'toset',
    allow: () => ({ l: ['b', 'a', 'a'] }),
    deny: () => ({ l: ['a', 'c'] }),
  },
  {
    name: 'set difference/intersection/union',
    coll: 'setops',
    allow: () => ({ l: ['a', 'b'] }),
    deny: () => ({ l: ['a', 'c'] }),
  },
  // maps
  {
    name: 'map keys() and size()',
    coll: 'keys',
    allow: () => ({ a: 1, b: 2 }),
    deny: () => ({ a: 1, c: 2 }),
  },
  {
    name: 'map values()',
    coll: 'values',
    allow: () => ({ m: { x: 1, y: 2 } }),
    deny: () => ({ m: { x: 1, y: 3 } }),
  },
  {
    name: 'get(key, default)',
    coll: 'getdefault',
    allow: () => ({ x: 1 }),
    deny: () => ({ opt: 'other' }),
  },
  {
    name: 'get([path], default)',
    coll: 'getpath',
    allow: () => ({ m: { n: 5 } }),
    deny: () => ({ m: { n: 6 } }),
  },
  // time and others
  {
    name: 'timestamp accessors and constructors',
    coll: 'ts',
    allow: () => ({ t: ts('2024-02-29T13:45:30Z') }),
    deny: () => ({ t: ts('2024-02-28T13:45:30Z') }),
  },
  {
    name: 'duration arithmetic and helpers',
    coll: 'dur',
    allow: () => ({ start: ts('2024-01-01T10:00:00Z'), end: ts('2024-01-01T10:30:00Z') }),
    deny: () => ({ start: ts('2024-01-01T10:00:00Z'), end: ts('2024-01-01T12:00:00Z') }),
  },
  {
    name: 'latlng distance/latitude/longitude',
    coll: 'geo',
    allow: () => ({ g: new compat.GeoPoint(48.86, 2.35) }),
    deny: () => ({ g: new compat.GeoPoint(51.5, -0.12) }),
  },
  {
    name: 'bytes size/literal/toBase64/toHexString',
    coll: 'bytes',
    allow: () => ({ y: blob(1, 2, 3) }),
    deny: () => ({ y: blob(1, 2, 4) }),
  },
  {
    name: 'hashing sha256/md5/crc32/crc32c',
    coll: 'hash',
    allow: () => ({ s: 'abc' }),
    deny: () => ({ s: 'abd' }),
  },
  {
    name: 'path literal, path() and path index',
    coll: 'paths',
    allow: () => ({ r: alice().doc('users/alice') }),
    deny: () => ({ r: alice().doc('users/bob') }),
  },
  {
    name: 'debug() returns its argument',
    coll: 'debug',
    allow: () => ({ n: 1 }),
    deny: () => ({ n: 2 }),
  },
  // functions
  {
    name: 'nested user functions with let',
    coll: 'fn',
    allow: () => ({ n: 4 }),
    deny: () => ({ n: 5 }),
  },
  {
    name: 'several lets in a function',
    coll: 'letmany',
    allow: () => ({ w: 3, h: 4 }),
    deny: () => ({ w: 3, h: 5 }),
  },
  // errors
  {
    name: 'missing field is an error, not granted',
    coll: 'err_missing',
    allow: () => ({ opt: 1 }),
    deny: () => ({}),
  },
  {
    name: 'error || true is true',
    coll: 'err_or',
    allow: () => ({ ok: true }),
    deny: () => ({ ok: false }),
  },
  {
    name: 'true || error is true',
    coll: 'err_or2',
    allow: () => ({ ok: true }),
    deny: () => ({ ok: false }),
  },
  {
    name: 'true && error is an error',
    coll: 'err_and',
    allow: () => ({ ok: true, maybe: 1 }),
    deny: () => ({ ok: true }),
  },
  {
    name: '!(error && false) is true',
    coll: 'err_andfalse',
    allow: () => ({ ok: false }),
    deny: () => ({ ok: true, missing: 1 }),
  },
  {
    name: 'wrong operand type is an error',
    coll: 'err_type',
    allow: () => ({ n: 1 }),
    deny: () => ({ n: '1' }),
  },
  {
    name: 'division by zero is an error',
    coll: 'err_div',
    allow: () => ({ n: 2 }),
    deny: () => ({ n: 0 }),
  },
  {
    name: 'member of null is an error',
    coll: 'err_null',
    allow: () => ({ p: { q: 1 } }),
    deny: () => ({ p: null }),
  },
  {
    name: 'non-bool operand of && is an error',
    coll: 'err_nonbool',
    allow: () => ({ b: true }),
    deny: () => ({ b: 1 }),
  },
  {
    name: 'invalid regex is an error',
    coll: 'err_regex',
    allow: () => ({ re: 'a.c' }),
    deny: () => ({ re: '(a' }),
  },
  {
    name: 'bad int() conversion is an error',
    coll: 'err_conv',
    allow: () => ({ s: '5' }),
    deny: () => ({ s: 'five' }),
  },
  {
    name: 'index out of range is an error',
    coll: 'err_index',
    allow: () => ({ l: ['a', 'b', 'c'] }),
    deny: () => ({ l: ['a', 'b'] }),
  },
  {
    name: 'unknown function is an error unless short-circuited',
    coll: 'err_fn',
    allow: () => ({ n: 1 }),
    deny: () => ({ n: 2 }),
  },
];

describe('rules language through create', () => {
  for (const p of PAIRS) {
    it(`${p.name}: allowed`, () =>
      assertSucceeds(alice().collection(p.coll).doc(id(p.coll)).set(p.allow())));
    it(`${p.name}: denied`, () =>
      assertFails(alice().collection(p.coll).doc(id(p.coll)).set(p.deny())));
  }

  it('function sees the enclosing wildcard: allowed', () =>
    assertSucceeds(alice().doc('fnscope/alice').set({})));
  it('function sees the enclosing wildcard: denied', () =>
    assertFails(alice().doc('fnscope/bob').set({})));
});

describe('map diff() on update', () => {
  const seed = async (path: string) => {
    await h.env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc(path).set({ a: 1, b: 2 }));
    return alice().doc(path);
  };
  const del = () => compat.FieldValue.delete();
  const cases: [string, string, Data, Data][] = [
    ['addedKeys()', 'added', { n: 1 }, { a: 5 }],
    ['removedKeys()', 'removed', { b: del() }, { a: del() }],
    ['changedKeys()', 'changed', { a: 9 }, { a: 1 }],
    ['unchangedKeys()', 'unchanged', { a: 9 }, { b: 3 }],
    ['affectedKeys()', 'affected', { n: 1 }, { b: 3 }],
  ];
  for (const [name, kind, ok, no] of cases) {
    it(`${name}: allowed`, async () => assertSucceeds((await seed(`diff/${id(kind)}`)).update(ok)));
    it(`${name}: denied`, async () => assertFails((await seed(`diff/${id(kind)}`)).update(no)));
  }
});
