/**
 * A parser for the part of SOQL a connector reads with: `SELECT fields | COUNT() FROM Object [WHERE ...]
 * [ORDER BY field [ASC|DESC] [NULLS FIRST|LAST], ...] [LIMIT n] [OFFSET n]`, conditions joined with AND, OR,
 * NOT and parentheses, operators `= != <> < <= > >= LIKE IN NOT IN`, and string, number, boolean, null,
 * date and datetime literals. Anything else is a MALFORMED_QUERY, as Salesforce answers.
 */
import { salesforceError } from './errors.js';

export type Literal = string | number | boolean | null | { instant: number } | { date: string };

export type Condition =
  | {
      kind: 'compare';
      field: string;
      operator: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'LIKE';
      value: Literal;
    }
  | { kind: 'in'; field: string; negated: boolean; values: Literal[] }
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition };

export interface OrderBy {
  field: string;
  descending: boolean;
  nullsLast: boolean;
}

export interface SoqlQuery {
  /** Undefined for `COUNT()`. */
  fields?: string[];
  from: string;
  where?: Condition;
  orderBy: OrderBy[];
  limit?: number;
  offset?: number;
}

type Token = { type: 'word' | 'string' | 'number' | 'symbol'; text: string };

const tokenPattern =
  /\s*(?:(?<string>'(?:[^'\\]|\\.)*')|(?<datetime>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))|(?<date>\d{4}-\d{2}-\d{2})|(?<number>-?\d+(?:\.\d+)?)|(?<symbol><=|>=|!=|<>|[=<>(),])|(?<word>[A-Za-z_][A-Za-z0-9_.]*))/y;

const malformed = (detail: string) => salesforceError('MALFORMED_QUERY', detail);

const escapes: Record<string, string> = {
  n: '\n',
  N: '\n',
  r: '\r',
  R: '\r',
  t: '\t',
  T: '\t',
  b: '\b',
  B: '\b',
  f: '\f',
  F: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
};

/**
 * A quoted string's text with SOQL's escape sequences decoded; any other backslash is an error, as in
 * Salesforce. `\_` and `\%` stay escaped: they mean a literal `_` or `%` in a LIKE pattern, which reads them.
 */
