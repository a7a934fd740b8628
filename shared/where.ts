// The `where` filter of list queries, in either of its two forms (docs/protocol.md):
// a JSON object, or the documented SQL-like text. Both are parsed into the same small tree,
// which the server validates against the table's columns and builds with Kysely, so the
// text is never handed to the database.

export type WhereScalar = string | number | boolean;
export type CompareOp = "=" | "!=" | "<" | "<=" | ">" | ">=";

export type WhereNode =
  | { kind: "and"; children: WhereNode[] }
  | { kind: "or"; children: WhereNode[] }
  | { kind: "cmp"; column: string; op: CompareOp; value: WhereScalar }
  | { kind: "in"; column: string; values: WhereScalar[]; negated: boolean }
  | { kind: "null"; column: string; negated: boolean }
  | { kind: "contains"; column: string; value: WhereScalar };

/** A filter that could not be understood; the message says what and where. */
export class WhereError extends Error {}

// Bounds keep a hostile filter from costing more than a normal one.
export const WHERE_LIMITS = { maxChars: 4000, maxConditions: 100, maxDepth: 16, maxInValues: 1000 } as const;

/** Parses either form; blank input means no filter (null). */
export function parseWhere(input: string): WhereNode | null {
  const text = input.trim();
  if (!text) return null;
  if (text.length > WHERE_LIMITS.maxChars) throw new WhereError(`longer than ${WHERE_LIMITS.maxChars} characters`);
  if (text.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new WhereError(`malformed JSON (${(e as Error).message})`);
    }
    return parseJsonWhere(value);
  }
  return parseTextWhere(text);
}

// ---------------------------------------------------------------------------------------
// Text form: col = 'x' | col != 'x' | col IN ('a','b') | col IS [NOT] NULL |
// JSON_CONTAINS(col, 'x'), joined by AND / OR with parentheses.

type TokenKind = "ident" | "string" | "number" | "(" | ")" | "," | "op" | "end";
interface Token {
  kind: TokenKind;
  text: string; // strings arrive here unescaped
  upper: string; // for keyword matching; empty for quoted identifiers

  pos: number;
}

const OPS = ["<=", ">=", "!=", "<>", "=", "<", ">"];

