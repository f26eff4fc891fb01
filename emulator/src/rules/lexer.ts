// Tokenizer for the rules language. It is pull-based (the parser asks for one token at a time
// and may move `pos`) because match paths and path literals are lexed in a raw mode that only
// the parser knows it is in.

export type TokKind = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokKind;
  text: string; // punct/ident text; raw source for literals
  value?: unknown; // decoded literal value (bigint, number, string, Uint8Array)
  start: number;
  end: number;
  line: number;
  col: number;
}

export class RulesParseError extends Error {
  constructor(
    public readonly reason: string,
    public readonly line: number,
    public readonly column: number,
  ) {
    super(`L${line}:${column}: ${reason}`);
  }
}

// Longest first so that `<=` wins over `<`.
const PUNCT = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '$(',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ':',
  ',',
  '.',
  '=',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
];

export class Lexer {
  pos = 0;
  private lineStarts: number[] = [0];

  constructor(public readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of an offset. */
  lineCol(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.lineStarts[lo]! + 1 };
  }

  error(reason: string, offset = this.pos): never {
    const { line, col } = this.lineCol(offset);
    throw new RulesParseError(reason, line, col);
  }

  /** Skips whitespace and `//` and `/* *\/` comments. */
  skipTrivia(): void {
    const s = this.src;
    for (;;) {
      const c = s[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
        this.pos++;
      } else if (c === '/' && s[this.pos + 1] === '/') {
        while (this.pos < s.length && s[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && s[this.pos + 1] === '*') {
        const end = s.indexOf('*/', this.pos + 2);
        if (end < 0) this.error('Unterminated comment.');
        this.pos = end + 2;
      } else return;
    }
  }

  private tok(kind: TokKind, start: number, text: string, value?: unknown): Token {
    const { line, col } = this.lineCol(start);
    return { kind, text, value, start, end: this.pos, line, col };
  }

  next(): Token {
    this.skipTrivia();
    const s = this.src;
    const start = this.pos;
    if (start >= s.length) return this.tok('eof', start, '<EOF>');
    const c = s[start]!;
    // bytes / raw string prefixes
    if (
      (c === 'b' || c === 'B' || c === 'r' || c === 'R') &&
      (s[start + 1] === "'" || s[start + 1] === '"')
    ) {
      this.pos++;
      const raw = c === 'r' || c === 'R';
      const str = this.readString(raw, c === 'b' || c === 'B');
      if (c === 'b' || c === 'B') return this.tok('bytes', start, s.slice(start, this.pos), str);
      return this.tok('string', start, s.slice(start, this.pos), str);
    }
    if (/[A-Za-z_]/.test(c)) {
      let e = start + 1;
      while (e < s.length && /[A-Za-z0-9_]/.test(s[e]!)) e++;
      this.pos = e;
      return this.tok('ident', start, s.slice(start, e));
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(s[start + 1] ?? '')))
      return this.readNumber();
    if (c === "'" || c === '"') {
      const str = this.readString(false, false);
      return this.tok('string', start, s.slice(start, this.pos), str);
    }
    for (const p of PUNCT) {
      if (s.startsWith(p, start)) {
        this.pos += p.length;
        return this.tok('punct', start, p);
      }
    }
    this.error(`Unexpected character '${c}'.`);
  }

  private readNumber(): Token {
    const s = this.src;
    const start = this.pos;
    const hex = /^0[xX][0-9a-fA-F]+/.exec(s.slice(start, start + 40));
    if (hex) {
      this.pos += hex[0].length;
      return this.tok('int', start, hex[0], BigInt(hex[0]));
    }
    const m = /^(?:[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?|\.[0-9]+([eE][+-]?[0-9]+)?)/.exec(
      s.slice(start),
    );
    const text = m![0];
    this.pos += text.length;
    if (/[.eE]/.test(text)) return this.tok('float', start, text, Number(text));
    return this.tok('int', start, text, BigInt(text));
  }

  /** Reads a quoted string at pos (quote char at pos). Decodes escapes unless raw. */
  private readString(raw: boolean, bytes: boolean): string | Uint8Array {
    const s = this.src;
    const q = s[this.pos]!;
    const triple = s.startsWith(q + q + q, this.pos);
    const start = this.pos;
    this.pos += triple ? 3 : 1;
    const out: number[] = []; // bytes for b'' literals (UTF-8), code points otherwise
    const pushText = (t: string): void => {
      if (bytes) for (const b of Buffer.from(t, 'utf8')) out.push(b);
      else for (const ch of t) out.push(ch.codePointAt(0)!);
    };
    for (;;) {
      if (this.pos >= s.length) this.error('Unterminated string literal.', start);
      const c = s[this.pos]!;
      if (triple ? s.startsWith(q + q + q, this.pos) : c === q) {
        this.pos += triple ? 3 : 1;
        break;
      }
      if (c === '\n' && !triple) this.error('Newline in string literal.', this.pos);
      if (c === '\\' && !raw) {
        const e = s[this.pos + 1];
        this.pos += 2;
        switch (e) {
          case 'n':
            out.push(10);
            break;
          case 't':
            out.push(9);
            break;
          case 'r':
            out.push(13);
            break;
          case 'b':
            out.push(8);
            break;
          case 'f':
            out.push(12);
            break;
          case 'v':
            out.push(11);
            break;
          case 'a':
            out.push(7);
            break;
          case '\\':
          case "'":
          case '"':
          case '`':
          case '?':
            out.push(e.charCodeAt(0));
            break;
          case 'x':
          case 'X': {
            const h = s.slice(this.pos, this.pos + 2);
            if (!/^[0-9a-fA-F]{2}$/.test(h)) this.error('Invalid \\x escape.', this.pos - 2);
            out.push(parseInt(h, 16));
            this.pos += 2;
            break;
          }
          case 'u':
          case 'U': {
            const n = e === 'u' ? 4 : 8;
            const h = s.slice(this.pos, this.pos + n);
            if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h))
              this.error(`Invalid \\${e} escape.`, this.pos - 2);
            this.pos += n;
            if (bytes) pushText(String.fromCodePoint(parseInt(h, 16)));
            else out.push(parseInt(h, 16));
            break;
          }
          default:
            if (e !== undefined && /[0-7]/.test(e)) {
              const o = s.slice(this.pos - 1, this.pos + 2);
              if (!/^[0-7]{3}$/.test(o)) this.error('Invalid octal escape.', this.pos - 2);
              out.push(parseInt(o, 8));
              this.pos += 2;
            } else this.error(`Invalid escape sequence '\\${e ?? ''}'.`, this.pos - 2);
        }
        continue;
      }
      const cp = s.codePointAt(this.pos)!;
      const ch = String.fromCodePoint(cp);
      pushText(ch);
      this.pos += ch.length;
    }
    if (bytes) return Uint8Array.from(out);
    return String.fromCodePoint(...out);
  }
}
