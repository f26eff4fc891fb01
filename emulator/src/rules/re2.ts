// RE2 -> JavaScript RegExp translation for `string.matches()`, `split()` and `replace()`.
// Rules use RE2 syntax; we translate the common subset to a JS RegExp with the `u` flag
// (code-point semantics like RE2) and reject what RE2 does not have (backreferences,
// lookaround) so that a rules file that would fail in production also fails here.

import { RulesEvalError } from './values.js';

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

// Characters that may (and, outside a class under /u, must) be escaped in JS.
const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));

function translate(re: string): { source: string; flags: string } {
  let flags = 'u';
  let i = 0;
  let out = '';
  // Leading flag group (?i) (?s) (?m) (?U is not supported).
  const lead = /^\(\?([imsU]+)\)/.exec(re);
  if (lead) {
    for (const f of lead[1]!) {
      if (f === 'U') throw new RulesEvalError('Unsupported regex flag U.');
      if (!flags.includes(f)) flags += f;
    }
    i = lead[0].length;
  }
  let inClass = false;
  while (i < re.length) {
    const c = re[i]!;
    if (c === '\\') {
      const n = re[i + 1];
      if (n === undefined) throw new RulesEvalError('Invalid regex: trailing backslash.');
      i += 2;
      if (/[1-9]/.test(n))
        throw new RulesEvalError('Invalid regex: backreferences are not supported by RE2.');
      if (n === 'A' && !inClass) out += '^';
      else if (n === 'z' && !inClass) out += '$(?![\\s\\S])';
      else if (n === 'C') throw new RulesEvalError('Invalid regex: \\C is not supported.');
      else if (n === 'Q') {
        const end = re.indexOf('\\E', i);
        const lit = end < 0 ? re.slice(i) : re.slice(i, end);
        out += lit.replace(/[\^$\\.*+?()[\]{}|/-]/g, '\\$&');
        i = end < 0 ? re.length : end + 2;
      } else if ((n === 'p' || n === 'P') && re[i] !== '{') {
        out += `\\${n}{${re[i]}}`;
        i++;
      } else if (/[A-Za-z0-9]/.test(n))
        out += '\\' + n; // \d \w \s \b \pN \x41 \n ... same in JS
      else if (JS_SYNTAX.has(n) || (inClass && n === '-')) out += '\\' + n;
      else out += n; // RE2 allows escaping any punctuation; JS /u does not.
      continue;
    }
    if (inClass) {
      if (c === '[' && re[i + 1] === ':') {
        const end = re.indexOf(':]', i + 2);
        const name = end < 0 ? '' : re.slice(i + 2, end);
        const neg = name.startsWith('^');
        const cls = POSIX[neg ? name.slice(1) : name];
        if (!cls || neg) throw new RulesEvalError(`Invalid regex: unsupported class [:${name}:].`);
        out += cls;
        i = end + 2;
        continue;
      }
      if (c === ']') inClass = false;
      out += c === '[' ? '\\[' : c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i++;
      if (re[i] === '^') {
        out += '^';
        i++;
      }
      if (re[i] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && re[i + 1] === '?') {
      if (re.startsWith('(?P<', i)) {
        out += '(?<';
        i += 4;
        continue;
      }
      if (
        re.startsWith('(?:', i) ||
        (re.startsWith('(?<', i) && !re.startsWith('(?<=', i) && !re.startsWith('(?<!', i))
      ) {
        out += re.startsWith('(?:', i) ? '(?:' : '(?<';
        i += 3;
        continue;
      }
      throw new RulesEvalError(
        'Invalid regex: unsupported group syntax (lookaround or inline flags).',
      );
    }
    out += c;
    i++;
  }
  return { source: out, flags };
}

const cache = new Map<string, { full: RegExp; global: RegExp }>();

function compile(re: string): { full: RegExp; global: RegExp } {
  let c = cache.get(re);
  if (!c) {
    try {
      const { source, flags } = translate(re);
      c = { full: new RegExp(`^(?:${source})$`, flags), global: new RegExp(source, flags + 'g') };
    } catch (e) {
      if (e instanceof RulesEvalError) throw e;
      throw new RulesEvalError(`Invalid regular expression: ${re}`);
    }
    if (cache.size > 1000) cache.clear();
    cache.set(re, c);
  }
  return c;
}

/** RE2 full match, as `string.matches()` does. */
export function re2FullMatch(s: string, re: string): boolean {
  return compile(re).full.test(s);
}

export function re2Split(s: string, re: string): string[] {
  return s.split(compile(re).global);
}

/** Replaces every match with the literal `sub` (no `$n` expansion). */
export function re2ReplaceAll(s: string, re: string, sub: string): string {
  const g = compile(re).global;
  g.lastIndex = 0;
  return s.replace(g, () => sub);
}
