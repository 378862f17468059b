/**
 * A safe arithmetic evaluator for the calculator plugin: a tokenizer and a recursive-descent
 * parser over numbers, + - * / % ^ (right-associative), unary signs, parentheses, a fixed table
 * of functions and the constants pi and e. It evaluates what it parses and nothing else: no
 * eval, no Function, no property lookups on objects the input names.
 */

export class ExpressionError extends Error {}

const MAX_INPUT_CHARS = 1000;
const MAX_DEPTH = 64;

const CONSTANTS = new Map<string, number>([
  ['pi', Math.PI],
  ['e', Math.E],
  ['tau', 2 * Math.PI],
]);

type Fn = { arity: [number, number]; apply: (args: number[]) => number };
const one = (f: (x: number) => number): Fn => ({ arity: [1, 1], apply: (a) => f(a[0]!) });
const FUNCTIONS = new Map<string, Fn>([
  ['sqrt', one(Math.sqrt)],
  ['cbrt', one(Math.cbrt)],
  ['abs', one(Math.abs)],
  ['sin', one(Math.sin)],
  ['cos', one(Math.cos)],
  ['tan', one(Math.tan)],
  ['asin', one(Math.asin)],
  ['acos', one(Math.acos)],
  ['atan', one(Math.atan)],
  ['sinh', one(Math.sinh)],
  ['cosh', one(Math.cosh)],
  ['tanh', one(Math.tanh)],
  ['ln', one(Math.log)],
  ['log', one(Math.log10)],
  ['log10', one(Math.log10)],
  ['log2', one(Math.log2)],
  ['exp', one(Math.exp)],
  ['floor', one(Math.floor)],
  ['ceil', one(Math.ceil)],
  ['round', one(Math.round)],
  ['trunc', one(Math.trunc)],
  ['sign', one(Math.sign)],
  ['min', { arity: [1, 100], apply: (a) => Math.min(...a) }],
  ['max', { arity: [1, 100], apply: (a) => Math.max(...a) }],
  ['pow', { arity: [2, 2], apply: (a) => a[0]! ** a[1]! }],
]);

type Token =
  | { kind: 'num'; value: number; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'op'; value: string; at: number };

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const rest = input.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const num = NUMBER.exec(rest);
    if (num) {
      tokens.push({ kind: 'num', value: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', value: name[0].toLowerCase(), at: i });
      i += name[0].length;
      continue;
    }
    const op = rest.startsWith('**') ? '^' : rest[0]!;
    if (!'+-*/%^(),×÷'.includes(op))
      throw new ExpressionError(`Unexpected character "${rest[0]}" at ${i + 1}`);
    tokens.push({ kind: 'op', value: op === '×' ? '*' : op === '÷' ? '/' : op, at: i });
    i += rest.startsWith('**') ? 2 : 1;
  }
  return tokens;
}

/** Evaluates an arithmetic expression; throws ExpressionError on anything else. */
export function evaluate(input: string): number {
  if (input.length > MAX_INPUT_CHARS) throw new ExpressionError('The expression is too long');
  const tokens = tokenize(input);
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => {
    const t = peek();
    return t?.kind === 'op' && t.value === v;
  };
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`Expected "${v}"${where()}`);
    pos++;
  };
  const where = () => {
    const t = peek();
    return t ? ` at ${t.at + 1}` : ' at the end';
  };
  const nested = <T>(f: () => T): T => {
    if (++depth > MAX_DEPTH) throw new ExpressionError('The expression is nested too deeply');
    try {
      return f();
    } finally {
      depth--;
    }
  };

  // sum := product (('+' | '-') product)*
  const sum = (): number => {
    let v = product();
    while (isOp('+') || isOp('-')) {
      const op = tokens[pos++]!.value;
      const r = product();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  // product := unary (('*' | '/' | '%') unary)*
  const product = (): number => {
    let v = unary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = tokens[pos++]!.value;
      const r = unary();
      v = op === '*' ? v * r : op === '/' ? v / r : v % r;
    }
    return v;
  };
  // unary := ('+' | '-') unary | power
  const unary = (): number =>
    nested(() => {
      if (isOp('-')) {
        pos++;
        return -unary();
      }
      if (isOp('+')) {
        pos++;
        return unary();
      }
      return power();
    });
  // power := atom ('^' unary)?     (right-associative: 2^3^2 = 2^9; -2^2 = -4)
  const power = (): number => {
    const base = atom();
    if (!isOp('^')) return base;
    pos++;
    return base ** unary();
  };
  // atom := number | constant | function '(' sum (',' sum)* ')' | '(' sum ')'
  const atom = (): number =>
    nested(() => {
      const t = peek();
      if (!t) throw new ExpressionError('The expression ends too early');
      if (t.kind === 'num') {
        pos++;
        return t.value;
      }
      if (t.kind === 'name') {
        pos++;
        const fn = FUNCTIONS.get(t.value);
        if (fn) {
          expect('(');
          const args = [sum()];
          while (isOp(',')) {
            pos++;
            args.push(sum());
          }
          expect(')');
          if (args.length < fn.arity[0] || args.length > fn.arity[1]) {
            throw new ExpressionError(`${t.value} takes ${fn.arity.join(' to ')} arguments`);
          }
          return fn.apply(args);
        }
        const c = CONSTANTS.get(t.value);
        if (c === undefined) throw new ExpressionError(`Unknown name "${t.value}"`);
        return c;
      }
      if (t.value === '(') {
        pos++;
        const v = sum();
        expect(')');
        return v;
      }
      throw new ExpressionError(`Unexpected "${t.value}"${where()}`);
    });

  if (tokens.length === 0) throw new ExpressionError('The expression is empty');
  const value = sum();
  if (pos < tokens.length) throw new ExpressionError(`Unexpected "${tokens[pos]!.value}"${where()}`);
  return value;
}

/** The result as the calculator answers it: integers exact, others to 12 significant digits. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER) return String(value);
  return String(Number(value.toPrecision(12)));
}