function unescapeString(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (whole, code: string) => {
    if (code.length === 5) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (code === '_' || code === '%') return whole;
    const decoded = escapes[code];
    if (decoded === undefined) throw malformed(`Invalid string literal: unrecognized escape \\${code}`);
    return decoded;
  });
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(tokenPattern.lastIndex))) break;
    const start = tokenPattern.lastIndex;
    const match = tokenPattern.exec(text);
    if (!match?.groups) throw malformed(`unexpected token: '${text.slice(start).trim().split(/\s/)[0]}'`);
    const { string, datetime, date, number, symbol, word } = match.groups;
    if (string !== undefined) tokens.push({ type: 'string', text: unescapeString(string.slice(1, -1)) });
    else if (datetime !== undefined) tokens.push({ type: 'word', text: `@datetime:${datetime}` });
    else if (date !== undefined) tokens.push({ type: 'word', text: `@date:${date}` });
    else if (number !== undefined) tokens.push({ type: 'number', text: number });
    else if (symbol !== undefined) tokens.push({ type: 'symbol', text: symbol });
    else tokens.push({ type: 'word', text: word! });
  }
  return tokens;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private isKeyword(word: string): boolean {
    const token = this.peek();
    return token?.type === 'word' && token.text.toUpperCase() === word;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.position++;
    return true;
  }

  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word))
      throw malformed(`expecting '${word}', found '${this.peek()?.text ?? 'end of query'}'`);
  }

  private acceptSymbol(symbol: string): boolean {
    const token = this.peek();
    if (token?.type !== 'symbol' || token.text !== symbol) return false;
    this.position++;
    return true;
  }

  private identifier(): string {
    const token = this.peek();
    if (token?.type !== 'word' || token.text.startsWith('@')) {
      throw malformed(`expecting a field name, found '${token?.text ?? 'end of query'}'`);
    }
    this.position++;
    return token.text;
  }

  private integer(): number {
    const token = this.peek();
    if (token?.type !== 'number' || !/^\d+$/.test(token.text)) throw malformed('expecting a whole number');
    this.position++;
    return Number(token.text);
  }

  parse(): SoqlQuery {
    this.expectKeyword('SELECT');
    let fields: string[] | undefined;
    if (this.isKeyword('COUNT') && this.tokens[this.position + 1]?.text === '(') {
      this.position++;
      this.acceptSymbol('(');
      if (!this.acceptSymbol(')')) throw malformed('COUNT() takes no field in this emulator');
    } else {
      fields = [this.identifier()];
      while (this.acceptSymbol(',')) fields.push(this.identifier());
    }
    this.expectKeyword('FROM');
    const from = this.identifier();
    const query: SoqlQuery = { from, orderBy: [], ...(fields && { fields }) };
    if (this.acceptKeyword('WHERE')) query.where = this.disjunction();
    if (this.acceptKeyword('ORDER')) {
      this.expectKeyword('BY');
      do {
        const field = this.identifier();
        let descending = false;
        if (this.acceptKeyword('DESC')) descending = true;
        else this.acceptKeyword('ASC');
        let nullsLast = descending;
        if (this.acceptKeyword('NULLS')) {
          if (this.acceptKeyword('LAST')) nullsLast = true;
          else {
            this.expectKeyword('FIRST');
            nullsLast = false;
          }
        }
        query.orderBy.push({ field, descending, nullsLast });
      } while (this.acceptSymbol(','));
    }
    if (this.acceptKeyword('LIMIT')) query.limit = this.integer();
    if (this.acceptKeyword('OFFSET')) query.offset = this.integer();
    if (this.peek()) throw malformed(`unexpected token: '${this.peek()!.text}'`);
    return query;
  }

  private disjunction(): Condition {
    let left = this.conjunction();
    while (this.acceptKeyword('OR')) left = { kind: 'or', left, right: this.conjunction() };
    return left;
  }

  private conjunction(): Condition {
    let left = this.unary();
    while (this.acceptKeyword('AND')) left = { kind: 'and', left, right: this.unary() };
    return left;
  }

  private unary(): Condition {
    if (this.acceptKeyword('NOT')) return { kind: 'not', operand: this.unary() };
    if (this.acceptSymbol('(')) {
      const inner = this.disjunction();
      if (!this.acceptSymbol(')')) throw malformed("expecting ')'");
      return inner;
    }
    const field = this.identifier();
    if (this.acceptKeyword('IN')) return { kind: 'in', field, negated: false, values: this.list() };
    if (this.acceptKeyword('NOT')) {
      this.expectKeyword('IN');
      return { kind: 'in', field, negated: true, values: this.list() };
    }
    if (this.acceptKeyword('LIKE'))
      return { kind: 'compare', field, operator: 'LIKE', value: this.literal() };
    const token = this.peek();
    if (token?.type !== 'symbol' || !['=', '!=', '<>', '<', '<=', '>', '>='].includes(token.text)) {
      throw malformed(`expecting an operator after '${field}', found '${token?.text ?? 'end of query'}'`);
    }
    this.position++;
    const operator = (token.text === '<>' ? '!=' : token.text) as '=' | '!=' | '<' | '<=' | '>' | '>=';
    return { kind: 'compare', field, operator, value: this.literal() };
  }

  private list(): Literal[] {
    if (!this.acceptSymbol('(')) throw malformed("expecting '(' after IN");
    const values = [this.literal()];
    while (this.acceptSymbol(',')) values.push(this.literal());
    if (!this.acceptSymbol(')')) throw malformed("expecting ')' to close IN");
    return values;
  }

  private literal(): Literal {
    const token = this.peek();
    if (!token) throw malformed('expecting a value, found end of query');
    this.position++;
    if (token.type === 'string') return token.text;
    if (token.type === 'number') return Number(token.text);
    if (token.type === 'word') {
      if (token.text.startsWith('@datetime:')) return { instant: Date.parse(token.text.slice(10)) };
      if (token.text.startsWith('@date:')) return { date: token.text.slice(6) };
      const upper = token.text.toUpperCase();
      if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
      if (upper === 'NULL') return null;
    }
    throw malformed(`unexpected value: '${token.text}'`);
  }
}

export function parseSoql(text: string): SoqlQuery {
  return new Parser(tokenize(text)).parse();
}