function describe(t: Token): string {
  if (t.kind === "end") return "end of input";
  return t.kind === "string" ? `string '${t.text}'` : `'${t.text}'`;
}

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      // Quotes inside are escaped by doubling them, as in SQL.
      let value = "";
      i++;
      for (;;) {
        if (i >= src.length) throw new WhereError(`unterminated string starting at position ${start}`);
        if (src[i] === c) {
          if (src[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += src[i++];
      }
      out.push({ kind: "string", text: value, upper: value, pos: start });
      continue;
    }
    if (c === "`") {
      const end = src.indexOf("`", i + 1);
      if (end < 0) throw new WhereError(`unterminated identifier starting at position ${start}`);
      const name = src.slice(i + 1, end);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new WhereError(`invalid column name '${name}' at position ${start}`);
      out.push({ kind: "ident", text: name, upper: "", pos: start }); // quoted: never a keyword
      i = end + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?(?![A-Za-z_\d])/.exec(src.slice(i));
    if (num) {
      out.push({ kind: "number", text: num[0], upper: num[0], pos: start });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (ident) {
      out.push({ kind: "ident", text: ident[0], upper: ident[0].toUpperCase(), pos: start });
      i += ident[0].length;
      continue;
    }
    if (c === "(" || c === ")" || c === ",") {
      out.push({ kind: c, text: c, upper: c, pos: start });
      i++;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      out.push({ kind: "op", text: op, upper: op, pos: start });
      i += op.length;
      continue;
    }
    throw new WhereError(`unexpected '${c}' at position ${start}`);
  }
  out.push({ kind: "end", text: "", upper: "", pos: src.length });
  return out;
}

const KEYWORDS = new Set(["AND", "OR", "NOT", "IN", "IS", "NULL", "TRUE", "FALSE", "JSON_CONTAINS", "SELECT"]);

class TextParser {
  private i = 0;
  private conditions = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): WhereNode {
    const node = this.orExpr(0);
    const t = this.peek();
    if (t.kind !== "end") throw this.unexpected(t);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }
  private next(): Token {
    return this.tokens[this.i++];
  }
  private isKeyword(t: Token, kw: string): boolean {
    return t.kind === "ident" && t.upper === kw;
  }
  private unexpected(t: Token, expected?: string): WhereError {
    if (t.kind === "end") return new WhereError(expected ? `expected ${expected} at end of input` : "unexpected end of input");
    return new WhereError(`${expected ? `expected ${expected}, found` : "unexpected"} ${describe(t)} at position ${t.pos}`);
  }
  private expect(kind: TokenKind, what: string): Token {
    const t = this.next();
    if (t.kind !== kind) throw this.unexpected(t, what);
    return t;
  }

  private orExpr(depth: number): WhereNode {
    if (depth > WHERE_LIMITS.maxDepth) throw new WhereError(`nested deeper than ${WHERE_LIMITS.maxDepth} levels`);
    const children = [this.andExpr(depth)];
    while (this.isKeyword(this.peek(), "OR")) {
      this.next();
      children.push(this.andExpr(depth));
    }
    return children.length === 1 ? children[0] : { kind: "or", children };
  }

  private andExpr(depth: number): WhereNode {
    const children = [this.primary(depth)];
    while (this.isKeyword(this.peek(), "AND")) {
      this.next();
      children.push(this.primary(depth));
    }
    return children.length === 1 ? children[0] : { kind: "and", children };
  }

  private primary(depth: number): WhereNode {
    const t = this.peek();
    if (t.kind === "(") {
      this.next();
      const inner = this.orExpr(depth + 1);
      this.expect(")", "')'");
      return inner;
    }
    if (++this.conditions > WHERE_LIMITS.maxConditions) throw new WhereError(`more than ${WHERE_LIMITS.maxConditions} conditions`);
    if (this.isKeyword(t, "JSON_CONTAINS")) return this.jsonContains();
    const column = this.column();
    const op = this.next();
    if (op.kind === "op") {
      const value = this.literal();
      if (value === null) throw new WhereError(`use IS NULL or IS NOT NULL to compare with NULL (position ${op.pos})`);
      return { kind: "cmp", column, op: op.text === "<>" ? "!=" : (op.text as CompareOp), value };
    }
    if (this.isKeyword(op, "IS")) {
      const negated = this.isKeyword(this.peek(), "NOT");
      if (negated) this.next();
      const n = this.next();
      if (!this.isKeyword(n, "NULL")) throw this.unexpected(n, "NULL");
      return { kind: "null", column, negated };
    }
    const negated = this.isKeyword(op, "NOT");
    const inTok = negated ? this.next() : op;
    if (this.isKeyword(inTok, "IN")) return { kind: "in", column, values: this.valueList(), negated };
    throw this.unexpected(inTok, "an operator (=, !=, <, <=, >, >=, IN, IS)");
  }

  private column(): string {
    const t = this.next();
    // A quoted identifier has an empty `upper`, so it is never mistaken for a keyword.
    if (t.kind !== "ident" || KEYWORDS.has(t.upper)) throw this.unexpected(t, "a column name");
    return t.text;
  }

  private literal(): WhereScalar | null {
    const t = this.next();
    if (t.kind === "string") return t.text;
    if (t.kind === "number") {
      const n = Number(t.text);
      if (!Number.isFinite(n)) throw this.unexpected(t, "a number");
      return n;
    }
    if (this.isKeyword(t, "TRUE")) return true;
    if (this.isKeyword(t, "FALSE")) return false;
    if (this.isKeyword(t, "NULL")) return null;
    throw this.unexpected(t, "a value");
  }

  private valueList(): WhereScalar[] {
    this.expect("(", "'('");
    const values: WhereScalar[] = [];
    for (;;) {
      const v = this.literal();
      if (v === null) throw new WhereError("NULL is not allowed in an IN list");
      values.push(v);
      if (values.length > WHERE_LIMITS.maxInValues) throw new WhereError(`more than ${WHERE_LIMITS.maxInValues} values in an IN list`);
      const sep = this.next();
      if (sep.kind === ")") return values;
      if (sep.kind !== ",") throw this.unexpected(sep, "',' or ')'");
    }
  }

  private jsonContains(): WhereNode {
    this.next();
    this.expect("(", "'('");
    const column = this.column();
    this.expect(",", "','");
    const raw = this.literal();
    if (raw === null) throw new WhereError("JSON_CONTAINS needs a value");
    // MySQL-style clients pass the candidate as JSON text ('"a@b.c"' or '5'); unwrap it.
    const value = typeof raw === "string" ? unwrapJsonScalar(raw) : raw;
    const t = this.next();
    if (t.kind === ",") {
      // An optional path argument; only the document root means anything here.
      const path = this.next();
      if (path.kind !== "string" || path.text !== "$") throw this.unexpected(path, "'$'");
      this.expect(")", "')'");
    } else if (t.kind !== ")") {
      throw this.unexpected(t, "')'");
    }
    return { kind: "contains", column, value };
  }
}

function unwrapJsonScalar(s: string): WhereScalar {
  const t = s.trim();
  if (t.startsWith('"') || /^-?\d/.test(t) || t === "true" || t === "false") {
    try {
      const v: unknown = JSON.parse(t);
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
    } catch {
      /* not JSON: the text itself is the value */
    }
  }
  return s;
}

export function parseTextWhere(text: string): WhereNode {
  return new TextParser(tokenize(text)).parse();
}

// ---------------------------------------------------------------------------------------
// JSON form: {"col": v, "col": {"in": [...]}, "or": [{...}, {...}]}; keys are ANDed.

const isScalar = (v: unknown): v is WhereScalar => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean";
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const RANGE_OPS: Record<string, CompareOp> = { eq: "=", ne: "!=", neq: "!=", lt: "<", lte: "<=", gt: ">", gte: ">=" };

export function parseJsonWhere(value: unknown): WhereNode | null {
  const counter = { n: 0 };
  const node = jsonObject(value, 0, counter);
  return node.children.length === 0 ? null : node.children.length === 1 ? node.children[0] : node;
}

function jsonObject(value: unknown, depth: number, counter: { n: number }): { kind: "and"; children: WhereNode[] } {
  if (!isPlainObject(value)) throw new WhereError("expected a JSON object");
  if (depth > WHERE_LIMITS.maxDepth) throw new WhereError(`nested deeper than ${WHERE_LIMITS.maxDepth} levels`);
  const children: WhereNode[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === "or" || key === "and") {
      if (!Array.isArray(v) || v.length === 0) throw new WhereError(`'${key}' needs a non-empty array of objects`);
      const parts = v.map((x) => jsonObject(x, depth + 1, counter));
      children.push({ kind: key, children: parts });
      continue;
    }
    children.push(...jsonColumn(key, v));
    counter.n += 1;
    if (counter.n > WHERE_LIMITS.maxConditions) throw new WhereError(`more than ${WHERE_LIMITS.maxConditions} conditions`);
  }
  return { kind: "and", children };
}

