/**
 * The app's error serializer for pino (`err`): what an operator needs to find a fault, and none
 * of the values the failing operation carried.
 *
 * Pino's standard serializer copies every enumerable field of an error, and the errors our
 * libraries raise carry the data they were handling: Drizzle's query error has the bound `params`
 * (a password hash, a message's text) in its `params` field, its message and its stack; the
 * driver's error has a `detail` echoing the refused row ("Failing row contains (…)", "Key
 * (email)=(…)"); the AI SDK's errors carry the whole prompt (`requestBodyValues`), the upstream's
 * body, or the chunk that failed to parse. So this is an allow list: the type, a cleaned message,
 * the stack frames, and a few named fields (SQLSTATE, constraint, table, query text without its
 * values, HTTP status, network codes), for the error and each `cause` / `errors` entry.
 */

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/** Fields copied as they are when they are short strings or numbers: they name, never carry, data. */
const SAFE_FIELDS = [
  // SQLSTATE and where it happened (pg and PGlite's DatabaseError)
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  // Node network errors
  'errno',
  'syscall',
  'address',
  'port',
  // HTTP answers (Fastify, the AI SDK's APICallError)
  'statusCode',
  'status',
  'isRetryable',
  'reason',
] as const;

const MAX_DEPTH = 4;
const MAX_ERRORS = 5;
const MAX_FIELD_CHARS = 200;

/** Patterns of secrets that may sit inside a message (a library's, an upstream's). */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[^\s"',]+/gi, '$1 [Redacted]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[Redacted]'], // a JWT
  [/\$argon2[^\s"',]*/g, '[Redacted]'],
  [/\b(sk|pk|rk)-[\w-]{8,}/g, '[Redacted]'], // OpenAI / Anthropic style keys
  [/\bAIza[\w-]{20,}/g, '[Redacted]'], // Google API keys
  [/(https?:\/\/[^\s?#"']+)\?[^\s#"']*/g, '$1?[Redacted]'], // query strings (Google's ?key=)
  [/\b(API key provided:?\s*)[^\s"',]+/gi, '$1[Redacted]'], // OpenAI's 401 quotes the key it refused
];

/** Where a library's message starts quoting the data it failed on; the rest is dropped. */
const VALUE_MARKERS = ['\nparams:', ': Value:', ': Text:'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function typeOf(err: Record<string, unknown>): string {
  if (typeof err.name === 'string' && err.name !== 'Error') return err.name;
  const ctor = (err as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof ctor === 'string' && ctor !== 'Object' ? ctor : 'Error';
}

/** Removes configured secrets and secret-looking strings from a text. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 8) out = out.split(s).join('[Redacted]');
  for (const [re, by] of SECRET_PATTERNS) out = out.replace(re, by);
  return out;
}

function cleanMessage(err: Record<string, unknown>, secrets: readonly string[]): string {
  let message = typeof err.message === 'string' ? err.message : '';
  for (const marker of VALUE_MARKERS) {
    const at = message.indexOf(marker);
    if (at >= 0) message = message.slice(0, at);
  }
  // Drizzle's "Failed query: <text>": the text goes in its own `query` field, once.
  if (typeof err.query === 'string' && message.startsWith('Failed query:')) message = 'Failed query';
  // SQLSTATE class 22 (data exception) messages quote the offending value:
  // invalid input syntax for type uuid: "…", value "…" is out of range.
  if (typeof err.code === 'string' && err.code.startsWith('22')) {
    message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"[value]"');
  }
  return scrub(message, secrets);
}

/** The stack's frames under a header rebuilt from the cleaned message (the original repeats it). */
function cleanStack(stack: unknown, header: string): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

function serialize(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (!isRecord(value)) {
    return typeof value === 'string' ? scrub(value, secrets) : value;
  }
  const type = typeOf(value);
  const message = cleanMessage(value, secrets);
  const out: SerializedError = { type, message };
  const stack = cleanStack(value.stack, `${type}: ${message}`);
  if (stack) out.stack = stack;
  for (const field of SAFE_FIELDS) {
    const v = value[field];
    if (typeof v === 'number' || typeof v === 'boolean') out[field] = v;
    else if (typeof v === 'string' && v.length <= MAX_FIELD_CHARS) out[field] = scrub(v, secrets);
  }
  // Drizzle's query error: the statement's text, whose values are placeholders ($1, $2…).
  if (typeof value.query === 'string' && 'params' in value) out.query = value.query;
  if (typeof value.url === 'string') out.url = scrub(value.url, secrets);
  if (depth < MAX_DEPTH) {
    if (value.cause !== undefined) out.cause = serialize(value.cause, secrets, depth + 1);
    if (Array.isArray(value.errors)) {
      out.errors = value.errors.slice(0, MAX_ERRORS).map((e) => serialize(e, secrets, depth + 1));
    }
  }
  return out;
}

/**
 * Pino's `err` serializer. `secrets` gives the configured secrets (API keys) to cut out of any
 * message literally, read at each call since endpoints can be added after start.
 */
export function createErrorSerializer(secrets: () => readonly string[] = () => []) {
  return (err: unknown): unknown => serialize(err, secrets(), 0);
}
