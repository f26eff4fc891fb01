import { describe, expect, it } from 'vitest';
import { parseExpression, parseRules, RulesParseError } from './parser.js';

describe('parser', () => {
  it('parses a full rules file with nested matches, functions, lets and comments', () => {
    const f = parseRules(`rules_version = '2';
// top-level function
function isSignedIn() { return request.auth != null; }
service cloud.firestore {
  /* block
     comment */
  match /databases/{database}/documents {
    function owner(uid) {
      let a = 1;
      let b = a + 1;
      return request.auth.uid == uid && b == 2;
    }
    match /users/{userId} {
      allow read: if isSignedIn();
      allow create, update: if owner(userId);
      allow delete;
      match /{rest=**} { allow get: if true; }
    }
  }
}
service firebase.storage {
  match /b/{bucket}/o { match /images/{img} { allow write: if request.resource.size < 5 * 1024 * 1024; } }
}`);
    expect(f.version).toBe('2');
    expect(f.functions.map((x) => x.name)).toEqual(['isSignedIn']);
    expect(f.services.map((s) => s.name)).toEqual(['cloud.firestore', 'firebase.storage']);
    const db = f.services[0]!.matches[0]!;
    expect(db.segments).toEqual([
      { kind: 'literal', text: 'databases' },
      { kind: 'var', name: 'database' },
      { kind: 'literal', text: 'documents' },
    ]);
    expect(db.functions[0]!.lets.map((l) => l.name)).toEqual(['a', 'b']);
    const users = db.matches[0]!;
    expect(users.allows.map((a) => [...a.expanded])).toEqual([
      ['get', 'list'],
      ['create', 'update'],
      ['delete'],
    ]);
    expect(users.allows[2]!.cond).toBeNull();
    expect(users.allows[1]!.pos.line).toBe(15);
    expect(users.matches[0]!.segments).toEqual([{ kind: 'rest', name: 'rest' }]);
  });

  it('respects operator precedence', () => {
    const e = parseExpression('a || b && c == d + e * f');
    expect(e.kind === 'binary' && e.op).toBe('||');
    const r = (
      e as {
        right: { op: string; right: { op: string; right: { op: string; right: { op: string } } } };
      }
    ).right;
    expect(r.op).toBe('&&');
    expect(r.right.op).toBe('==');
    expect(r.right.right.op).toBe('+');
    expect(r.right.right.right.op).toBe('*');
    const t = parseExpression('a ? b : c ? d : e');
    expect(t.kind).toBe('ternary');
    const isx = parseExpression('x is string && y in z');
    expect(isx.kind === 'binary' && isx.op).toBe('&&');
  });

  it('parses path literals with interpolation, including inside calls', () => {
    const e = parseExpression(
      'get(/databases/$(database)/documents/users/$(request.auth.uid)).data',
    );
    expect(e.kind).toBe('member');
    const p = parseExpression('/databases/(default)/documents/a');
    expect(p.kind === 'path' && p.segments.map((s) => (s.kind === 'text' ? s.text : '$'))).toEqual([
      'databases',
      '(default)',
      'documents',
      'a',
    ]);
    const c = parseExpression('exists(/a/$(x)/b) && true');
    expect(c.kind === 'binary' && c.op).toBe('&&');
  });

  it('parses slices, indexes, maps, lists, bytes and escapes', () => {
    expect(parseExpression('l[1:3]').kind).toBe('slice');
    expect(parseExpression('l[:3]').kind).toBe('slice');
    expect(parseExpression('l[1]').kind).toBe('index');
    expect(parseExpression("{'a': [1, 2.5, b'\\x00'], 'b': {}}").kind).toBe('map');
    const s = parseExpression("'a\\n\\u00e9\\''");
    expect(s.kind === 'lit' && s.value).toBe("a\né'");
    const r = parseExpression("r'a\\d'");
    expect(r.kind === 'lit' && r.value).toBe('a\\d');
  });

  const bad: [string, number, number][] = [
    [
      "rules_version = '2';\nservice cloud.firestore {\n  match /a/{b} {\n    allow read: if true &&;\n  }\n}",
      4,
      27,
    ],
    ['service cloud.firestore {\n  match /a {\n    allow reed: if true;\n  }\n}', 3, 11],
    ['service cloud.firestore {\n  match a {}\n}', 2, 9],
    ['service cloud.firestore {\n  match /a/{b {}\n}', 2, 12],
    ['service cloud.firestore { match /a { allow read: if x is strin; } }', 1, 58],
    ['service cloud.nope {}', 1, 9],
    ["service cloud.firestore {\n match /a { allow read: if 'abc; } }", 2, 28],
    ['service cloud.firestore { match /a { allow read: if true; }', 1, 60],
    ["rules_version = '3';", 1, 17],
    ['service cloud.firestore { match /a/{x=**}/{y=**} {} }', 1, 43],
    ['service cloud.firestore { match /a { function f( { return 1; } } }', 1, 50],
  ];
  for (const [src, line, col] of bad) {
    it(`reports line and column: ${JSON.stringify(src.slice(0, 40))}`, () => {
      let err: unknown;
      try {
        parseRules(src);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(RulesParseError);
      const pe = err as RulesParseError;
      expect([pe.line, pe.column], pe.message).toEqual([line, col]);
      expect(pe.message).toMatch(/^L\d+:\d+: /);
    });
  }
});
