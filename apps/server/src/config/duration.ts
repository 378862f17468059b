/**
 * LibreChat's .env writes durations as arithmetic in milliseconds (`1000 * 60 * 15`,
 * `(1000 * 60 * 60 * 24) * 7`), and LibreChat evaluates them as such. This reads the same
 * notation (numbers, + - * /, parentheses) with a small parser of its own: nothing in the file is
 * ever run as code.
 */

type Token = { kind: 'number'; value: number } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|([-+*/()]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    if (m[1] !== undefined) tokens.push({ kind: 'number', value: Number(m[1]) });
    else tokens.push({ kind: 'op', value: m[2]! });
    at = re.lastIndex;
  }
  return tokens;
}

/**
 * The value of `text` (numbers, + - * /, parentheses, spaces; the usual precedence), or null when
 * it is not such an expression or does not come to a finite number.
 */
export function evaluateArithmetic(text: string): number | null {
  // The nesting (and so the recursion) is bounded by the text's length; a setting is a short line.
  if (text.length > 200) return null;
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return null;
  let i = 0;

  const peek = () => tokens[i];
  const isOp = (value: string) => {
    const t = peek();
    return t?.kind === 'op' && t.value === value;
  };

  function primary(): number | null {
    const t = peek();
    if (!t) return null;
    if (t.kind === 'number') {
      i++;
      return t.value;
    }
    if (t.value === '-' || t.value === '+') {
      i++;
      const v = primary();
      return v === null ? null : t.value === '-' ? -v : v;
    }
    if (t.value === '(') {
      i++;
      const v = sum();
      if (v === null || !isOp(')')) return null;
      i++;
      return v;
    }
    return null;
  }

  function product(): number | null {
    let left = primary();
    while (left !== null && (isOp('*') || isOp('/'))) {
      const op = (peek() as { value: string }).value;
      i++;
      const right = primary();
      if (right === null) return null;
      left = op === '*' ? left * right : left / right;
    }
    return left;
  }

  function sum(): number | null {
    let left = product();
    while (left !== null && (isOp('+') || isOp('-'))) {
      const op = (peek() as { value: string }).value;
      i++;
      const right = product();
      if (right === null) return null;
      left = op === '+' ? left + right : left - right;
    }
    return left;
  }

  const value = sum();
  if (value === null || i !== tokens.length || !Number.isFinite(value)) return null;
  return value;
}
