import { describe, expect, it } from 'vitest';
import {
  evaluateExpression,
  RulesEvalError,
  RMap,
  RPath,
  RSet,
  RTimestamp,
  RDuration,
  RBytes,
  valueEquals,
  show,
  type Value,
} from './index.js';

const vars = {
  m: { a: 1, b: 'x', n: null, nested: { k: [1, 2, 3] } },
  l: [1, 2, 3],
  s: 'Hello World',
  t: new RTimestamp(1_700_000_000_123_456_789n),
};

function ev(src: string): Value | RulesEvalError {
  return evaluateExpression(src, vars);
}

/** Each case: expression, expected result (a rules value or 'error'). */
const cases: [string, unknown][] = [
  // arithmetic
  ['1 + 2 == 3', true],
  ['1 + 2 == 4', false],
  ['7 / 2', 3n],
  ['-7 / 2', -3n],
  ['7 % 3', 1n],
  ['-7 % 3', -1n],
  ['7.0 / 2', 3.5],
  ['1 / 0', 'error'],
  ['1 % 0', 'error'],
  ['2 * 3 - 1', 5n],
  ['1 + 2.5', 3.5],
  ['9223372036854775807 + 1', 'error'],
  ['-9223372036854775807 - 1', -(2n ** 63n)],
  ["'a' + 'b'", 'ab'],
  ['[1] + [2]', [1n, 2n]],
  ["'a' + 1", 'error'],
  ['-(3)', -3n],
  ['1 + null', 'error'],
  // comparison
  ['1 < 2', true],
  ['2 < 1', false],
  ['1 <= 1.0', true],
  ['1 == 1.0', true],
  ["'a' < 'b'", true],
  ["'b' < 'a'", false],
  ["1 < 'a'", 'error'],
  ["1 == 'a'", false],
  ['null == null', true],
  ['null != null', false],
  ['[1,2] == [1,2]', true],
  ['[1,2] == [2,1]', false],
  ["{'a': 1} == {'a': 1.0}", true],
  ["{'a': 1} == {'a': 2}", false],
  // logic and error semantics
  ['true && true', true],
  ['true && false', false],
  ['true || false', true],
  ['false || false', false],
  ['!true', false],
  ['!1', 'error'],
  ['m.missing || true', true],
  ['m.missing || false', 'error'],
  ['true || m.missing', true],
  ['false || m.missing', 'error'],
  ['m.missing && false', false],
  ['m.missing && true', 'error'],
  ['false && m.missing', false],
  ['true && m.missing', 'error'],
  ['1 && true', 'error'],
  ['1 || true', true],
  ['true ? 1 : 2', 1n],
  ['false ? 1 : 2', 2n],
  ['1 ? 1 : 2', 'error'],
  ['false ? m.missing : 2', 2n],
  // in / is
  ['2 in l', true],
  ['5 in l', false],
  ["'a' in m", true],
  ["'z' in m", false],
  ['1 in m', 'error'],
  ['1 in null', 'error'],
  ['1 in [1,2].toSet()', true],
  ['1 is int', true],
  ['1 is float', false],
  ['1.5 is float', true],
  ['1 is number', true],
  ['1.5 is number', true],
  ["'a' is number", false],
  ["'a' is string", true],
  ['true is bool', true],
  ['l is list', true],
  ['m is map', true],
  ['m is list', false],
  ['t is timestamp', true],
  ['duration.value(1, "s") is duration', true],
  ['/a/b is path', true],
  ['latlng.value(1, 2) is latlng', true],
  ["b'abc' is bytes", true],
  ['[1].toSet() is set', true],
  ['null is map', false],
  // member / index / slices
  ['m.a', 1n],
  ['m.n', null],
  ['m.n.x', 'error'],
  ['m.missing', 'error'],
  ["m['b']", 'x'],
  ['m.nested.k[1]', 2n],
  ['l[3]', 'error'],
  ['l[-1]', 'error'],
  ['l[1:3]', [2n, 3n]],
  ['l[:1]', [1n]],
  ['l[1:]', [2n, 3n]],
  ['l[2:1]', 'error'],
  ['s[0:5]', 'Hello'],
  ['(/a/b/c)[1]', 'b'],
  // strings
  ['s.size()', 11n],
  ["s.matches('Hello.*')", true],
  ["s.matches('ello.*')", false],
  ["'abc'.matches('[a-c]+')", true],
  ["'ab1'.matches('[[:alpha:]]+')", false],
  ["'ab'.matches('[[:alpha:]]+')", true],
  ["'a.b'.matches('a\\\\.b')", true],
  ["'axb'.matches('a\\\\.b')", false],
  ["'x'.matches('(a')", 'error'],
  ["'aa'.matches('(a)\\\\1')", 'error'],
  ["'a,b,,c'.split(',')", ['a', 'b', '', 'c']],
  ["'ABC'.lower()", 'abc'],
  ["'abc'.upper()", 'ABC'],
  ["'  x '.trim()", 'x'],
  ["'a-b-c'.replace('-', '+')", 'a+b+c'],
  ["'a-b'.replace('-', '$0')", 'a$0b'],
  ["'é'.toUtf8().size()", 2n],
  ["'é'.size()", 1n],
  ["'abc'.foo()", 'error'],
  // lists
  ['l.size()', 3n],
  ['l.hasAll([1,2])', true],
  ['l.hasAll([1,4])', false],
  ['l.hasAny([4,3])', true],
  ['l.hasAny([4,5])', false],
  ['l.hasOnly([1,2,3,4])', true],
  ['l.hasOnly([1,2])', false],
  ["['a','b'].join('/')", 'a/b'],
  ['[1,2].join(",")', 'error'],
  ['l.concat([4])', [1n, 2n, 3n, 4n]],
  ['l.removeAll([2])', [1n, 3n]],
  ['[1,1,2].toSet().size()', 2n],
  // maps
  ['m.size()', 4n],
  ["m.keys().hasAll(['a','b'])", true],
  ['m.values().size()', 4n],
  ["m.get('a', 0)", 1n],
  ["m.get('zz', 0)", 0n],
  ["m.get(['nested','k'], 0)", [1n, 2n, 3n]],
  ["m.get(['nested','x'], 7)", 7n],
  ["{'a':1,'b':2,'c':3}.diff({'a':1,'b':5,'d':4}).addedKeys() == ['c'].toSet()", true],
  ["{'a':1,'b':2,'c':3}.diff({'a':1,'b':5,'d':4}).removedKeys() == ['d'].toSet()", true],
  // the reference's own examples
  ["{'a':1}.diff({}).addedKeys() == ['a'].toSet()", true],
  ["{}.diff({'a':1}).removedKeys() == ['a'].toSet()", true],
  ["{'a':0}.diff({'a':1,'b':4}).changedKeys() == ['a'].toSet()", true],
  ["({'a':0,'c':0,'u':0}).diff({'r':0,'c':1,'u':0}).affectedKeys() == ['a','r','c'].toSet()", true],
  ["{'a':1,'b':2,'c':3}.diff({'a':1,'b':5,'d':4}).changedKeys() == ['b'].toSet()", true],
  ["{'a':1,'b':2,'c':3}.diff({'a':1,'b':5,'d':4}).unchangedKeys() == ['a'].toSet()", true],
  ["{'a':1,'b':2,'c':3}.diff({'a':1,'b':5,'d':4}).affectedKeys() == ['b','c','d'].toSet()", true],
  ["{'a':1}.diff({'a':2}).affectedKeys().hasOnly(['b'])", false],
  ["{'a':1}.diff(1)", 'error'],
  // sets
  ['[1,2,3].toSet().difference([2].toSet()) == [1,3].toSet()', true],
  ['[1,2,3].toSet().intersection([2,5].toSet()) == [2].toSet()', true],
  ['[1].toSet().union([2].toSet()) == [1,2].toSet()', true],
  ['[1].toSet().union([2]) ', 'error'],
  ['[1,2].toSet() == [2,1].toSet()', true],
  ['[1,2].toSet().hasAll([1])', true],
  // timestamps and durations
  ['t.year()', 2023n],
  ['t.month()', 11n],
  ['t.day()', 14n],
  ['t.hour()', 22n],
  ['t.minute()', 13n],
  ['t.second()', 20n],
  ['t.nanos()', 123456789n],
  ['t.toMillis()', 1700000000123n],
  ['t.dayOfWeek()', 2n],
  ['t.dayOfYear()', 318n],
  ['t.date() == timestamp.date(2023, 11, 14)', true],
  ['t.time() == duration.time(22, 13, 20, 123456789)', true],
  ['timestamp.value(1000) == timestamp.date(1970, 1, 1) + duration.value(1, "s")', true],
  ['timestamp.date(2023, 2, 30)', 'error'],
  ['t - duration.value(1, "d") < t', true],
  ['t + duration.value(1, "h") < t', false],
  ['(t - timestamp.date(2023, 11, 14)).seconds()', 80000n],
  ['duration.value(90, "m").seconds()', 5400n],
  ['duration.value(1500, "ms").nanos()', 500000000n],
  ['duration.abs(duration.value(-5, "s")) == duration.value(5, "s")', true],
  ['duration.value(1, "x")', 'error'],
  ["t.year('America/New_York')", 'error'],
  // math
  ['math.abs(-3)', 3n],
  ['math.abs(-3.5)', 3.5],
  ['math.ceil(1.2)', 2n],
  ['math.floor(1.8)', 1n],
  ['math.round(2.5)', 3n],
  ['math.round(-2.5)', -3n],
  ['math.sqrt(16)', 4],
  ['math.pow(2, 10)', 1024],
  ['math.isInfinite(1.0 / 0)', true],
  ['math.isNaN(0.0 / 0)', true],
  ['math.isNaN(1.0)', false],
  ["math.abs('a')", 'error'],
  // hashing
  [
    "hashing.sha256('abc').toHexString()",
    'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD',
  ],
  ["hashing.md5('abc').toHexString()", '900150983CD24FB0D6963F7D28E17F72'],
  ["hashing.crc32('123456789').toHexString()", 'CBF43926'],
  ["hashing.crc32c('123456789').toHexString()", 'E3069283'],
  ['hashing.md5(1)', 'error'],
  // conversions
  ["int('42')", 42n],
  ['int(3.9)', 3n],
  ["int('x')", 'error'],
  ['float(2)', 2],
  ["float('1.5')", 1.5],
  ['string(12)', '12'],
  ['string(true)', 'true'],
  ['string(null)', 'null'],
  ["bool('true')", true],
  ["path('/a/b') == /a/b", true],
  // paths
  ['/databases/$(m.b)/documents == path("/databases/x/documents")', true],
  ['/databases/(default)/documents/a == path("/databases/(default)/documents/a")', true],
  ['/a/$(m.a) == /a/1', true],
  ['/a/$(m.nested)', 'error'],
  ["/a/{x}/c.bind({'x': 'b'}) == /a/b/c", 'error-parse-ok'],
  // latlng / bytes
  ['latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000', true],
  ['latlng.value(10, 20).latitude()', 10],
  ['latlng.value(91, 0)', 'error'],
  ["b'\\x01\\x02'.size()", 2n],
  ["b'abc' == 'abc'.toUtf8()", true],
  ["b'abc'.toBase64()", 'YWJj'],
  // functions not found
  ['nosuch(1)', 'error'],
  ['unknownVar', 'error'],
];

