// Recursive-descent parser for rules files. Precedence (lowest first) follows the rules
// language reference: ?: , ||, &&, == !=, in/is, < <= > >=, + -, * / %, unary ! -, member/index/call.

import type {
  AllowDecl,
  BinaryOp,
  Expr,
  FunctionDecl,
  MatchDecl,
  MatchSegment,
  Method,
  PathLitSegment,
  Pos,
  RulesFile,
  ServiceDecl,
} from './ast.js';
import { Lexer, RulesParseError, type Token } from './lexer.js';
import { RBytes, KNOWN_TYPES } from './values.js';

export { RulesParseError };

const METHOD_EXPANSION: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export function parseRules(src: string): RulesFile {
  return new Parser(src).parseFile();
}

/** Parses a single expression (used by tests and tools). */
export function parseExpression(src: string): Expr {
  const p = new Parser(src);
  const e = p.parseExpr();
  p.expectEof();
  return e;
}

class Parser {
  private lx: Lexer;
  private tok: Token;

  constructor(src: string) {
    this.lx = new Lexer(src);
    this.tok = this.lx.next();
  }

  private pos(t: Token = this.tok): Pos {
    return { line: t.line, col: t.col };
  }

  private fail(reason: string, t: Token = this.tok): never {
    throw new RulesParseError(reason, t.line, t.col);
  }

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lx.next();
    return t;
  }

  private is(text: string): boolean {
    return (this.tok.kind === 'punct' || this.tok.kind === 'ident') && this.tok.text === text;
  }

  private accept(text: string): boolean {
    if (this.is(text)) {
      this.advance();
      return true;
    }
    return false;
  }

  private expect(text: string): Token {
    if (!this.is(text)) this.fail(`Unexpected '${this.tok.text}'; expected '${text}'.`);
    return this.advance();
  }

  private ident(): string {
    if (this.tok.kind !== 'ident')
      this.fail(`Unexpected '${this.tok.text}'; expected an identifier.`);
    return this.advance().text;
  }

  expectEof(): void {
    if (this.tok.kind !== 'eof') this.fail(`Unexpected '${this.tok.text}'.`);
  }

  parseFile(): RulesFile {
    let version: '1' | '2' = '1';
    const file: RulesFile = { version, functions: [], services: [] };
    while (this.tok.kind !== 'eof') {
      if (this.is('rules_version')) {
        this.advance();
        this.expect('=');
        const t = this.tok;
        if (t.kind !== 'string') this.fail(`Unexpected '${t.text}'; expected a version string.`);
        this.advance();
        if (t.value !== '1' && t.value !== '2')
          this.fail(`Unsupported rules_version '${String(t.value)}'.`, t);
        version = t.value;
        file.version = version;
        this.accept(';');
      } else if (this.is('service')) {
        file.services.push(this.parseService());
      } else if (this.is('function')) {
        file.functions.push(this.parseFunction());
      } else if (this.is('import')) {
        this.fail('Imports are not supported.');
      } else this.fail(`Unexpected '${this.tok.text}'.`);
    }
    return file;
  }

  private parseService(): ServiceDecl {
    const pos = this.pos();
    this.expect('service');
    const nameTok = this.tok;
    let name = this.ident();
    while (this.accept('.')) name += '.' + this.ident();
    if (
      name !== 'cloud.firestore' &&
      name !== 'firebase.storage' &&
      name !== 'firebase.storage.v1'
    ) {
      this.fail(`Unknown service '${name}'.`, nameTok);
    }
    const svc: ServiceDecl = {
      name: name === 'firebase.storage.v1' ? 'firebase.storage' : name,
      functions: [],
      matches: [],
      pos,
    };
    this.expect('{');
    while (!this.is('}')) {
      if (this.is('match')) svc.matches.push(this.parseMatch());
      else if (this.is('function')) svc.functions.push(this.parseFunction());
      else this.fail(`Unexpected '${this.tok.text}'; expected 'match' or 'function'.`);
    }
    this.expect('}');
    return svc;
  }

  private parseMatch(): MatchDecl {
    const pos = this.pos();
    const matchTok = this.expect('match');
    // The path is lexed raw from the end of the `match` keyword.
    this.lx.pos = matchTok.end;
    const segments = this.readMatchPath();
    this.tok = this.lx.next();
    const m: MatchDecl = { segments, functions: [], allows: [], matches: [], pos };
    this.expect('{');
    while (!this.is('}')) {
      if (this.is('match')) m.matches.push(this.parseMatch());
      else if (this.is('function')) m.functions.push(this.parseFunction());
      else if (this.is('allow')) m.allows.push(this.parseAllow());
      else this.fail(`Unexpected '${this.tok.text}'; expected 'match', 'allow' or 'function'.`);
    }
    this.expect('}');
    return m;
  }

  private readMatchPath(): MatchSegment[] {
    this.lx.skipTrivia();
    const s = this.lx.src;
    const segs: MatchSegment[] = [];
    if (s[this.lx.pos] !== '/') this.lx.error("Match path must start with '/'.");
    let sawRest = false;
    while (s[this.lx.pos] === '/') {
      this.lx.pos++;
      if (s[this.lx.pos] === '{') {
        const close = s.indexOf('}', this.lx.pos);
        if (close < 0) this.lx.error("Unterminated '{' in match path.");
        const inner = s.slice(this.lx.pos + 1, close).trim();
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(\s*=\s*\*\*)?$/.exec(inner);
        if (!m) this.lx.error(`Invalid path variable '{${inner}}'.`);
        if (m[2]) {
          if (sawRest) this.lx.error('Only one recursive wildcard is allowed in a match path.');
          sawRest = true;
          segs.push({ kind: 'rest', name: m[1]! });
        } else segs.push({ kind: 'var', name: m[1]! });
        this.lx.pos = close + 1;
      } else {
        const start = this.lx.pos;
        while (this.lx.pos < s.length && !/[\s/{}]/.test(s[this.lx.pos]!)) this.lx.pos++;
        if (this.lx.pos === start) this.lx.error('Empty segment in match path.');
        segs.push({ kind: 'literal', text: s.slice(start, this.lx.pos) });
      }
    }
    return segs;
  }

  private parseAllow(): AllowDecl {
    const pos = this.pos();
    this.expect('allow');
    const methods: string[] = [];
    const expanded = new Set<Method>();
    do {
      const t = this.tok;
      const name = this.ident();
      const exp = METHOD_EXPANSION[name];
      if (!exp) this.fail(`Unknown method '${name}'.`, t);
      methods.push(name);
      for (const m of exp) expanded.add(m);
    } while (this.accept(','));
    let cond: Expr | null = null;
    if (this.accept(':')) {
      this.expect('if');
      cond = this.parseExpr();
    }
    this.accept(';');
    return { methods, expanded, cond, pos };
  }

  private parseFunction(): FunctionDecl {
    const pos = this.pos();
    this.expect('function');
    const name = this.ident();
    this.expect('(');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.ident());
      while (this.accept(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.is('let')) {
      const lp = this.pos();
      this.advance();
      const n = this.ident();
      this.expect('=');
      lets.push({ name: n, value: this.parseExpr(), pos: lp });
      this.expect(';');
    }
    this.expect('return');
    const body = this.parseExpr();
    this.accept(';');
    this.expect('}');
    return { name, params, lets, body, pos };
  }

  // ---------------------------------------------------------------- expressions

  parseExpr(): Expr {
    const cond = this.parseBinary(0);
    if (this.is('?')) {
      const pos = this.pos();
      this.advance();
      const then = this.parseExpr();
      this.expect(':');
      const els = this.parseExpr();
      return { kind: 'ternary', cond, then, else: els, pos };
    }
    return cond;
  }

  private static LEVELS: string[][] = [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['in', 'is'],
    ['<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private parseBinary(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    const ops = Parser.LEVELS[level]!;
    while (
      (this.tok.kind === 'punct' || this.tok.kind === 'ident') &&
      ops.includes(this.tok.text)
    ) {
      const opTok = this.advance();
      if (opTok.text === 'is') {
        const t = this.tok;
        const typeName = this.ident();
        if (!KNOWN_TYPES.has(typeName)) this.fail(`Unknown type '${typeName}'.`, t);
        left = { kind: 'is', arg: left, typeName, pos: this.pos(opTok) };
        continue;
      }
      const right = this.parseBinary(level + 1);
      left = { kind: 'binary', op: opTok.text as BinaryOp, left, right, pos: this.pos(opTok) };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.is('!') || this.is('-')) {
      const t = this.advance();
      const arg = this.parseUnary();
      // Fold `-<literal>` so that the most negative int64 can be written.
      if (
        t.text === '-' &&
        arg.kind === 'lit' &&
        (typeof arg.value === 'bigint' || typeof arg.value === 'number')
      ) {
        return { kind: 'lit', value: -(arg.value as number), pos: this.pos(t) };
      }
      return { kind: 'unary', op: t.text as '!' | '-', arg, pos: this.pos(t) };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(e: Expr): Expr {
    for (;;) {
      if (this.is('.')) {
        const t = this.advance();
        const name = this.ident();
        e = { kind: 'member', obj: e, name, pos: this.pos(t) };
      } else if (this.is('[')) {
        const t = this.advance();
        let from: Expr | null = null;
        if (!this.is(':')) from = this.parseExpr();
        if (this.accept(':')) {
          const to = this.is(']') ? null : this.parseExpr();
          this.expect(']');
          e = { kind: 'slice', obj: e, from, to, pos: this.pos(t) };
        } else {
          this.expect(']');
          e = { kind: 'index', obj: e, index: from!, pos: this.pos(t) };
        }
      } else if (this.is('(')) {
        const t = this.advance();
        const args: Expr[] = [];
        if (!this.is(')')) {
          do args.push(this.parseExpr());
          while (this.accept(','));
        }
        this.expect(')');
        e = { kind: 'call', callee: e, args, pos: this.pos(t) };
      } else return e;
    }
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    const pos = this.pos();
    switch (t.kind) {
      case 'int':
      case 'float':
      case 'string':
        this.advance();
        return { kind: 'lit', value: t.value, pos };
      case 'bytes':
        this.advance();
        return { kind: 'lit', value: new RBytes(t.value as Uint8Array), pos };
      case 'ident':
        this.advance();
        if (t.text === 'true') return { kind: 'lit', value: true, pos };
        if (t.text === 'false') return { kind: 'lit', value: false, pos };
        if (t.text === 'null') return { kind: 'lit', value: null, pos };
        return { kind: 'ident', name: t.text, pos };
      case 'eof':
        this.fail('Unexpected end of input.');
    }
    if (t.text === '(') {
      this.advance();
      const e = this.parseExpr();
      this.expect(')');
      return e;
    }
    if (t.text === '[') {
      this.advance();
      const items: Expr[] = [];
      while (!this.is(']')) {
        items.push(this.parseExpr());
        if (!this.accept(',')) break;
      }
      this.expect(']');
      return { kind: 'list', items, pos };
    }
    if (t.text === '{') {
      this.advance();
      const entries: { key: Expr; value: Expr }[] = [];
      while (!this.is('}')) {
        const key = this.parseExpr();
        this.expect(':');
        entries.push({ key, value: this.parseExpr() });
        if (!this.accept(',')) break;
      }
      this.expect('}');
      return { kind: 'map', entries, pos };
    }
    if (t.text === '/') return this.parsePathLiteral();
    this.fail(`Unexpected '${t.text}'.`);
  }

  /** `/databases/$(database)/documents/users/$(request.auth.uid)`; lexed raw from after the first '/'. */
  private parsePathLiteral(): Expr {
    const pos = this.pos();
    const s = this.lx.src;
    this.lx.pos = this.tok.end; // just after the first '/'
    const segments: PathLitSegment[] = [];
    for (;;) {
      if (s.startsWith('$(', this.lx.pos)) {
        this.lx.pos += 2;
        this.tok = this.lx.next();
        const expr = this.parseExpr();
        if (!this.is(')')) this.fail(`Unexpected '${this.tok.text}'; expected ')'.`);
        this.lx.pos = this.tok.end;
        segments.push({ kind: 'expr', expr });
      } else {
        const start = this.lx.pos;
        let depth = 0; // parens opened inside this segment, e.g. `(default)`
        while (this.lx.pos < s.length && /[A-Za-z0-9_\-.~%@+!&'*,;=:()]/.test(s[this.lx.pos]!)) {
          const c = s[this.lx.pos]!;
          if (s.startsWith('$(', this.lx.pos)) break;
          // ')' ',' ';' end the literal when they belong to the enclosing expression: get(/a/b).
          if (c === '(') depth++;
          else if (c === ')') {
            if (depth === 0) break;
            depth--;
          } else if ((c === ',' || c === ';') && depth === 0) break;
          this.lx.pos++;
        }
        if (this.lx.pos === start) this.lx.error('Empty path segment.');
        segments.push({ kind: 'text', text: s.slice(start, this.lx.pos) });
        if (s.startsWith('$(', this.lx.pos))
          this.lx.error('Interpolation must be a whole path segment.');
      }
      if (s[this.lx.pos] === '/') {
        this.lx.pos++;
        continue;
      }
      break;
    }
    this.tok = this.lx.next();
    return { kind: 'path', segments, pos };
  }
}
