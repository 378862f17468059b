/**
 * Text PostgreSQL can store. Two things a JavaScript string may hold are not storable: NUL
 * (U+0000; `text` and `jsonb` refuse it, so the row fails with a 500) and unpaired UTF-16
 * surrogates (not Unicode: the driver would silently store U+FFFD instead, so what was streamed
 * or answered would differ from what is saved). Client input carrying either is refused (see
 * input-guard.ts); text from upstreams is made storable with `toStorable`.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
// Cheap first test: most strings have no NUL and no surrogate at all.
// eslint-disable-next-line no-control-regex -- as above
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

export const REPLACEMENT_CHAR = '\uFFFD';

export function isStorable(s: string): boolean {
  return !SUSPECT.test(s) || !UNSTORABLE.test(s);
}

/** The text with each NUL and unpaired surrogate replaced by U+FFFD (valid pairs are kept). */
export function toStorable(s: string): string {
  return isStorable(s) ? s : s.replace(UNSTORABLE_ALL, REPLACEMENT_CHAR);
}

export type JsonPath = string[];

interface Node {
  value: unknown;
  key: string | undefined;
  parent: Node | undefined;
}

function pathOf(node: Node): JsonPath {
  const path: JsonPath = [];
  for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The path of the first string (value or object key) in a parsed JSON value, query or params
 * object that is not storable; undefined when all are. For a bad key the path ends with that key.
 * Iterative, with parent links rather than copied paths: bodies may nest 100,000 levels deep.
 */
export function findUnstorable(root: unknown): JsonPath | undefined {
  const stack: Node[] = [{ value: root, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (!isStorable(value)) return pathOf(node);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    // Own enumerable keys only (`__proto__` too, when JSON.parse made it an own key); array
    // indices come as strings, which is how a path shows them anyway.
    const keys = Object.keys(value);
    const children = keys.map((key): Node => ({
      value: (value as Record<string, unknown>)[key],
      key,
      parent: node,
    }));
    const badKey = children.find((c) => !isStorable(c.key as string));
    if (badKey) return pathOf(badKey);
    // Reversed, so the document's first field is looked at first.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}