describe('expression evaluation', () => {
  for (const [src, want] of cases) {
    if (want === 'error-parse-ok') continue;
    it(src, () => {
      const got = ev(src);
      if (want === 'error') {
        expect(
          got,
          `got ${got instanceof RulesEvalError ? got.message : show(got as Value)}`,
        ).toBeInstanceOf(RulesEvalError);
      } else {
        if (got instanceof RulesEvalError) throw new Error(`unexpected error: ${got.message}`);
        const w =
          typeof want === 'number' && Number.isInteger(want) && typeof got === 'number'
            ? want
            : want;
        expect(valueEquals(got, w as Value) && typeof got === typeof w, `got ${show(got)}`).toBe(
          true,
        );
      }
    });
  }

  it('error messages mirror the official wording', () => {
    expect((ev('m.n.x') as RulesEvalError).message).toBe('Null value error.');
    expect((ev('m.zz') as RulesEvalError).message).toBe('Property zz is undefined on object.');
    expect((ev('nosuch()') as RulesEvalError).message).toBe(
      'Function not found error: Name: [nosuch].',
    );
  });

  it('errors carry the line and column of the failing expression', () => {
    const e = ev('true &&\n  m.zz == 1') as RulesEvalError;
    expect([e.line, e.col]).toEqual([2, 4]);
  });

  it('path bind replaces $(var) segments', () => {
    const p = evaluateExpression("path('/users/$(uid)').bind({'uid': 'alice'})", {});
    expect(p).toBeInstanceOf(RPath);
    expect(String(p)).toBe('/users/alice');
  });

  it('debug() returns its argument', () => {
    expect(ev('debug(1) == 1')).toBe(true);
  });

  it('value classes', () => {
    expect(ev('[1].toSet()')).toBeInstanceOf(RSet);
    expect(ev("{'a': 1}")).toBeInstanceOf(RMap);
    expect(ev('duration.value(1, "w")')).toBeInstanceOf(RDuration);
    expect(ev("'a'.toUtf8()")).toBeInstanceOf(RBytes);
  });

  it('get/exists call the services and are limited', () => {
    const calls: string[] = [];
    const services = {
      get: (p: RPath) => {
        calls.push(p.toString());
        return p.segments.at(-1) === 'yes' ? RMap.of({ data: RMap.of({ role: 'admin' }) }) : null;
      },
    };
    expect(evaluateExpression("get(/d/yes).data.role == 'admin'", {}, services)).toBe(true);
    expect(evaluateExpression('exists(/d/no)', {}, services)).toBe(false);
    expect(evaluateExpression('get(/d/no).data', {}, services)).toBeInstanceOf(RulesEvalError);
    // Eleven distinct documents exceed the limit of 10; repeats are free.
    const many = Array.from({ length: 11 }, (_, i) => `exists(/d/x${i})`).join(' || ');
    expect(evaluateExpression(many, {}, services)).toBeInstanceOf(RulesEvalError);
    const repeats = Array.from({ length: 11 }, () => `exists(/d/x0)`).join(' || ');
    expect(evaluateExpression(repeats, {}, services)).toBe(false);
  });
});