function scalarList(column: string, op: string, v: unknown): WhereScalar[] {
  if (!Array.isArray(v) || !v.every(isScalar)) throw new WhereError(`'${op}' for ${column} needs an array of values`);
  if (v.length > WHERE_LIMITS.maxInValues) throw new WhereError(`more than ${WHERE_LIMITS.maxInValues} values in an IN list`);
  return v;
}

function jsonColumn(column: string, v: unknown): WhereNode[] {
  if (v === null) return [{ kind: "null", column, negated: false }];
  if (isScalar(v)) return [{ kind: "cmp", column, op: "=", value: v }];
  if (Array.isArray(v)) return [{ kind: "in", column, values: scalarList(column, "in", v), negated: false }];
  if (!isPlainObject(v)) throw new WhereError(`unsupported value for ${column}`);
  const ops = Object.entries(v);
  if (ops.length === 0) throw new WhereError(`empty condition for ${column}`);
  return ops.map(([op, arg]): WhereNode => {
    switch (op) {
      case "in":
        return { kind: "in", column, values: scalarList(column, op, arg), negated: false };
      case "nin":
      case "notIn":
        return { kind: "in", column, values: scalarList(column, op, arg), negated: true };
      case "contains":
        if (!isScalar(arg)) throw new WhereError(`'contains' for ${column} needs a single value`);
        return { kind: "contains", column, value: arg };
      case "not":
        if (arg === null) return { kind: "null", column, negated: true };
        if (Array.isArray(arg)) return { kind: "in", column, values: scalarList(column, op, arg), negated: true };
        if (!isScalar(arg)) throw new WhereError(`'not' for ${column} needs a value or null`);
        return { kind: "cmp", column, op: "!=", value: arg };
      default: {
        const cmp = RANGE_OPS[op];
        if (!cmp) throw new WhereError(`unknown operator '${op}' for ${column}`);
        if (arg === null && (op === "eq" || op === "ne" || op === "neq")) return { kind: "null", column, negated: op !== "eq" };
        if (!isScalar(arg)) throw new WhereError(`'${op}' for ${column} needs a single value`);
        return { kind: "cmp", column, op: cmp, value: arg };
      }
    }
  });
}

/** Every column a filter mentions (for checking them against a table). */
export function whereColumns(node: WhereNode | null): string[] {
  if (!node) return [];
  if (node.kind === "and" || node.kind === "or") return node.children.flatMap(whereColumns);
  return [node.column];
}
