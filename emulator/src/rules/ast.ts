// AST of the Security Rules language (rules_version '1' and '2').
// Every node carries the 1-based line and column where it starts so that denial messages can
// name the rules file position like the official emulator does ("@ L12", "at L4:15").

export interface Pos {
  line: number;
  col: number;
}

export type Expr =
  | { kind: 'lit'; value: unknown; pos: Pos } // value is already a rules runtime value
  | { kind: 'ident'; name: string; pos: Pos }
  | { kind: 'member'; obj: Expr; name: string; pos: Pos }
  | { kind: 'index'; obj: Expr; index: Expr; pos: Pos }
  | { kind: 'slice'; obj: Expr; from: Expr | null; to: Expr | null; pos: Pos }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: Pos }
  | { kind: 'unary'; op: '!' | '-'; arg: Expr; pos: Pos }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: Pos }
  | { kind: 'is'; arg: Expr; typeName: string; pos: Pos }
  | { kind: 'ternary'; cond: Expr; then: Expr; else: Expr; pos: Pos }
  | { kind: 'list'; items: Expr[]; pos: Pos }
  | { kind: 'map'; entries: { key: Expr; value: Expr }[]; pos: Pos }
  | { kind: 'path'; segments: PathLitSegment[]; pos: Pos };

export type BinaryOp =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** A segment of a path literal: raw text, or `$(expr)` interpolation. */
export type PathLitSegment = { kind: 'text'; text: string } | { kind: 'expr'; expr: Expr };

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: { name: string; value: Expr; pos: Pos }[];
  body: Expr;
  pos: Pos;
}

/** One segment of a `match` path pattern. */
export type MatchSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'var'; name: string }
  | { kind: 'rest'; name: string }; // {name=**}

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowDecl {
  /** Methods as written (read/write are kept so messages can name them). */
  methods: string[];
  /** Expanded concrete methods. */
  expanded: Set<Method>;
  cond: Expr | null; // null: `allow read;` (unconditional)
  pos: Pos;
}

export interface MatchDecl {
  segments: MatchSegment[];
  functions: FunctionDecl[];
  allows: AllowDecl[];
  matches: MatchDecl[];
  pos: Pos;
}

export interface ServiceDecl {
  name: string; // 'cloud.firestore' | 'firebase.storage'
  functions: FunctionDecl[];
  matches: MatchDecl[];
  pos: Pos;
}

export interface RulesFile {
  version: '1' | '2';
  functions: FunctionDecl[]; // top-level functions (outside any service)
  services: ServiceDecl[];
}
