import fc from 'fast-check';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent that does not throw on lone surrogates (they become U+FFFD). */
export const encodePart = (s: string): string => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));

/** Strings that have broken servers: traversal, NUL, encodings, prototype keys, injections. */
const NASTY_STRINGS = [
  '',
  ' ',
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '💥'.repeat(50),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '${7*7}',
  '{{7*7}}',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  'a'.repeat(10_000),
];

/** Path fragments sent raw (not encoded), as an attacker would put them on the wire. */
export const RAW_PATH_PARTS = [
  '..',
  '../..',
  '..%2f..%2f',
  '%2e%2e%2f%2e%2e%2f',
  '%2e%2e',
  '%00',
  '%ff',
  '%c0%ae%c0%ae',
  '%',
  '%zz',
  '%252e%252e',
  '%ed%a0%80',
  '.',
  ';',
  '*',
  '~',
  'x'.repeat(300),
  '7b0c8a4e-1d2f-4a3b-9c5d-6e7f8a9b0c1d',
  '00000000-0000-0000-0000-000000000000',
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)) },
);

const scalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e308),
);

const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'arg', 'text'), fc.string());

/** Any JSON value, with prototype keys, wrong types and big strings among them. */
export const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A raw body made to be hard to parse: deep nesting, invalid UTF-8, truncation, huge numbers. */
export const nastyRawBody = fc.oneof(
  fc.integer({ min: 1, max: 200_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1, max: 50_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `{"__proto__":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'nul',
    '{"a":1}{"b":2}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1e999999}',
    `{"a":${'9'.repeat(100_000)}}`,
    '\uFEFF{}',
    '"\\ud800"',
  ),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
);

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/vnd.api+json',
  ';;;',
  '',
];

/** A query string of arbitrary (sometimes repeated, sometimes bracketed) keys and values. */
export const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(fc.oneof(key, fc.constantFrom('pageNumber', 'lastEventId', 'q', 'a[b]', 'a[]')), nastyString),
      {
        maxLength: 4,
      },
    )
    .map(
      (pairs) =>
        `?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, v.slice(0, 3000)])).toString()}`,
    ),
  fc.constantFrom(
    '?',
    '?&&',
    '?=',
    '?pageNumber',
    '?pageNumber=%ff',
    '?pageNumber[]=1&pageNumber=2',
    '?%00=%00',
    '?q=a%00b',
    '?pageNumber=1%00',
    '?lastEventId=%ED%A0%80',
    '?q=%C0%80',
  ),
);

/**
 * Strings PostgreSQL refuses (NUL, in text and jsonb) or that are not Unicode text (lone
 * surrogates, which JSON can carry as `\ud800` escapes): every one must be refused with a 400 or
 * stored cleanly, never reach the database as a 500.
 */
export const UNSTORABLE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(50) + '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  'ok \uD83D',
];

/** A string with a NUL or a lone surrogate somewhere in ordinary text. */
const unstorableString = fc.oneof(
  fc.constantFrom(...UNSTORABLE_STRINGS),
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\uD800', '\uDC00', '\uDBFF'), fc.string())
    .map(([a, bad, b]) => a + bad + b),
);

/** Query strings whose values decode to NUL or to bytes that are not UTF-8 (sent as written). */
export const UNSTORABLE_QUERY_VALUES = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', '%F4%90%80%80'];

/** Paths of every string in a JSON document. */
export function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
}

/** A copy of a JSON document with the value at `path` replaced. */
export function replaceAt(doc: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) as Record<
    string | number,
    unknown
  >;
  define(parent, path.at(-1)!, value);
  return copy;
}

/** A valid body with one of its strings (picked by index) replaced by an unstorable one. */
export const poisoned = (valid: unknown) =>
  fc.record({ pick: fc.nat(), bad: unstorableString }).map(({ pick, bad }) => {
    const all = stringPaths(valid);
    if (all.length === 0) return { ...(valid as object), ['k' + bad]: bad };
    return replaceAt(valid, all[pick % all.length]!, bad);
  });

/** Every value in a JSON document with the path to it. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  // Object.entries, not Array#map: a mutated array may carry an own `constructor` key.
  const entries = Object.entries(value);
  return [at, ...entries.flatMap(([k, v]) => paths(v, [...at, k]))];
}

interface Mutation {
  at: number;
  kind: 'set' | 'delete' | 'add';
  key: string;
  value: unknown;
}

export const mutations = fc.array(
  fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('set', 'delete', 'add') as fc.Arbitrary<Mutation['kind']>,
    key,
    value: jsonish,
  }),
  { minLength: 1, maxLength: 3 },
);

function define(target: object, key: string | number, value: unknown): void {
  Reflect.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of a valid body with some values replaced, removed or added (wrong types, extra keys). */
export function mutate(valid: unknown, ops: Mutation[]): unknown {
  let doc: unknown = structuredClone(valid);
  for (const op of ops) {
    const all = paths(doc);
    const path = all[op.at % all.length]!;
    if (path.length === 0) {
      if (op.kind === 'set') doc = op.value;
      else if (doc && typeof doc === 'object') define(doc, op.key, op.value);
      continue;
    }
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], doc) as Record<string | number, unknown>;
    const last = path.at(-1)!;
    // Own properties even for `__proto__`; Reflect never throws on a non-configurable one.
    if (op.kind === 'delete') Reflect.deleteProperty(parent, last);
    else define(parent, op.kind === 'set' ? last : op.key, op.value);
  }
  return doc;
}
